import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { parseOrReject } from '../../errors/validation';
import type { UpstreamClient } from '../../upstream/upstream-client';
import { givenValues, normalizeSymbol, queryInteger, type OperationInput } from './query';
import { CACHE_TTL_MS, cachedResult, requireSuccess, SYMBOL_NOT_FOUND, UPSTREAM_PATHS, type CachedResult } from './cached-upstream';
import { fundingHistoryRows, premiumIndexRows } from './upstream-replies';

/** Spec "Funding rates" (gateway forms) and contract §3. */

/** Contract §3: a current-rate row; `fundingRate` is the upstream's `lastFundingRate`. */
export interface CurrentFundingRate {
  symbol: string;
  fundingRate: string;
  markPrice: string;
  indexPrice: string;
  nextFundingTime: number;
  time: number;
}

export type FundingRateRow = z.infer<typeof fundingHistoryRows>[number];

type PremiumIndexRow = z.infer<typeof premiumIndexRows>[number];

export const historyQuery = z.object({
  start_time: queryInteger().optional(),
  end_time: queryInteger().optional(),
  limit: queryInteger({ min: 1, max: 1000 }).default(100),
});

function toCurrentRate(row: PremiumIndexRow): CurrentFundingRate {
  return {
    symbol: row.symbol,
    fundingRate: row.lastFundingRate,
    markPrice: row.markPrice,
    indexPrice: row.indexPrice,
    nextFundingTime: row.nextFundingTime,
    time: row.time,
  };
}

export class FundingRatesService {
  /** Rows derived once per upstream answer, however often it is served from the cache. */
  private readonly derived = new WeakMap<PremiumIndexRow[], { rows: CurrentFundingRate[]; bySymbol: Map<string, CurrentFundingRate> }>();

  constructor(private readonly upstream: UpstreamClient) {}

  async currentRates(): Promise<CachedResult<CurrentFundingRate[]>> {
    const { rates, cache } = await this.loadRates();
    return cachedResult({ data: rates.rows, cache });
  }

  /** Read from the all-symbols answer, so one upstream call per cache period serves every symbol. */
  async currentRate(symbol: string): Promise<CachedResult<CurrentFundingRate>> {
    const wanted = normalizeSymbol(symbol);
    const { rates, cache } = await this.loadRates();
    const row = rates.bySymbol.get(wanted);
    if (!row) throw new AppError('NOT_FOUND', SYMBOL_NOT_FOUND);
    return cachedResult({ data: row, cache });
  }

  /** `input`: `start_time`, `end_time` (ms) and `limit` (default 100). */
  async history(symbol: string, input: OperationInput): Promise<CachedResult<FundingRateRow[]>> {
    const wanted = normalizeSymbol(symbol);
    const values = parseOrReject(historyQuery, givenValues(input));
    const response = requireSuccess(
      this.upstream,
      await this.upstream.get(
        'fapi',
        UPSTREAM_PATHS.fundingHistory,
        { symbol: wanted, startTime: values.start_time, endTime: values.end_time, limit: values.limit },
        { cacheTtlMs: CACHE_TTL_MS.fundingHistory },
      ),
    );
    return cachedResult({ data: this.upstream.validate(fundingHistoryRows, response, UPSTREAM_PATHS.fundingHistory), cache: response.cache });
  }

  private async loadRates() {
    const { data, cache } = await this.upstream.getValid(
      premiumIndexRows,
      'fapi',
      UPSTREAM_PATHS.premiumIndex,
      {},
      {
        cacheTtlMs: CACHE_TTL_MS.premiumIndex,
        weight: 10,
      },
    );
    let rates = this.derived.get(data);
    if (!rates) {
      const rows = data.map(toCurrentRate);
      rates = { rows, bySymbol: new Map(rows.map((row) => [row.symbol, row])) };
      this.derived.set(data, rates);
    }
    return { rates, cache };
  }
}
