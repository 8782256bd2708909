import type { Candle, ChartTime } from '../components/charts';

/** Milliseconds of each timeframe the service and the exchange share. */
export const TIMEFRAME_MS: Record<string, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};

/** The exchange's ceiling on one klines call. */
const MAX_KLINES = 1500;

/**
 * Candles from the service's public `/fapi/v1/klines` pass-through (the
 * exchange's row format: `[openTime, open, high, low, close, ...]`). A range
 * longer than one call allows shows its last 1,500 bars.
 */
export async function loadCandles(symbol: string, interval: string, range?: { start: number; end: number }): Promise<Candle[]> {
  const query = new URLSearchParams({ symbol, interval, limit: String(range ? MAX_KLINES : 300) });
  if (range) {
    const step = TIMEFRAME_MS[interval] ?? 3_600_000;
    query.set('startTime', String(Math.max(range.start, range.end - MAX_KLINES * step)));
    query.set('endTime', String(range.end - 1));
  }
  const response = await fetch(`/fapi/v1/klines?${query.toString()}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`klines: the service answered ${response.status}`);
  const rows = (await response.json()) as [number, string, string, string, string][];
  return rows.map(([openTime, open, high, low, close]) => ({
    time: Math.floor(openTime / 1000) as ChartTime,
    open: Number(open),
    high: Number(high),
    low: Number(low),
    close: Number(close),
  }));
}
