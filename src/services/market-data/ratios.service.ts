import { parseOrReject } from '../../errors/validation';
import type { UpstreamClient } from '../../upstream/upstream-client';
import { normalizeSymbol, ratioQuerySchema, type QueryValues } from './query';
import { CACHE_TTL_MS, requireSuccess, UPSTREAM_PATHS, type Cached } from './cached-upstream';

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

interface UpstreamRatioRow {
  symbol: string;
  longShortRatio: string;
  longAccount: string;
  shortAccount: string;
  timestamp: number;
}

const UPSTREAM_PATH: Record<RatioWeighting, string> = {
  position: UPSTREAM_PATHS.topPositionRatio,
  account: UPSTREAM_PATHS.topAccountRatio,
};

function toRow(weighting: RatioWeighting, row: UpstreamRatioRow): LongShortRatioRow {
  const sides =
    weighting === 'position'
      ? { longPosition: row.longAccount, shortPosition: row.shortAccount }
      : { longAccount: row.longAccount, shortAccount: row.shortAccount };
  return { symbol: row.symbol, longShortRatio: row.longShortRatio, ...sides, timestamp: row.timestamp };
}

export class LongShortRatiosService {
  constructor(private readonly upstream: UpstreamClient) {}

  async series(weighting: RatioWeighting, symbol: string, query: QueryValues): Promise<Cached<LongShortRatioRow[]>> {
    const { period, limit } = parseOrReject(ratioQuerySchema, query);
    const response = requireSuccess(
      this.upstream,
      await this.upstream.get(
        'fapi',
        UPSTREAM_PATH[weighting],
        { symbol: normalizeSymbol(symbol), period, limit },
        { cacheTtlMs: CACHE_TTL_MS.ratios, weight: 0 },
      ),
    );
    return { data: this.upstream.parse<UpstreamRatioRow[]>(response).map((row) => toRow(weighting, row)), cache: response.cache };
  }
}
