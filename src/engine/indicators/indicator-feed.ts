// Typed-array loops: every index below is bounded by the loop or the array length, so `!` stands in for a guard that would cost speed.
import type { CandleSeries } from '../types';

/** Called once per closed bar, in order, with that bar's fields; returns an indicator's value at that bar (NaN while undefined). */
export type BarStep = (open: number, high: number, low: number, close: number, volume: number) => number;

/**
 * One indicator series of a strategy, e.g. `sma(close,10)`. Equal keys mean
 * equal values at every bar of the same run, so the key must name everything
 * the values depend on besides the bars (function, input, lengths).
 */
export interface IndicatorDefinition {
  readonly key: string;
  /** A stepper in its initial state; an indicator of another indicator takes that one from `feed`. */
  create(feed: IndicatorFeed): BarStep;
}

/** Gives a strategy a stepper for each indicator it uses; the strategy calls each stepper once per bar. */
export type IndicatorFeed = (definition: IndicatorDefinition) => BarStep;

/** Jobs and live runs: each indicator keeps its own state in its ring buffers and is updated bar by bar. */
export const streamingFeed: IndicatorFeed = (definition) => definition.create(streamingFeed);

/** Indicator series already computed over a run's bars, by key: what the combinations of a sweep share. */
export interface SeriesStore {
  get(key: string): Float64Array | undefined;
  add(key: string, values: Float64Array): void;
}

/**
 * A sweep's feed over bars [from, to) of `candles`: each indicator's series
 * is read from `store`, or computed over the bars once (by the streaming
 * stepper itself, so the values are those a job computes) and added to it.
 * `scope` names the bars (symbol and range) within the store's input. The
 * series sit on a SharedArrayBuffer, so one computed by an engine thread can
 * be handed to every other thread.
 */
export function sharedFeed(candles: CandleSeries, from: number, to: number, scope: string, store: SeriesStore): IndicatorFeed {
  const feed: IndicatorFeed = (definition) => {
    const key = `${scope} ${definition.key}`;
    let values = store.get(key);
    if (!values) {
      values = computeSeries(definition.create(feed), candles, from, to);
      store.add(key, values);
    }
    const series = values;
    let bar = 0;
    return () => series[bar++]!;
  };
  return feed;
}

function computeSeries(step: BarStep, candles: CandleSeries, from: number, to: number): Float64Array {
  const { open, high, low, close, volume } = candles;
  const values = new Float64Array(new SharedArrayBuffer((to - from) * Float64Array.BYTES_PER_ELEMENT));
  for (let bar = from; bar < to; bar++) values[bar - from] = step(open[bar]!, high[bar]!, low[bar]!, close[bar]!, volume[bar]!);
  return values;
}
