// Typed-array loops: every slot index below was allocated by the compiler for this array, so `!` stands in for a guard that would cost speed.
import { Ema } from '../indicators/ema';
import { RollingExtreme } from '../indicators/rolling-extreme';
import { RollingWindow } from '../indicators/rolling-window';
import { WilderAtr } from '../indicators/wilder-atr';
import { WilderRsi } from '../indicators/wilder-rsi';
import type { Step } from './steps';

/**
 * The steps of the indicators computed in the expression's own loop (a job,
 * a live run, or a series a sweep computes): each reads its input's slot `x`
 * and writes its value to slot `out`. An input that is not a finite number
 * (an inner indicator still warming up) leaves the state as it is and gives NaN.
 */

/**
 * `sma(x, n)` or `stdev(x, n)` on a window that `sma` and `stdev` of the same
 * input and length share, as the Bollinger template's band does: the step
 * that `pushes` adds this bar's value, the other only reads the window after it.
 */
function windowStep(values: Float64Array, x: number, out: number, window: RollingWindow, measure: 'sma' | 'stdev', pushes: boolean): Step {
  const mean = measure === 'sma';
  if (!pushes) return () => (values[out] = Number.isFinite(values[x]!) ? (mean ? window.mean() : window.standardDeviation()) : NaN);
  return () => {
    const value = values[x]!;
    if (Number.isFinite(value)) {
      window.push(value);
      values[out] = mean ? window.mean() : window.standardDeviation();
    } else values[out] = NaN;
  };
}

/** The windows of `sma` and `stdev` in one compiler, by input slot and length. */
export type Windows = Map<string, RollingWindow>;

/** The step of `name(x, n)` (any indicator but `atr`), writing slot `out`. */
export function indicatorStep(name: string, values: Float64Array, x: number, n: number, out: number, windows: Windows): Step {
  switch (name) {
    case 'sma':
    case 'stdev': {
      const key = `${x},${n}`;
      const shared = windows.get(key);
      const window = shared ?? new RollingWindow(n);
      windows.set(key, window);
      return windowStep(values, x, out, window, name, shared === undefined);
    }
    case 'ema':
    case 'rsi':
    case 'highest':
    case 'lowest':
      return updatingStep(values, name, x, n, out);
    default:
      throw new Error(`function ${name} has no compiler`);
  }
}

/** `ema`, `rsi`, `highest` or `lowest` of slot `x` over `n` values. */
function updatingStep(values: Float64Array, name: 'ema' | 'rsi' | 'highest' | 'lowest', x: number, n: number, out: number): Step {
  switch (name) {
    case 'ema': {
      const ema = new Ema(n);
      return () => {
        const value = values[x]!;
        values[out] = Number.isFinite(value) ? ema.update(value) : NaN;
      };
    }
    case 'rsi': {
      const rsi = new WilderRsi(n);
      return () => {
        const value = values[x]!;
        values[out] = Number.isFinite(value) ? rsi.update(value) : NaN;
      };
    }
    case 'highest':
    case 'lowest': {
      const extreme = new RollingExtreme(n, name);
      return () => {
        const value = values[x]!;
        if (Number.isFinite(value)) {
          extreme.push(value);
          values[out] = extreme.value();
        } else values[out] = NaN;
      };
    }
  }
}

/** `atr(n)` of the bar's high, low and close (slots 1, 2, 3). */
export function atrStep(values: Float64Array, n: number, out: number): Step {
  const atr = new WilderAtr(n);
  return () => (values[out] = atr.update(values[1]!, values[2]!, values[3]!));
}
