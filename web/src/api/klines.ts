import type { Candle, ChartTime } from '../components/charts';
import { KlinesDocument, type Timeframe } from '../graphql/generated';
import type { Credentials } from './credentials';
import { execute } from './graphql-client';

/** Milliseconds of each timeframe the service and the exchange share. */
export const TIMEFRAME_MS: Record<string, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};

/** A wire timeframe (`1h`) as GraphQL's `Timeframe` enum names it (`H1`): unit letter, then count. */
export function graphQLTimeframe(timeframe: string): Timeframe {
  return `${timeframe.slice(-1).toUpperCase()}${timeframe.slice(0, -1)}` as Timeframe;
}

/** GraphQL's `Timeframe` (`H1`) as the wire and the exchange write it (`1h`). */
export function wireTimeframe(timeframe: Timeframe): string {
  return `${timeframe.slice(1)}${timeframe.slice(0, 1).toLowerCase()}`;
}

/** The ceiling on one `klines` query. */
const MAX_KLINES = 1500;

export function candleOf(kline: { openTime: number; open: string; high: string; low: string; close: string }): Candle {
  return {
    time: Math.floor(kline.openTime / 1000) as ChartTime,
    open: Number(kline.open),
    high: Number(kline.high),
    low: Number(kline.low),
    close: Number(kline.close),
  };
}

/** Candles from the `klines` query (contract §15); a range longer than one query allows shows its last 1,500 bars. */
export async function loadCandles(credentials: Credentials, symbol: string, interval: string, range?: { start: number; end: number }): Promise<Candle[]> {
  const step = TIMEFRAME_MS[interval] ?? 3_600_000;
  const bounds = range ? { startTime: Math.max(range.start, range.end - MAX_KLINES * step), endTime: range.end - 1 } : {};
  const { klines } = await execute(credentials, KlinesDocument, { symbol, interval, limit: range ? MAX_KLINES : 300, ...bounds });
  return klines.map(candleOf);
}
