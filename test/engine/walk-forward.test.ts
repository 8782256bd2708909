import { simulate } from '../../src/engine/simulate';
import { chainTestParts, walkForwardWindows } from '../../src/engine/walk-forward';
import { defined } from '../support/defined';
import { backtestInput, randomWalk } from './candle-factory';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const dates = (window: { trainStart: number; trainEnd: number; testStart: number; testEnd: number }) =>
  [window.trainStart, window.trainEnd, window.testStart, window.testEnd].map((time) => new Date(time).toISOString().slice(0, 10));

describe('walk-forward windows (contract §13)', () => {
  it('hand-worked: 1 Jan to 1 Mar 2024 (60 days), train 30, test 10 → three windows stepping by 10 days', () => {
    expect(walkForwardWindows(day('2024-01-01'), day('2024-03-01'), 30, 10).map(dates)).toEqual([
      ['2024-01-01', '2024-01-31', '2024-01-31', '2024-02-10'],
      ['2024-01-11', '2024-02-10', '2024-02-10', '2024-02-20'],
      ['2024-01-21', '2024-02-20', '2024-02-20', '2024-03-01'],
    ]);
  });

  it('a test part that would end after `end` is left out; none fit → no windows', () => {
    // 1 Mar 2024 minus one day: the third window's test part (to 1 Mar) no longer fits.
    expect(walkForwardWindows(day('2024-01-01'), day('2024-02-29'), 30, 10)).toHaveLength(2);
    expect(walkForwardWindows(day('2024-01-01'), day('2024-01-31'), 30, 10)).toEqual([]);
  });

  it('the test parts chained: one part gives its own metrics; two parts add their trades', () => {
    const series = randomWalk(60 * 24 * 20, 11, day('2024-01-01'));
    const input = backtestInput({ BTCUSDT: series }, { timeframe: '1m', params: { fast: 30, slow: 120 } });
    const first = { params: { fast: 30, slow: 120 }, start: day('2024-01-01'), end: day('2024-01-10') };
    const second = { params: { fast: 60, slow: 240 }, start: day('2024-01-10'), end: day('2024-01-20') };
    const alone = simulate({ ...input, config: { ...input.config, ...first } }).result.metrics;
    const one = chainTestParts(input, [first]);
    expect(one.testMetrics).toEqual([alone]);
    expect(one.oosMetrics).toEqual(alone);
    const two = chainTestParts(input, [first, second]);
    const [firstMetrics, secondMetrics] = [defined(two.testMetrics[0], 'the first part'), defined(two.testMetrics[1], 'the second part')];
    expect(firstMetrics).toEqual(alone);
    expect(two.oosMetrics.total_trades).toBe(firstMetrics.total_trades + secondMetrics.total_trades);
    expect(secondMetrics.total_trades).toBeGreaterThan(0);
    expect(Number(two.oosMetrics.max_drawdown)).toBeGreaterThanOrEqual(Math.max(...two.testMetrics.map((metrics) => Number(metrics.max_drawdown))) - 1e-8);
  });
});
