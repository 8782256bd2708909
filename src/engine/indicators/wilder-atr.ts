/**
 * Average true range with Wilder's smoothing (Pine's `ta.atr`): the true range
 * is max(high − low, |high − previous close|, |low − previous close|), and
 * high − low on the first bar; the first average is the simple mean of the
 * first `period` ranges, then avg = (avg·(period−1) + tr)/period.
 */
export class WilderAtr {
  private previousClose = NaN;
  private ranges = 0;
  private average = 0;

  constructor(readonly period: number) {}

  /** Adds a bar; returns the ATR, NaN until `period` bars were seen. */
  update(high: number, low: number, close: number): number {
    const range = Number.isNaN(this.previousClose) ? high - low : Math.max(high - low, Math.abs(high - this.previousClose), Math.abs(low - this.previousClose));
    this.previousClose = close;
    if (this.ranges < this.period) {
      this.average += range / this.period;
      this.ranges++;
      return this.ranges < this.period ? NaN : this.average;
    }
    this.average = (this.average * (this.period - 1) + range) / this.period;
    return this.average;
  }
}
