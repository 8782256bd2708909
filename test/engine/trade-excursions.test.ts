import { simulate } from '../../src/engine/simulate';
import type { BacktestTrade, CandleSeries, FundingSeries } from '../../src/engine/types';
import { backtestInput, HOUR_MS, JAN_1_2024, randomWalk } from './candle-factory';

/** Funding every 8 hours at rates that change sign, so trades both pay and receive. */
function eightHourly(count: number): FundingSeries {
  return {
    time: Float64Array.from({ length: count }, (_, index) => JAN_1_2024 + index * 8 * HOUR_MS + 1),
    rate: Float64Array.from({ length: count }, (_, index) => ((index % 3) - 1) * 0.0004),
  };
}

/** Contract §18, written from the definition: bars opening in [entry_time, exit_time), then the exit price. */
function excursions(trade: BacktestTrade, series: CandleSeries): { mae: number; mfe: number } {
  const entry = Date.parse(trade.entry_time);
  const exit = Date.parse(trade.exit_time);
  const highs = [Number(trade.exit_price)];
  const lows = [Number(trade.exit_price)];
  series.openTime.forEach((time, bar) => {
    if (time >= entry && time < exit) {
      highs.push(series.high[bar]!);
      lows.push(series.low[bar]!);
    }
  });
  const entryPrice = Number(trade.entry_price);
  const high = Math.max(...highs) / entryPrice;
  const low = Math.min(...lows) / entryPrice;
  return trade.side === 'long' ? { mae: low - 1, mfe: high - 1 } : { mae: 1 - high, mfe: 1 - low };
}

/** Each funding event falls in one bar; the position pays it if it was open after that bar's open fill (valued at that open). */
function fundingOf(trade: BacktestTrade, series: CandleSeries, events: FundingSeries): number {
  const entry = Date.parse(trade.entry_time);
  const exit = Date.parse(trade.exit_time);
  const direction = trade.side === 'long' ? 1 : -1;
  let paid = 0;
  events.time.forEach((time, index) => {
    const bar = series.openTime.findIndex((open) => open <= time && time < open + HOUR_MS);
    const open = series.openTime[bar]!;
    if (bar >= 0 && open >= entry && open < exit) paid += direction * Number(trade.qty) * series.open[bar]! * events.rate[index]!;
  });
  return paid;
}

describe('trade excursions and funding (contract §18)', () => {
  const series = randomWalk(600, 17, JAN_1_2024, HOUR_MS);
  const events = eightHourly(75);
  const { result } = simulate(
    backtestInput(
      { BTCUSDT: series },
      { params: { fast: 3, slow: 9, side: 'both', stop_loss_pct: 0.4, take_profit_pct: 0.5 }, feeModel: 'tiered_maker_taker' },
      { BTCUSDT: events },
    ),
  );

  it('covers longs and shorts and every kind of exit, so the checks below are not vacuous', () => {
    expect(new Set(result.trades.map((trade) => trade.side))).toEqual(new Set(['long', 'short']));
    expect(new Set(result.trades.map((trade) => trade.exit_reason))).toEqual(new Set(['signal', 'stop_loss', 'take_profit', 'end']));
    expect(result.trades.filter((trade) => Number(trade.funding) > 0).length).toBeGreaterThan(0);
    expect(result.trades.filter((trade) => Number(trade.funding) < 0).length).toBeGreaterThan(0);
  });

  it('mae and mfe are the excursions over the bars opening in [entry_time, exit_time) and the exit price; mae ≤ 0 ≤ mfe', () => {
    for (const trade of result.trades) {
      const expected = excursions(trade, series);
      expect(Number(trade.mae)).toBeCloseTo(expected.mae, 8);
      expect(Number(trade.mfe)).toBeCloseTo(expected.mfe, 8);
      expect(Number(trade.mae)).toBeLessThanOrEqual(0);
      expect(Number(trade.mfe)).toBeGreaterThanOrEqual(0);
    }
  });

  it('funding is what the position paid (negative when received), and pnl includes it', () => {
    for (const trade of result.trades) {
      expect(Number(trade.funding)).toBeCloseTo(fundingOf(trade, series, events), 7);
      const direction = trade.side === 'long' ? 1 : -1;
      const gross = direction * Number(trade.qty) * (Number(trade.exit_price) - Number(trade.entry_price));
      expect(Number(trade.pnl)).toBeCloseTo(gross - Number(trade.fee) - Number(trade.funding), 6);
    }
  });
});
