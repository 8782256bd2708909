/** Exponential moving average with α = 2/(period+1), seeded with the simple mean of the first `period` values. */
export class Ema {
  private readonly alpha: number;
  private value = NaN;
  private seen = 0;
  private seedSum = 0;

  constructor(readonly period: number) {
    this.alpha = 2 / (period + 1);
  }

  /** Adds a value; returns the average, NaN until `period` values were seen. */
  update(input: number): number {
    if (this.seen < this.period) {
      this.seedSum += input;
      this.seen++;
      if (this.seen === this.period) this.value = this.seedSum / this.period;
      return this.value;
    }
    this.value += this.alpha * (input - this.value);
    return this.value;
  }
}
