import { Ema } from '../indicators/ema';
import type { IndicatorDefinition } from '../indicators/indicator-feed';
import { RollingExtreme } from '../indicators/rolling-extreme';
import { RollingWindow } from '../indicators/rolling-window';
import { WilderRsi } from '../indicators/wilder-rsi';

/** The templates' indicators, keyed as the expression language writes them (docs/expressions.md). */

export const smaOfClose = (length: number): IndicatorDefinition => ({
  key: `sma(close,${length})`,
  create() {
    const window = new RollingWindow(length);
    return (_open, _high, _low, close) => {
      window.push(close);
      return window.mean();
    };
  },
});

export const stdevOfClose = (length: number): IndicatorDefinition => ({
  key: `stdev(close,${length})`,
  create() {
    const window = new RollingWindow(length);
    return (_open, _high, _low, close) => {
      window.push(close);
      return window.standardDeviation();
    };
  },
});

export const emaOfClose = (length: number): IndicatorDefinition => ({
  key: `ema(close,${length})`,
  create() {
    const ema = new Ema(length);
    return (_open, _high, _low, close) => ema.update(close);
  },
});

export const rsiOfClose = (length: number): IndicatorDefinition => ({
  key: `rsi(close,${length})`,
  create() {
    const rsi = new WilderRsi(length);
    return (_open, _high, _low, close) => rsi.update(close);
  },
});

/** The highest high (or lowest low) of the `length` bars before this one: the channel is read before this bar joins it. */
export const channelBefore = (kind: 'highest' | 'lowest', length: number): IndicatorDefinition => ({
  key: kind === 'highest' ? `highest(high,${length})[1]` : `lowest(low,${length})[1]`,
  create() {
    const extreme = new RollingExtreme(length, kind);
    return kind === 'highest'
      ? (_open, high) => {
          const value = extreme.value();
          extreme.push(high);
          return value;
        }
      : (_open, _high, low) => {
          const value = extreme.value();
          extreme.push(low);
          return value;
        };
  },
});
