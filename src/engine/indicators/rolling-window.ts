// Typed-array loops: every index below is bounded by the loop or the array length, so `!` stands in for a guard that would cost speed.
/**
 * The last `length` values in a preallocated ring buffer, with their mean and
 * population standard deviation in O(1) per value.
 *
 * The running sums are kept relative to a shift (a recent value) and recomputed
 * exactly each time the ring wraps, so float64 rounding cannot drift over
 * millions of bars and the variance does not cancel catastrophically at prices
 * far from zero. The cost is O(length) once per `length` values.
 */
export class RollingWindow {
  private readonly values: Float64Array;
  private next = 0;
  private count = 0;
  private shift = 0;
  private shiftedSum = 0;
  private shiftedSquares = 0;

  constructor(readonly length: number) {
    this.values = new Float64Array(length);
  }

  get isFull(): boolean {
    return this.count === this.length;
  }

  push(value: number): void {
    if (this.count === 0) this.shift = value;
    const shifted = value - this.shift;
    if (this.count === this.length) {
      const leaving = this.values[this.next]! - this.shift;
      this.shiftedSum -= leaving;
      this.shiftedSquares -= leaving * leaving;
    } else {
      this.count++;
    }
    this.values[this.next] = value;
    this.shiftedSum += shifted;
    this.shiftedSquares += shifted * shifted;
    this.next++;
    if (this.next === this.length) {
      this.next = 0;
      if (this.count === this.length) this.recomputeSums();
    }
  }

  /** NaN until the window is full. */
  mean(): number {
    return this.isFull ? this.shift + this.shiftedSum / this.length : NaN;
  }

  /** Population standard deviation (Bollinger's convention); NaN until the window is full. */
  standardDeviation(): number {
    if (!this.isFull) return NaN;
    const meanShifted = this.shiftedSum / this.length;
    return Math.sqrt(Math.max(0, this.shiftedSquares / this.length - meanShifted * meanShifted));
  }

  private recomputeSums(): void {
    this.shift = this.values[this.length - 1]!;
    let sum = 0;
    let squares = 0;
    for (let index = 0; index < this.length; index++) {
      const shifted = this.values[index]! - this.shift;
      sum += shifted;
      squares += shifted * shifted;
    }
    this.shiftedSum = sum;
    this.shiftedSquares = squares;
  }
}
