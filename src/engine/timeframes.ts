import type { Timeframe } from './types';

const MINUTE_MS = 60_000;

export const DAY_MS = 86_400_000;

export const TIMEFRAME_MS: Record<Timeframe, number> = {
  '1m': MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '4h': 240 * MINUTE_MS,
  '1d': DAY_MS,
};

/** 00:00 UTC of the date that contains `time`. */
export function utcDayStart(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}
