import type { z } from 'zod';
import { parseOrReject } from '../../errors/validation';
import type { UpstreamClient } from '../../upstream/upstream-client';
import { givenValues, normalizeSymbol, ratioQuerySchema, type OperationInput } from './query';
import { CACHE_TTL_MS, cachedResult, requireSuccess, UPSTREAM_PATHS, type CachedResult } from './cached-upstream';
import { ratioRows } from './upstream-replies';

/**
 * Spec "Long/short ratios, futures", gateway forms. The exchange names the
 * fields of both top-trader series `longAccount`/`shortAccount`; the
 * position-weighted form renames them as the spec's row table says (contract §3).
 */

export type RatioWeighting = 'position' | 'account';

export interface LongShortRatioRow {
  symbol: string;
  longShortRatio: string;
  longAccount?: string;
  shortAccount?: string;
  longPosition?: string;
  shortPosition?: string;
  timestamp: number;
}

const UPSTREAM_PATH: Record<RatioWeighting, string> = {
  position: UPSTREAM_PATHS.topPositionRatio,
  account: UPSTREAM_PATHS.topAccountRatio,
};

function toRow(weighting: RatioWeighting, row: z.infer<typeof ratioRows>[number]): LongShortRatioRow {
  const sides =
    weighting === 'position'
      ? { longPosition: row.longAccount, shortPosition: row.shortAccount }
      : { longAccount: row.longAccount, shortAccount: row.shortAccount };
  return { symbol: row.symbol, longShortRatio: row.longShortRatio, ...sides, timestamp: row.timestamp };
}

export class LongShortRatiosService {
  constructor(private readonly upstream: UpstreamClient) {}

  /** `input`: `period` (default 5m) and `limit` (default 10, max 500). */
  async series(weighting: RatioWeighting, symbol: string, input: OperationInput): Promise<CachedResult<LongShortRatioRow[]>> {
    const { period, limit } = parseOrReject(ratioQuerySchema, givenValues(input));
    const path = UPSTREAM_PATH[weighting];
    const response = requireSuccess(
      this.upstream,
      await this.upstream.get('fapi', path, { symbol: normalizeSymbol(symbol), period, limit }, { cacheTtlMs: CACHE_TTL_MS.ratios, weight: 0 }),
    );
    return cachedResult({ data: this.upstream.validate(ratioRows, response, path).map((row) => toRow(weighting, row)), cache: response.cache });
  }
}
