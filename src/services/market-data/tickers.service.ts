import Decimal from 'decimal.js';
import { z } from 'zod';
import { parseOrReject } from '../../errors/validation';
import type { UpstreamClient } from '../../upstream/upstream-client';
import { givenValues, queryNumber, type OperationInput } from './query';
import { CACHE_TTL_MS, cachedResult, UPSTREAM_PATHS, type Cached, type CachedResult } from './cached-upstream';
import { tickerRows, type TickerRow } from './upstream-replies';

export type { TickerRow };

/** Spec "24h ticker": the active-futures view of the upstream's 24h tickers. */

interface RankedTicker {
  row: TickerRow;
  quoteVolume: Decimal;
}

export const DEFAULT_ACTIVE_MIN_QUOTE_VOLUME = 100_000_000;

export const activeQuery = z.object({ min_quote_volume: queryNumber().default(DEFAULT_ACTIVE_MIN_QUOTE_VOLUME) });

/** "Symbols quoted in USDC are excluded": the exchange writes a contract's quote asset last (BTCUSDC; USDCUSDT is quoted in USDT). */
function isUsdcQuoted(symbol: string): boolean {
  return symbol.endsWith('USDC');
}

export class TickersService {
  /** Ranked once per upstream answer; each request only cuts the list at its threshold. */
  private readonly ranked = new WeakMap<TickerRow[], RankedTicker[]>();

  constructor(private readonly upstream: UpstreamClient) {}

  /** All 24h tickers as the upstream gave them (shared with the whale board, which reads the same cached answer). */
  async all(): Promise<Cached<TickerRow[]>> {
    return this.upstream.getValid(tickerRows, 'fapi', UPSTREAM_PATHS.tickers, {}, { cacheTtlMs: CACHE_TTL_MS.tickers, weight: 40 });
  }

  /** `input`: `min_quote_volume` (default 100000000). */
  async active(input: OperationInput): Promise<CachedResult<TickerRow[]>> {
    const { min_quote_volume } = parseOrReject(activeQuery, givenValues(input));
    const minimum = new Decimal(min_quote_volume);
    const { data, cache } = await this.all();
    const ranked = this.rankedByQuoteVolume(data);
    const rows: TickerRow[] = [];
    for (const ticker of ranked) {
      if (ticker.quoteVolume.lessThan(minimum)) break;
      rows.push(ticker.row);
    }
    return cachedResult({ data: rows, cache });
  }

  private rankedByQuoteVolume(tickers: TickerRow[]): RankedTicker[] {
    let ranked = this.ranked.get(tickers);
    if (!ranked) {
      ranked = tickers
        .filter((row) => !isUsdcQuoted(row.symbol))
        .map((row) => ({ row, quoteVolume: new Decimal(row.quoteVolume) }))
        .sort((a, b) => b.quoteVolume.comparedTo(a.quoteVolume));
      this.ranked.set(tickers, ranked);
    }
    return ranked;
  }
}
