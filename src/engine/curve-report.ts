// Typed-array loops: every index below is bounded by the loop or the array length, so `!` stands in for a guard that would cost speed.
import { formatDecimal } from './wire-format';
import type { DrawdownPeriod, MonthlyReturn } from './types';

/** Contract §18: at most this many drawdowns are listed. */
export const MAX_DRAWDOWNS = 5;

const iso = (time: number) => new Date(time).toISOString();

/**
 * Contract §18 `monthly_returns`: for each month holding a point of the daily
 * curve, its last point over the last point before it (the curve's first point
 * for the first month), − 1; so they compound to last / first.
 */
export function monthlyReturns(days: Float64Array, equity: Float64Array): MonthlyReturn[] {
  const months: MonthlyReturn[] = [];
  let base = equity[0]!;
  for (let day = 0; day < days.length; day++) {
    const month = iso(days[day]!).slice(0, 7);
    const lastOfMonth = day === days.length - 1 || iso(days[day + 1]!).slice(0, 7) !== month;
    if (!lastOfMonth) continue;
    months.push({ month, return: formatDecimal(equity[day]! / base - 1) });
    base = equity[day]!;
  }
  return months;
}

interface Drawdown {
  peak: number;
  trough: number;
  recovery: number;
  depth: number;
}

/**
 * Contract §18 `drawdowns`: each stretch of the daily curve below its running
 * peak is one drawdown, from the peak to the first point back at or above it
 * (the recovery); stretches never overlap, so the deepest five are listed,
 * deepest first (ties: the earlier first). Depth is 1 − trough / peak.
 */
export function drawdownPeriods(days: Float64Array, equity: Float64Array): DrawdownPeriod[] {
  const found: Drawdown[] = [];
  let peak = 0;
  let trough = -1;
  const close = (recovery: number) => {
    found.push({ peak, trough, recovery, depth: 1 - equity[trough]! / equity[peak]! });
    trough = -1;
  };
  for (let day = 1; day < equity.length; day++) {
    const value = equity[day]!;
    if (value >= equity[peak]!) {
      if (trough >= 0) close(day);
      peak = day;
    } else if (trough < 0 || value < equity[trough]!) {
      trough = day;
    }
  }
  if (trough >= 0) close(-1);
  return found
    .sort((a, b) => b.depth - a.depth)
    .slice(0, MAX_DRAWDOWNS)
    .map((drawdown) => ({
      peak_time: iso(days[drawdown.peak]!),
      trough_time: iso(days[drawdown.trough]!),
      recovery_time: drawdown.recovery < 0 ? null : iso(days[drawdown.recovery]!),
      depth: formatDecimal(drawdown.depth),
    }));
}
