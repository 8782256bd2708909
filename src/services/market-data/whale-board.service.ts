import Decimal from 'decimal.js';
import { z } from 'zod';
import { parseOrReject } from '../../errors/validation';
import type { UpstreamClient } from '../../upstream/upstream-client';
import { givenValues, queryNumber, type OperationInput } from './query';
import type { TickersService } from './tickers.service';
import { CACHE_TTL_MS, cachedResult, combinedCacheStatus, UPSTREAM_PATHS, type CachedResult } from './cached-upstream';
import { exchangeInfoSymbols, ratioRows } from './upstream-replies';

/**
 * Spec "Smart money / whale" `/whale-board` and contract §3: USDT-quoted
 * perpetuals with 24h quote volume ≥ the minimum, each with its latest 1h
 * top-trader position ratio, scored `log10(quoteVolume) × |ln(ratio)|`.
 */

export interface WhaleBoardRow {
  symbol: string;
  quoteVolume: string;
  whaleLongShort: string;
  /** A JSON number, rounded to 4 decimals (spec: "score number"). */
  score: number;
}

export interface WhaleBoard {
  generatedAt: number;
  rows: WhaleBoardRow[];
}

export const DEFAULT_WHALE_MIN_QUOTE_VOLUME = 50_000_000;
/** Ratio calls per board run at once: enough to build a board quickly, few enough to stay a polite client. */
const RATIO_CONCURRENCY = 8;

export const boardQuery = z.object({ min_quote_volume: queryNumber().default(DEFAULT_WHALE_MIN_QUOTE_VOLUME) });

export function whaleScore(quoteVolume: Decimal, ratio: Decimal): number {
  return Decimal.log10(quoteVolume).times(Decimal.ln(ratio).abs()).toDecimalPlaces(4).toNumber();
}

export class WhaleBoardService {
  constructor(
    private readonly upstream: UpstreamClient,
    private readonly tickers: TickersService,
  ) {}

  /** `input`: `min_quote_volume` (default 50000000). */
  async board(input: OperationInput): Promise<CachedResult<WhaleBoard>> {
    const minimum = new Decimal(parseOrReject(boardQuery, givenValues(input)).min_quote_volume);
    const [info, tickers] = await Promise.all([
      this.upstream.getValid(exchangeInfoSymbols, 'fapi', UPSTREAM_PATHS.exchangeInfo, {}, { cacheTtlMs: CACHE_TTL_MS.exchangeInfo }),
      this.tickers.all(),
    ]);
    const usdtPerpetuals = new Set(
      info.data.symbols.filter((s) => s.contractType === 'PERPETUAL' && s.quoteAsset === 'USDT' && (s.status ?? 'TRADING') === 'TRADING').map((s) => s.symbol),
    );
    const candidates = tickers.data
      .filter((ticker) => usdtPerpetuals.has(ticker.symbol))
      .map((ticker) => ({ symbol: ticker.symbol, quoteVolumeText: ticker.quoteVolume, quoteVolume: new Decimal(ticker.quoteVolume) }))
      .filter((ticker) => ticker.quoteVolume.greaterThanOrEqualTo(minimum) && ticker.quoteVolume.greaterThan(0));
    const statuses = [info.cache, tickers.cache];
    const ratios = await mapConcurrently(candidates, RATIO_CONCURRENCY, async (candidate) => {
      const latest = await this.upstream.getValid(
        ratioRows,
        'fapi',
        UPSTREAM_PATHS.topPositionRatio,
        { symbol: candidate.symbol, period: '1h', limit: 1 },
        { cacheTtlMs: CACHE_TTL_MS.ratios, weight: 0 },
      );
      statuses.push(latest.cache);
      return latest.data.at(-1)?.longShortRatio;
    });
    const rows: WhaleBoardRow[] = [];
    candidates.forEach((candidate, index) => {
      const ratio = ratios[index];
      // A symbol without a positive ratio (no data yet) has no defined score and is left off the board.
      if (ratio === undefined || !new Decimal(ratio).greaterThan(0)) return;
      rows.push({
        symbol: candidate.symbol,
        quoteVolume: candidate.quoteVolumeText,
        whaleLongShort: ratio,
        score: whaleScore(candidate.quoteVolume, new Decimal(ratio)),
      });
    });
    rows.sort((a, b) => b.score - a.score || a.symbol.localeCompare(b.symbol));
    return cachedResult({ data: { generatedAt: Date.now(), rows }, cache: combinedCacheStatus(statuses) });
  }
}

async function mapConcurrently<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  // One iterator shared by the workers: each takes the next item.
  const queue = items.entries();
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    for (const [index, item] of queue) results[index] = await work(item);
  });
  await Promise.all(workers);
  return results;
}
