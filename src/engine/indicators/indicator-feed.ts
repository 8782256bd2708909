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

/** Indicator series over a run's bars, by key: what the combinations of a sweep share. */
export interface SeriesStore {
  /** The series under `key`, already computed. */
  get(key: string): Float64Array | undefined;
  /** Memory for the `length` values of the series under `key`, to compute it into and keep it; undefined when it is not to be kept. */
  reserve(key: string, length: number): Float64Array | undefined;
  /** The series under `key` has been computed into the memory `reserve` gave. */
  add(key: string, values: Float64Array): void;
}

const computedSeries = new WeakMap<BarStep, Float64Array>();

/**
 * The values a stepper of `sharedFeed` reads, by bar of its run (0 = the
 * first), for a strategy that counts its bars itself and reads the series by
 * index instead of calling the stepper; undefined for a stepper that computes
 * as it goes, which must then be called once per bar.
 */
export function seriesOf(step: BarStep): Float64Array | undefined {
  return computedSeries.get(step);
}

/**
 * A sweep's feed over bars [from, to) of `candles`: each indicator's series
 * is read from `store`, or computed over the bars once (by the streaming
 * stepper itself, so the values are those a job computes) into the memory the
 * store reserves for it, and added. When the store reserves none, the
 * indicator streams as in a job: computed, never kept. `scope` names the bars
 * (symbol and range) within the store's input.
 */
export function sharedFeed(candles: CandleSeries, from: number, to: number, scope: string, store: SeriesStore): IndicatorFeed {
  const feed: IndicatorFeed = (definition) => {
    const key = `${scope} ${definition.key}`;
    let values = store.get(key);
    if (!values) {
      const reserved = store.reserve(key, to - from);
      if (!reserved) return definition.create(feed);
      computeSeries(definition.create(feed), candles, from, to, reserved);
      store.add(key, reserved);
      values = reserved;
    }
    const series = values;
    let bar = 0;
    const step: BarStep = () => series[bar++]!;
    computedSeries.set(step, series);
    return step;
  };
  return feed;
}

/** Decides, for a series `sharedFeed` will ask for, whether it is read ready (true) or computed (false), which is when its inner indicators are asked for too. */
export type SeriesPlanner = (key: string, length: number) => boolean;

const NOTHING: BarStep = () => NaN;

/**
 * Asks `planner` for every series `sharedFeed` would ask its store for, with
 * the same keys, in the same order, without reading a bar: a sweep's task
 * is planned before it runs (see SeriesCache).
 */
export function planningFeed(from: number, to: number, scope: string, planner: SeriesPlanner): IndicatorFeed {
  const feed: IndicatorFeed = (definition) => {
    if (!planner(`${scope} ${definition.key}`, to - from)) definition.create(feed);
    return NOTHING;
  };
  return feed;
}

function computeSeries(step: BarStep, candles: CandleSeries, from: number, to: number, values: Float64Array): void {
  const { open, high, low, close, volume } = candles;
  for (let bar = from; bar < to; bar++) values[bar - from] = step(open[bar]!, high[bar]!, low[bar]!, close[bar]!, volume[bar]!);
}
