/**
 * Relative strength index with Wilder's smoothing: the first averages are the
 * simple means of the first `period` changes, then avg = (avg·(period−1) + x)/period.
 */
export class WilderRsi {
  private previousClose = NaN;
  private changes = 0;
  private averageGain = 0;
  private averageLoss = 0;

  constructor(readonly period: number) {}

  /** Adds a close; returns the RSI in [0, 100], NaN until `period` changes were seen. */
  update(close: number): number {
    const change = close - this.previousClose;
    this.previousClose = close;
    if (Number.isNaN(change)) return NaN;
    const gain = change > 0 ? change : 0;
    const loss = change < 0 ? -change : 0;
    if (this.changes < this.period) {
      this.averageGain += gain / this.period;
      this.averageLoss += loss / this.period;
      this.changes++;
      if (this.changes < this.period) return NaN;
    } else {
      this.averageGain = (this.averageGain * (this.period - 1) + gain) / this.period;
      this.averageLoss = (this.averageLoss * (this.period - 1) + loss) / this.period;
    }
    if (this.averageLoss === 0) return this.averageGain === 0 ? 50 : 100;
    return 100 - 100 / (1 + this.averageGain / this.averageLoss);
  }
}
