// Typed-array loops: every index below is bounded by the loop or the array length, so `!` stands in for a guard that would cost speed.
/**
 * Highest (or lowest) of the last `length` values: a monotonic deque held in
 * two preallocated ring buffers, O(1) amortised per value.
 */
export class RollingExtreme {
  /** Values are stored multiplied by `sign`, so one "keep the largest" deque serves both kinds. */
  private readonly sign: number;
  private readonly values: Float64Array;
  private readonly positions: Float64Array;
  private head = 0;
  private size = 0;
  private pushed = 0;

  constructor(
    readonly length: number,
    kind: 'highest' | 'lowest',
  ) {
    this.sign = kind === 'highest' ? 1 : -1;
    this.values = new Float64Array(length);
    this.positions = new Float64Array(length);
  }

  get isFull(): boolean {
    return this.pushed >= this.length;
  }

  /** The extreme of the last `length` values; NaN until that many were pushed. */
  value(): number {
    return this.isFull ? this.sign * this.values[this.head]! : NaN;
  }

  push(input: number): void {
    const stored = this.sign * input;
    if (this.size > 0 && this.positions[this.head]! <= this.pushed - this.length) {
      this.head = this.wrap(this.head + 1);
      this.size--;
    }
    while (this.size > 0 && this.values[this.wrap(this.head + this.size - 1)]! <= stored) this.size--;
    const tail = this.wrap(this.head + this.size);
    this.values[tail] = stored;
    this.positions[tail] = this.pushed;
    this.size++;
    this.pushed++;
  }

  private wrap(index: number): number {
    return index >= this.length ? index - this.length : index;
  }
}
