import { simulate } from '../../src/engine/simulate';
import type { BacktestConfig, BacktestTrade } from '../../src/engine/types';
import { backtestInput, barsFromCloses, candles, funding, HOUR_MS, JAN_1_2024, UP_THEN_DOWN, type Bar } from './candle-factory';
import { closeTo } from '../support/matchers';

const at = (hours: number) => new Date(JAN_1_2024 + hours * HOUR_MS).toISOString();

/** The long of `UP_THEN_DOWN` at 102, out at 98: excursions over bars 3-4 (highs 103, lows 100) and the exit price 98. */
const FIRST_LONG: Partial<BacktestTrade> = {
  entry_time: at(3),
  entry_price: '102',
  exit_time: at(5),
  exit_price: '98',
  qty: '9.80392157',
  mae: '-0.03921569',
  mfe: '0.00980392',
};

/** Falls, rises (long at bar 3's open, 100), then bar 4 tests the exits; bar 4 keeps rising so no new signal follows. */
function exitBar(bar4: Bar): Bar[] {
  return [[100, 100, 100, 100], [100, 100, 99, 99], [99, 100, 99, 100], [100, 100.5, 99.5, 100.5], bar4, [101, 101, 101, 101]];
}

function run(bars: Bar[], config: Partial<BacktestConfig> = {}, fundingEvents: [number, number][] = []) {
  return simulate(backtestInput({ BTCUSDT: candles(bars) }, config, { BTCUSDT: funding(fundingEvents) }));
}

function trade(overrides: Partial<BacktestTrade>): BacktestTrade {
  return { id: 1, side: 'long', symbol: 'BTCUSDT', funding: '0', exit_reason: 'signal', ...overrides } as BacktestTrade;
}

describe('simulate: hand-worked trades (contract §7 execution)', () => {
  it('enters at the open after the signal bar, exits at the open after the exit signal, fees on notional', () => {
    const { result, barEquity } = run(UP_THEN_DOWN, { feeModel: 'fixed_bps', feeBps: '10' });
    // qty = 1000/102; entry fee 1000 × 10 bps = 1; exit fee qty × 98 × 10 bps = 0.96078431; gross qty × (98 − 102).
    expect(result.trades).toEqual([trade({ ...FIRST_LONG, pnl: '-41.17647059', fee: '1.96078431' })]);
    const expected = [1000, 1000, 1000, 999 + 1000 / 102, 999 - 2000 / 102, 958.8235294117646, 958.8235294117646];
    expect(Array.from(barEquity.equity)).toEqual(expected.map((value) => closeTo(value, 9)));
    expect(Array.from(barEquity.openTime)).toEqual(UP_THEN_DOWN.map((_, bar) => JAN_1_2024 + bar * HOUR_MS));
  });

  it('charges funding on the open position at each funding time, marked at that bar’s open; none while flat', () => {
    // 02:00 is before the entry, 05:00 is after the exit at 05:00's open; only 04:00 counts: qty × 103 × 0.001.
    const { result } = run(UP_THEN_DOWN, { feeModel: 'fixed_bps', feeBps: '10' }, [
      [JAN_1_2024 + 2 * HOUR_MS, 0.01],
      [JAN_1_2024 + 4 * HOUR_MS, 0.001],
      [JAN_1_2024 + 5 * HOUR_MS, 0.5],
    ]);
    expect(result.trades).toHaveLength(1);
    expect(result.trades[0]).toMatchObject({ pnl: '-42.18627451', fee: '1.96078431', funding: '1.00980392' });
  });

  it('trades the short side: enters on a downward cross, pays the position at the last close when still open at end, receives positive funding', () => {
    const { result } = run(UP_THEN_DOWN, { params: { fast: 1, slow: 2, side: 'short' } }, [[JAN_1_2024 + 6 * HOUR_MS, 0.001]]);
    // Short 1000/98 at 98 (05:00), closed at the last bar's close 97 at its close time 07:00; receives qty × 97 × 0.001.
    // Bars 5-6 range 97-98: a short's mae 1 − 98/98, mfe 1 − 97/98.
    expect(result.trades).toEqual([
      trade({
        side: 'short',
        entry_time: at(5),
        entry_price: '98',
        exit_time: at(7),
        exit_price: '97',
        qty: '10.20408163',
        pnl: '11.19387755',
        fee: '0',
        funding: '-0.98979592',
        exit_reason: 'end',
        mae: '0',
        mfe: '0.01020408',
      }),
    ]);
  });

  it('with side both, a downward cross closes the long and opens a short at the same open, sized on the equity after the close', () => {
    const { result } = run(UP_THEN_DOWN, { params: { fast: 1, slow: 2, side: 'both' }, feeModel: 'fixed_bps', feeBps: '10' });
    // Short notional 958.82352941 (cash after the long), qty /98; closed at 97 at the end.
    expect(result.trades).toEqual([
      trade({ id: 1, ...FIRST_LONG, pnl: '-41.17647059', fee: '1.96078431' }),
      trade({
        id: 2,
        side: 'short',
        entry_time: at(5),
        entry_price: '98',
        exit_time: at(7),
        exit_price: '97',
        qty: '9.78391357',
        pnl: '7.87605042',
        fee: '1.90786315',
        exit_reason: 'end',
        mae: '0',
        mfe: '0.01020408',
      }),
    ]);
  });

  const stops = { fast: 1, slow: 2, stop_loss_pct: 5, take_profit_pct: 5 };

  // Bar 3 (100-100.5 range, held) counts toward every exit below; bar 4 only when the exit is inside it, not at its open.
  it.each([
    // Long 10 at 100 (taker 5 bps = 0.5): stop 95, take-profit 105.
    [
      'a bar touching both levels exits at the stop-loss (checked first), taker fee',
      [100.5, 106, 94, 101],
      { exit_time: at(5), exit_price: '95', pnl: '-50.975', fee: '0.975', exit_reason: 'stop_loss', mae: '-0.06', mfe: '0.06' },
    ],
    [
      'a bar reaching only the take-profit exits at its price with the maker fee',
      [100.5, 106, 99, 101],
      { exit_time: at(5), exit_price: '105', pnl: '49.29', fee: '0.71', exit_reason: 'take_profit', mae: '-0.01', mfe: '0.06' },
    ],
    [
      'a bar opening through the stop fills at its open, stamped at the open',
      [90, 91, 89, 90.5],
      { exit_time: at(4), exit_price: '90', pnl: '-100.95', fee: '0.95', exit_reason: 'stop_loss', mae: '-0.1', mfe: '0.005' },
    ],
  ] as const)('%s', (_name, bar4, expected) => {
    const { result } = run(exitBar([...bar4]), { params: stops, feeModel: 'tiered_maker_taker' });
    expect(result.trades).toEqual([trade({ entry_time: at(3), entry_price: '100', qty: '10', ...expected })]);
  });

  it('does not re-enter after a stop while the strategy still wants the position', () => {
    const bars = exitBar([100.5, 106, 94, 101]);
    bars.push([101, 102, 101, 102], [102, 103, 102, 103]);
    expect(run(bars, { params: stops }).result.trades).toHaveLength(1);
  });

  it('liquidates a position whose loss reaches its margin, before a more distant stop-loss', () => {
    // Leverage 10, half the equity as margin: notional 5000, qty 50, margin 500 → liquidation at 100 − 500/50 = 90.
    const { result, barEquity } = run(exitBar([99, 99, 89, 95]), { leverage: 10, params: { fast: 1, slow: 2, position_size: 0.5, stop_loss_pct: 15 } });
    expect(result.trades).toEqual([
      trade({
        entry_time: at(3),
        entry_price: '100',
        exit_time: at(5),
        exit_price: '90',
        qty: '50',
        pnl: '-500',
        fee: '0',
        exit_reason: 'liquidation',
        mae: '-0.11',
        mfe: '0.005',
      }),
    ]);
    expect(barEquity.equity[barEquity.equity.length - 1]).toBe(500);
  });

  it('counts funding paid toward the loss that liquidates', () => {
    // 50 × 99 × 0.01 = 49.5 paid at 04:00 → liquidation at 100 − (500 − 49.5)/50 = 90.99; the loss is the whole margin.
    const { result } = run(exitBar([99, 99, 90.5, 95]), { leverage: 10, params: { fast: 1, slow: 2, position_size: 0.5 } }, [[JAN_1_2024 + 4 * HOUR_MS, 0.01]]);
    expect(result.trades[0]).toMatchObject({ exit_price: '90.99', pnl: '-500' });
  });

  it('splits capital equally across symbols, lists all trades by exit time with ids 1..n and reports the combined account', () => {
    const second: Bar[] = barsFromCloses([100, 99, 101, 99, 100, 100, 100], 100);
    second[3] = [101, 101, 99, 99];
    second[4] = [100, 100, 100, 100];
    const { result, barEquity } = simulate(backtestInput({ AAAUSDT: candles(UP_THEN_DOWN), BBBUSDT: candles(second) }, { capital: '2000' }));
    // BBB: long 1000/101 at 101 (03:00) → exit 100 at 04:00; long again at 05:00's open 100 → closed at 100 at the end.
    expect(result.trades.map((row) => [row.id, row.symbol, row.exit_time, row.qty, row.pnl])).toEqual([
      [1, 'BBBUSDT', at(4), '9.9009901', '-9.9009901'],
      [2, 'AAAUSDT', at(5), '9.80392157', '-39.21568627'],
      [3, 'BBBUSDT', at(7), '9.9009901', '0'],
    ]);
    expect(barEquity.equity[barEquity.equity.length - 1]).toBeCloseTo(2000 - 4000 / 102 - 1000 / 101, 9);
    expect(result.metrics.total_trades).toBe(3);
  });

  it('fills a liquidation at the open when the bar opens beyond it, then stays flat with no equity left', () => {
    const bars = exitBar([80, 81, 79, 80]);
    bars.push(...barsFromCloses([94, 96, 97, 95, 97], 95));
    const { result } = run(bars, { leverage: 10 });
    // Leverage 10: qty 100, liquidation at 90; the bar opens at 80, so the loss exceeds the margin; later signals find no equity.
    expect(result.trades).toEqual([
      trade({
        entry_time: at(3),
        entry_price: '100',
        exit_time: at(4),
        exit_price: '80',
        qty: '100',
        pnl: '-2000',
        fee: '0',
        exit_reason: 'liquidation',
        mae: '-0.2',
        mfe: '0.005',
      }),
    ]);
    expect(result.metrics.cagr).toBe('-1');
  });
});
