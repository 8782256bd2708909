// Typed-array loops: every index below is bounded by the loop or the array length, so `!` stands in for a guard that would cost speed.
import { DAY_MS, utcDayStart } from './timeframes';
import type { BarEquity } from './types';

/** One symbol's mark-to-market equity at the close of each of its simulated bars. */
export interface SymbolEquity {
  /** Open times of the simulated bars (a view on the candles, not a copy). */
  openTime: Float64Array;
  equity: Float64Array;
  /** The symbol's share of the capital: its value before its first bar closes. */
  share: number;
}

/**
 * The combined account's equity at each distinct bar of any symbol (all
 * symbols share the timeframe, so bars that open together close together).
 * A symbol counts with its latest closed bar, or its share before its first.
 */
export function combineBarEquity(symbols: readonly SymbolEquity[]): BarEquity {
  if (symbols.length === 1) return { openTime: symbols[0]!.openTime, equity: symbols[0]!.equity };
  const capacity = symbols.reduce((total, series) => total + series.equity.length, 0);
  const openTime = new Float64Array(capacity);
  const equity = new Float64Array(capacity);
  const next = new Int32Array(symbols.length);
  const current = Float64Array.from(symbols, (series) => series.share);
  let count = 0;
  for (;;) {
    let earliest = Infinity;
    for (let index = 0; index < symbols.length; index++) {
      if (next[index]! < symbols[index]!.equity.length) earliest = Math.min(earliest, symbols[index]!.openTime[next[index]!]!);
    }
    if (earliest === Infinity) break;
    let total = 0;
    for (let index = 0; index < symbols.length; index++) {
      const series = symbols[index]!;
      if (next[index]! < series.equity.length && series.openTime[next[index]!] === earliest) current[index] = series.equity[next[index]!++]!;
      total += current[index]!;
    }
    openTime[count] = earliest;
    equity[count] = total;
    count++;
  }
  return { openTime: openTime.subarray(0, count), equity: equity.subarray(0, count) };
}

/** Instants of the daily curve (contract §7): 00:00 UTC of each date from the date of `start` to the date of `end`. */
export function curveDays(start: number, end: number): Float64Array {
  const first = utcDayStart(start);
  const count = (utcDayStart(end) - first) / DAY_MS + 1;
  return Float64Array.from({ length: count }, (_, day) => first + day * DAY_MS);
}

/**
 * The combined equity at each instant of `days`: each symbol valued at its
 * last bar closed by then (so an instant between bars reads the equity marked
 * at the previous close), or at its share of the capital before that.
 */
export function sampleDailyEquity(symbols: readonly SymbolEquity[], days: Float64Array, barMs: number): Float64Array {
  const values = new Float64Array(days.length);
  for (const series of symbols) {
    let closed = 0;
    for (let day = 0; day < days.length; day++) {
      while (closed < series.equity.length && series.openTime[closed]! + barMs <= days[day]!) closed++;
      values[day]! += closed === 0 ? series.share : series.equity[closed - 1]!;
    }
  }
  return values;
}
