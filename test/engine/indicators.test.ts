import { Ema } from '../../src/engine/indicators/ema';
import { RollingExtreme } from '../../src/engine/indicators/rolling-extreme';
import { RollingWindow } from '../../src/engine/indicators/rolling-window';
import { WilderRsi } from '../../src/engine/indicators/wilder-rsi';
import { randomWalk } from './candle-factory';

const values = Array.from(randomWalk(5000, 4, 0, 60_000, 40_000).close);

describe('streaming indicators against direct computation', () => {
  it.each([1, 7, 50])('a rolling window of %i gives the mean and population deviation of its last values, without drift', (length) => {
    const window = new RollingWindow(length);
    values.forEach((value, index) => {
      window.push(value);
      const last = values.slice(Math.max(0, index + 1 - length), index + 1);
      if (last.length < length) {
        expect(window.mean()).toBeNaN();
        return;
      }
      const mean = last.reduce((sum, x) => sum + x, 0) / length;
      const deviation = Math.sqrt(last.reduce((sum, x) => sum + (x - mean) ** 2, 0) / length);
      expect(window.mean()).toBeCloseTo(mean, 8);
      expect(window.standardDeviation()).toBeCloseTo(deviation, 6);
    });
  });

  it.each([
    [1, 'highest'],
    [5, 'highest'],
    [20, 'lowest'],
  ] as const)('a rolling extreme of %i gives the %s of its last values', (length, kind) => {
    const extreme = new RollingExtreme(length, kind);
    const pick = kind === 'highest' ? Math.max : Math.min;
    values.forEach((value, index) => {
      extreme.push(value);
      if (index + 1 < length) expect(extreme.value()).toBeNaN();
      else expect(extreme.value()).toBe(pick(...values.slice(index + 1 - length, index + 1)));
    });
  });

  it('an EMA is seeded with the simple mean, then smoothed with α = 2/(n+1)', () => {
    const ema = new Ema(3);
    expect([2, 4, 6, 10, 10].map((value) => ema.update(value))).toEqual([NaN, NaN, 4, 7, 8.5]);
  });

  it("Wilder's RSI: simple mean of the first changes, then (avg·(n−1) + x)/n; 100 with no loss, 50 when flat", () => {
    const rsi = new WilderRsi(2);
    // gains/losses: +2, −1 → 1/0.5 → RSI 66.67; then −1 → 0.5/0.75 → 40.
    expect([10, 12, 11, 10].map((close) => rsi.update(close))).toEqual([NaN, NaN, expect.closeTo(200 / 3, 10), expect.closeTo(40, 10)]);
    const rising = new WilderRsi(2);
    expect([1, 2, 3].map((close) => rising.update(close))[2]).toBe(100);
    const flat = new WilderRsi(2);
    expect([1, 1, 1].map((close) => flat.update(close))[2]).toBe(50);
  });
});
