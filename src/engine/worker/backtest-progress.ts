/** Fractions are stored as integers so reads and writes are atomic across threads. */
const SCALE = 1_000_000_000;

/**
 * A run's progress in shared memory: the worker writes the fraction of bars
 * simulated, any thread reads it without messages. The job layer polls it
 * (e.g. each second) to update the job's `progress`.
 */
export class BacktestProgress {
  readonly buffer: SharedArrayBuffer;
  private readonly cell: Int32Array;

  constructor(buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)) {
    this.buffer = buffer;
    this.cell = new Int32Array(buffer);
  }

  /** In [0, 1]. */
  get fraction(): number {
    return Atomics.load(this.cell, 0) / SCALE;
  }

  set fraction(value: number) {
    Atomics.store(this.cell, 0, Math.round(Math.min(1, Math.max(0, value)) * SCALE));
  }
}
