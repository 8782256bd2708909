import { drawdownPeriods, monthlyReturns } from '../../src/engine/curve-report';
import { simulate } from '../../src/engine/simulate';
import type { BacktestInput, BacktestReport, BacktestResult, BacktestTrade, CandleSeries, FundingSeries } from '../../src/engine/types';
import { backtestInput, candles, DAY_MS, HOUR_MS, JAN_1_2024, randomWalk, UP_THEN_DOWN, type Bar } from './candle-factory';
import { defined } from '../support/defined';

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
const iso = (time: number) => new Date(time).toISOString();
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The engine's contract §18 report of a run, which simulate always writes. */
function reportOf(result: BacktestResult): BacktestReport {
  return defined(result.report, 'the report');
}

describe('backtest report (contract §18): hand-worked', () => {
  // One long at 102 (03:00) out at 98 (05:00) on 7 hourly bars, 10 bps fees.
  const bars = UP_THEN_DOWN;

  it('summary and per-symbol figures of a one-trade run', () => {
    const report = reportOf(simulate(backtestInput({ BTCUSDT: candles(bars) }, { feeModel: 'fixed_bps', feeBps: '10' })).result);
    expect(report.summary).toEqual({
      total_return: '-0.04117647', // 958.82352941 / 1000 − 1
      buy_and_hold_return: '-0.03', // last close 97 / first open 100 − 1
      exposure: '0.28571429', // bars 03:00 and 04:00 of 7
      total_fees: '1.96078431',
      total_funding: '0',
      long_trades: 1,
      short_trades: 0,
      best_trade: '-41.17647059',
      worst_trade: '-41.17647059',
      avg_trade_duration_s: 7200,
      max_consecutive_wins: 0,
      max_consecutive_losses: 1,
    });
    expect(report.per_symbol).toEqual([{ symbol: 'BTCUSDT', trades: 1, win_rate: '0', pnl: '-41.17647059', fees: '1.96078431', funding: '0' }]);
    // The window ends at 07:00 on 1 January: the curve is that date's 00:00 point alone.
    expect(report.monthly_returns).toEqual([{ month: '2024-01', return: '0' }]);
    expect(report.drawdowns).toEqual([]);
  });

  it('a run without trades reports zeros where a figure is undefined', () => {
    const flat: Bar[] = Array.from({ length: 5 }, () => [100, 100, 100, 100]);
    const report = reportOf(simulate(backtestInput({ BTCUSDT: candles(flat) })).result);
    expect(report.summary).toMatchObject({ total_return: '0', exposure: '0', best_trade: '0', worst_trade: '0', avg_trade_duration_s: 0 });
    expect(report.per_symbol).toEqual([{ symbol: 'BTCUSDT', trades: 0, win_rate: '0', pnl: '0', fees: '0', funding: '0' }]);
  });

  it('monthly returns and drawdowns of a hand-made daily curve', () => {
    const days = Float64Array.from(['2024-01-30', '2024-01-31', '2024-02-01', '2024-02-02', '2024-02-03', '2024-02-04', '2024-03-01'].map(day));
    const equity = Float64Array.from([100, 120, 90, 130, 117, 104, 110]);
    // January 120/100; February 104/120; March 110/104: they compound to 110/100.
    expect(monthlyReturns(days, equity)).toEqual([
      { month: '2024-01', return: '0.2' },
      { month: '2024-02', return: '-0.13333333' },
      { month: '2024-03', return: '0.05769231' },
    ]);
    // 120 → 90, back above at 130; then 130 → 104, not recovered.
    expect(drawdownPeriods(days, equity)).toEqual([
      { peak_time: iso(day('2024-01-31')), trough_time: iso(day('2024-02-01')), recovery_time: iso(day('2024-02-02')), depth: '0.25' },
      { peak_time: iso(day('2024-02-02')), trough_time: iso(day('2024-02-04')), recovery_time: null, depth: '0.2' },
    ]);
  });

  it('lists the five deepest drawdowns, deepest first, the earlier of equal depths first', () => {
    // Six dips from 100 of depths 10, 30, 20, 30, 5, 40 %, each recovered at the next point.
    const equity = Float64Array.from([100, 90, 100, 70, 100, 80, 100, 70, 100, 95, 100, 60, 100]);
    const days = Float64Array.from(equity, (_, index) => JAN_1_2024 + index * DAY_MS);
    expect(drawdownPeriods(days, equity).map((row) => [row.depth, row.trough_time])).toEqual([
      ['0.4', iso(JAN_1_2024 + 11 * DAY_MS)],
      ['0.3', iso(JAN_1_2024 + 3 * DAY_MS)],
      ['0.3', iso(JAN_1_2024 + 7 * DAY_MS)],
      ['0.2', iso(JAN_1_2024 + 5 * DAY_MS)],
      ['0.1', iso(JAN_1_2024 + 1 * DAY_MS)],
    ]);
  });
});

/** Funding every 8 hours at rates that change sign. */
function eightHourly(start: number, count: number): FundingSeries {
  return {
    time: Float64Array.from({ length: count }, (_, index) => start + index * 8 * HOUR_MS),
    rate: Float64Array.from({ length: count }, (_, index) => ((index % 3) - 1) * 0.0003),
  };
}

/** Bars of `series` opening in the job's window. */
function windowBars(series: CandleSeries, input: BacktestInput): number[] {
  return Array.from(series.openTime.keys()).filter((bar) => series.openTime[bar]! >= input.config.start && series.openTime[bar]! < input.config.end);
}

describe('backtest report (contract §18): every figure recomputed from the trades, the curve and the candles', () => {
  const start = day('2024-01-20');
  const series: Record<string, CandleSeries> = {
    AAAUSDT: randomWalk(2400, 31, start, HOUR_MS, 100),
    BBBUSDT: randomWalk(1800, 32, start + 300 * HOUR_MS, HOUR_MS, 50),
  };
  const input = backtestInput(
    series,
    {
      params: { fast: 10, slow: 40, side: 'both' },
      feeModel: 'tiered_maker_taker',
      leverage: 2,
      capital: '5000',
      start: start + 5 * HOUR_MS,
      end: start + 2300 * HOUR_MS,
    },
    { AAAUSDT: eightHourly(start, 300), BBBUSDT: eightHourly(start, 300) },
  );
  const { result } = simulate(input);
  const report = reportOf(result);
  const trades: BacktestTrade[] = result.trades;
  const pnl = trades.map((trade) => Number(trade.pnl));
  const close = (reported: string | number, expected: number, tolerance = 1e-6) =>
    expect(Math.abs(Number(reported) - expected)).toBeLessThanOrEqual(tolerance * Math.max(1, Math.abs(expected)));

  it('has enough trades, wins, losses and months for the checks to mean something', () => {
    expect(trades.length).toBeGreaterThan(50);
    expect(pnl.some((value) => value > 0) && pnl.some((value) => value <= 0)).toBe(true);
    expect(report.monthly_returns.length).toBeGreaterThanOrEqual(4);
    expect(report.drawdowns.length).toBeGreaterThan(2);
  });

  it('summary', () => {
    const { summary } = report;
    close(summary.total_return, (5000 + sum(pnl)) / 5000 - 1);
    const holds = Object.values(series).map((candlesOf) => {
      const inWindow = windowBars(candlesOf, input);
      return candlesOf.close[inWindow[inWindow.length - 1]!]! / candlesOf.open[inWindow[0]!]! - 1;
    });
    close(summary.buy_and_hold_return, sum(holds) / holds.length);
    let exposed = 0;
    let total = 0;
    for (const [symbol, candlesOf] of Object.entries(series)) {
      for (const bar of windowBars(candlesOf, input)) {
        total++;
        const open = candlesOf.openTime[bar]!;
        if (trades.some((trade) => trade.symbol === symbol && Date.parse(trade.entry_time) <= open && open < Date.parse(trade.exit_time))) exposed++;
      }
    }
    close(summary.exposure, exposed / total);
    close(summary.total_fees, sum(trades.map((trade) => Number(trade.fee))));
    close(summary.total_funding, sum(trades.map((trade) => Number(trade.funding))));
    expect(Number(summary.total_funding)).not.toBe(0);
    expect(summary.long_trades).toBe(trades.filter((trade) => trade.side === 'long').length);
    expect(summary.short_trades).toBe(trades.filter((trade) => trade.side === 'short').length);
    close(summary.best_trade, Math.max(...pnl));
    close(summary.worst_trade, Math.min(...pnl));
    const durations = trades.map((trade) => (Date.parse(trade.exit_time) - Date.parse(trade.entry_time)) / 1000);
    expect(summary.avg_trade_duration_s).toBe(Math.round(sum(durations) / trades.length));
    // Streaks over the trades as listed, which is exit-time order.
    let longestWins = 0;
    let longestLosses = 0;
    let streak = 0;
    let winning = false;
    for (const value of pnl) {
      streak = value > 0 === winning ? streak + 1 : 1;
      winning = value > 0;
      if (winning) longestWins = Math.max(longestWins, streak);
      else longestLosses = Math.max(longestLosses, streak);
    }
    expect([summary.max_consecutive_wins, summary.max_consecutive_losses]).toEqual([longestWins, longestLosses]);
  });

  it('per_symbol, in the job symbol order, adding up to the trades', () => {
    expect(report.per_symbol.map((row) => row.symbol)).toEqual(['AAAUSDT', 'BBBUSDT']);
    for (const row of report.per_symbol) {
      const own = trades.filter((trade) => trade.symbol === row.symbol);
      expect(row.trades).toBe(own.length);
      close(row.win_rate, own.filter((trade) => Number(trade.pnl) > 0).length / own.length);
      close(row.pnl, sum(own.map((trade) => Number(trade.pnl))));
      close(row.fees, sum(own.map((trade) => Number(trade.fee))));
      close(row.funding, sum(own.map((trade) => Number(trade.funding))));
    }
    close(sum(report.per_symbol.map((row) => Number(row.pnl))), sum(pnl));
  });

  it('monthly_returns: each month of the curve, compounding to its last point over its first', () => {
    const curve = result.equity_curve.map(([time, value]) => ({ month: time.slice(0, 7), value: Number(value) }));
    const months = [...new Set(curve.map((point) => point.month))];
    let before = curve[0]!.value;
    const expected = months.map((month) => {
      const last = curve.filter((point) => point.month === month).pop()!.value;
      const monthly = last / before - 1;
      before = last;
      return { month, monthly };
    });
    expect(report.monthly_returns.map((row) => row.month)).toEqual(months);
    report.monthly_returns.forEach((row, index) => close(row.return, expected[index]!.monthly));
    const compounded = report.monthly_returns.reduce((growth, row) => growth * (1 + Number(row.return)), 1);
    close(compounded, curve[curve.length - 1]!.value / curve[0]!.value);
  });

  it('drawdowns: the deepest non-overlapping stretches below the running peak of the curve', () => {
    const points = result.equity_curve.map(([time, value]) => ({ time, value: Number(value) }));
    const stretches: { peak_time: string; trough_time: string; recovery_time: string | null; depth: number }[] = [];
    let peak = points[0]!;
    let current: (typeof stretches)[number] | undefined;
    for (const point of points.slice(1)) {
      if (point.value >= peak.value) {
        if (current) current.recovery_time = point.time;
        current = undefined;
        peak = point;
      } else {
        const depth = 1 - point.value / peak.value;
        if (!current) stretches.push((current = { peak_time: peak.time, trough_time: point.time, recovery_time: null, depth }));
        else if (depth > current.depth) Object.assign(current, { trough_time: point.time, depth });
      }
    }
    const deepest = [...stretches].sort((a, b) => b.depth - a.depth).slice(0, 5);
    expect(report.drawdowns.map(({ depth, ...times }) => times)).toEqual(deepest.map(({ depth, ...times }) => times));
    report.drawdowns.forEach((row, index) => close(row.depth, deepest[index]!.depth));
  });
});
