import { simulate } from '../../src/engine/simulate';
import { formatDecimal } from '../../src/engine/wire-format';
import { backtestInput, candles, DAY_MS, HOUR_MS, JAN_1_2024, randomWalk } from './candle-factory';
import { defined } from '../support/defined';

const iso = (time: number) => new Date(time).toISOString();

describe('daily equity curve (contract §7)', () => {
  it('has one point per UTC date from the date of start to the date of end, at 00:00, valued at that instant, capital before start', () => {
    // Hourly bars from 05:00 on 1 January to 06:00 on 3 January.
    const start = JAN_1_2024 + 5 * HOUR_MS;
    const series = randomWalk(50, 11, start, HOUR_MS);
    const { result, barEquity } = simulate(backtestInput({ BTCUSDT: series }, { params: { fast: 1, slow: 2, side: 'both' } }));
    // 00:00 on 2 January is the close of the bar opened at 23:00 (bar 18); 00:00 on 3 January closes bar 42.
    expect(result.equity_curve).toEqual([
      [iso(JAN_1_2024), '1000'],
      [iso(JAN_1_2024 + DAY_MS), formatDecimal(defined(barEquity.equity[18], 'bar 18'))],
      [iso(JAN_1_2024 + 2 * DAY_MS), formatDecimal(defined(barEquity.equity[42], 'bar 42'))],
    ]);
    expect(result.equity_curve[1]?.[1]).not.toBe('1000');
  });

  it('includes the date of end when end is exactly 00:00, and nothing after it', () => {
    const series = randomWalk(72, 3, JAN_1_2024, HOUR_MS);
    const { result } = simulate(backtestInput({ BTCUSDT: series }, { start: JAN_1_2024 + 12 * HOUR_MS, end: JAN_1_2024 + 2 * DAY_MS }));
    expect(result.equity_curve.map(([time]) => time)).toEqual([iso(JAN_1_2024), iso(JAN_1_2024 + DAY_MS), iso(JAN_1_2024 + 2 * DAY_MS)]);
  });

  it('simulates the bars opening in [start, end): the strategy starts at start and the last bar closes at end', () => {
    const series = randomWalk(100, 5, JAN_1_2024, HOUR_MS);
    const { barEquity } = simulate(backtestInput({ BTCUSDT: series }, { start: JAN_1_2024 + 10 * HOUR_MS, end: JAN_1_2024 + 59 * HOUR_MS }));
    expect(barEquity.openTime[0]).toBe(JAN_1_2024 + 10 * HOUR_MS);
    expect(barEquity.openTime[barEquity.openTime.length - 1]).toBe(JAN_1_2024 + 58 * HOUR_MS);
    expect(barEquity.openTime).toHaveLength(49);
  });

  it('spans every date of a long range exactly once', () => {
    const series = randomWalk(91, 9, JAN_1_2024, DAY_MS);
    const { result } = simulate(backtestInput({ BTCUSDT: series }, { timeframe: '1d' }));
    // 91 daily bars end at 00:00 of the 92nd date, the curve's last point.
    expect(result.equity_curve.map(([time]) => time)).toEqual(Array.from({ length: 92 }, (_, day) => iso(JAN_1_2024 + day * DAY_MS)));
  });

  it('values a symbol whose data starts later at its share of the capital until its first bar closes', () => {
    const early = randomWalk(72, 1, JAN_1_2024, HOUR_MS);
    const late = randomWalk(24, 2, JAN_1_2024 + 36 * HOUR_MS, HOUR_MS);
    const { result } = simulate(backtestInput({ AAAUSDT: early, BBBUSDT: late }, { capital: '2000' }));
    const alone = simulate(backtestInput({ AAAUSDT: early }, { capital: '1000' }));
    // 2 January 00:00: BBB has no closed bar yet, so it counts 1000; AAA alone on 1000 gives its part.
    const aaa = Number(alone.result.equity_curve[1]?.[1]);
    expect(Number(result.equity_curve[1]?.[1])).toBeCloseTo(aaa + 1000, 7);
  });

  it('combines per-bar equity across symbols on one timeline', () => {
    const bars = candles([
      [100, 100, 100, 100],
      [100, 100, 100, 100],
    ]);
    const later = candles([[50, 50, 50, 50]], JAN_1_2024 + HOUR_MS);
    const { barEquity } = simulate(backtestInput({ AAAUSDT: bars, BBBUSDT: later }, { capital: '2000' }));
    expect(Array.from(barEquity.openTime)).toEqual([JAN_1_2024, JAN_1_2024 + HOUR_MS]);
    expect(Array.from(barEquity.equity)).toEqual([2000, 2000]);
  });
});
