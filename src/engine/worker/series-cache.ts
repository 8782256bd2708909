import type { SeriesStore } from '../indicators/indicator-feed';
import type { BacktestInput } from '../types';

/**
 * A sweep's 1,000 combinations over 525,600 bars use ~65 distinct indicator
 * series of 4.2 MB each; all of them would not fit the worker's 600 MB. 128 MiB
 * holds ~30 such series: the slow lengths a sweep cycles through and the fast
 * ones in use at the time (docs/backtests.md "Shared indicators").
 */
export const DEFAULT_SERIES_CACHE_BYTES = 128 * 1024 * 1024;

/** Series keys are `<symbol>[from,to) <indicator>`; an input's series are kept under that input's id. */
const entryKey = (inputId: number, key: string) => `${inputId}:${key}`;

interface Entry {
  inputId: number;
  key: string;
  values: Float64Array;
}

/**
 * The indicator series of the sweeps a process runs, for every engine thread:
 * a thread computes a series missing here once, the pool keeps it, and later
 * tasks for the same input carry its handle (the series sit on a
 * SharedArrayBuffer, so nothing is copied). Bounded by bytes: beyond
 * `maxBytes` the least recently used series go, and are computed again if a
 * later combination needs them. A series two threads computed at once is
 * kept once.
 */
export class SeriesCache {
  private readonly inputIds = new WeakMap<BacktestInput, number>();
  private nextInputId = 0;
  /** In order of last use, oldest first (a Map iterates in insertion order; a use re-inserts). */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Series received from the threads, kept or not: the computations a sweep needed. */
  computations = 0;

  constructor(readonly maxBytes: number) {}

  /** The id the input's series are kept under: one per input object, i.e. per sweep loaded in this process. */
  inputId(input: BacktestInput): number {
    let id = this.inputIds.get(input);
    if (id === undefined) {
      id = this.nextInputId++;
      this.inputIds.set(input, id);
    }
    return id;
  }

  /** Every series kept for the input, by series key, for a task to read. */
  seriesOf(inputId: number): Map<string, Float64Array> {
    const series = new Map<string, Float64Array>();
    for (const entry of this.entries.values()) if (entry.inputId === inputId) series.set(entry.key, entry.values);
    return series;
  }

  /** Drops the input's series: its sweep no longer runs in this process. */
  forget(input: BacktestInput): void {
    const inputId = this.inputIds.get(input);
    if (inputId === undefined) return;
    for (const [name, entry] of this.entries) {
      if (entry.inputId !== inputId) continue;
      this.entries.delete(name);
      this.bytes -= entry.values.byteLength;
    }
  }

  /** After a task: the series it read become the most recently used, and those it computed are kept. */
  record(inputId: number, used: readonly string[], computed: ReadonlyMap<string, Float64Array>): void {
    for (const key of used) {
      const entry = this.entries.get(entryKey(inputId, key));
      if (!entry) continue;
      this.entries.delete(entryKey(inputId, key));
      this.entries.set(entryKey(inputId, key), entry);
    }
    for (const [key, values] of computed) {
      this.computations++;
      if (this.entries.has(entryKey(inputId, key)) || values.byteLength > this.maxBytes) continue;
      this.entries.set(entryKey(inputId, key), { inputId, key, values });
      this.bytes += values.byteLength;
    }
    for (const [name, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(name);
      this.bytes -= entry.values.byteLength;
    }
  }
}

/** A task's view of the cache, in the engine thread: the series it was handed, and those it computes itself. */
export class TaskSeries implements SeriesStore {
  readonly used = new Set<string>();
  readonly computed = new Map<string, Float64Array>();

  constructor(private readonly given: ReadonlyMap<string, Float64Array>) {}

  get(key: string): Float64Array | undefined {
    const values = this.given.get(key);
    if (!values) return this.computed.get(key);
    this.used.add(key);
    return values;
  }

  add(key: string, values: Float64Array): void {
    this.computed.set(key, values);
  }
}
