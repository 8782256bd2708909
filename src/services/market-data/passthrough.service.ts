import { z } from 'zod';
import { parseOrReject } from '../../errors/validation';
import type { CachedUpstreamResponse, UpstreamClient, UpstreamHost, UpstreamRequestOptions } from '../../upstream/upstream-client';
import { queryInteger, ratioQuerySchema, type QueryValues } from './query';
import { CACHE_TTL_MS, klinesTtl, klinesWeight, requireSuccess, UPSTREAM_PATHS } from './cached-upstream';

/**
 * Spec "Funding rates", "Long/short ratios", "24h ticker", "Other market data"
 * and contract §3: paths that answer the upstream's body byte for byte. The
 * query is validated where the spec sets rules, then the parameters the
 * exchange defines for the path are forwarded (defaults filled in), in one
 * fixed order. Any other parameter is dropped: it never reaches the exchange
 * or the cache key, so `?bust=N` cannot make every request a cache miss
 * (issue 10). Upstream 4xx answers come back as they are, for the edge to
 * forward.
 */

interface PassThroughRoute {
  host: UpstreamHost;
  upstreamPath: string;
  /** The query parameters the exchange defines for the path: the only ones forwarded. */
  parameters: readonly string[];
  /** Validated values that replace or add to the caller's parameters; absent: forward the caller's query as it is. */
  validate?: (query: QueryValues) => Record<string, string | number>;
  /** Parameters the service always sends, whatever the caller asked (and instead of it). */
  fixedQuery?: Record<string, string>;
  options: (query: QueryValues) => UpstreamRequestOptions;
}

const fundingHistoryQuery = z.object({
  limit: queryInteger({ min: 1, max: 1000 }).optional(),
  startTime: queryInteger().optional(),
  endTime: queryInteger().optional(),
});

const ratioPassThroughQuery = ratioQuerySchema.extend({ symbol: z.string().min(1) });

function validated(schema: z.ZodType<Record<string, string | number | undefined>>) {
  return (query: QueryValues) => {
    const values = parseOrReject(schema, query);
    return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string | number] => entry[1] !== undefined));
  };
}

const fixed = (cacheTtlMs: number, weight?: number) => () => ({ cacheTtlMs, weight });

/** The exchange's parameters per kind of path (USDⓈ-M futures market data endpoints). */
const SYMBOL = ['symbol'] as const;
const NONE = [] as const;
const TIME_RANGE = ['startTime', 'endTime', 'limit'] as const;
const KLINES = ['symbol', 'interval', ...TIME_RANGE] as const;
const PERIOD_SERIES = ['symbol', 'period', ...TIME_RANGE] as const;

const ratioRoute = (upstreamPath: string): PassThroughRoute => ({
  host: 'fapi',
  upstreamPath,
  parameters: PERIOD_SERIES,
  validate: validated(ratioPassThroughQuery),
  // The futures-data paths have their own per-IP limit outside the request-weight budget.
  options: fixed(CACHE_TTL_MS.ratios, 0),
});

export function passThroughRoutes(upstream: UpstreamClient): Record<string, PassThroughRoute> {
  const fapi = (
    upstreamPath: string,
    parameters: readonly string[],
    options: PassThroughRoute['options'],
    validate?: PassThroughRoute['validate'],
  ): PassThroughRoute => ({
    host: 'fapi',
    upstreamPath,
    parameters,
    options,
    validate,
  });
  return {
    '/fapi/v1/fundingRate': fapi(UPSTREAM_PATHS.fundingHistory, ['symbol', ...TIME_RANGE], fixed(CACHE_TTL_MS.fundingHistory), validated(fundingHistoryQuery)),
    '/fapi/v1/ticker/24hr': fapi(UPSTREAM_PATHS.tickers, SYMBOL, (query) => ({ cacheTtlMs: CACHE_TTL_MS.tickers, weight: query.symbol ? 1 : 40 })),
    '/fapi/v1/exchangeInfo': fapi(UPSTREAM_PATHS.exchangeInfo, NONE, fixed(CACHE_TTL_MS.exchangeInfo)),
    '/fapi/v1/premiumIndex': fapi(UPSTREAM_PATHS.premiumIndex, SYMBOL, (query) => ({ cacheTtlMs: CACHE_TTL_MS.premiumIndex, weight: query.symbol ? 1 : 10 })),
    '/fapi/v1/fundingInfo': fapi(UPSTREAM_PATHS.fundingInfo, NONE, fixed(CACHE_TTL_MS.fundingInfo)),
    '/fapi/v1/openInterest': fapi(UPSTREAM_PATHS.openInterest, SYMBOL, fixed(CACHE_TTL_MS.openInterest)),
    '/fapi/v1/time': fapi(UPSTREAM_PATHS.time, NONE, fixed(CACHE_TTL_MS.time)),
    '/fapi/v1/klines': fapi(UPSTREAM_PATHS.klines, KLINES, (query) => ({
      cacheTtlMs: klinesTtl((response) => upstream.parse(response)),
      weight: klinesWeight(query.limit),
    })),
    '/topLongShortPositionRatio': ratioRoute(UPSTREAM_PATHS.topPositionRatio),
    '/futures/data/topLongShortPositionRatio': ratioRoute(UPSTREAM_PATHS.topPositionRatio),
    '/topLongShortAccountRatio': ratioRoute(UPSTREAM_PATHS.topAccountRatio),
    '/futures/data/topLongShortAccountRatio': ratioRoute(UPSTREAM_PATHS.topAccountRatio),
    '/futures/data/globalLongShortAccountRatio': fapi(UPSTREAM_PATHS.globalAccountRatio, PERIOD_SERIES, fixed(CACHE_TTL_MS.ratios, 0)),
    '/futures/data/openInterestHist': fapi(UPSTREAM_PATHS.openInterestHistory, PERIOD_SERIES, fixed(CACHE_TTL_MS.openInterestHistory, 0)),
    '/delist': {
      host: 'web',
      upstreamPath: UPSTREAM_PATHS.announcements,
      parameters: NONE,
      // The spec fixes the page and the delisting catalog; `type=1` is what the announcement API expects.
      fixedQuery: { type: '1', pageNo: '1', pageSize: '50', catalogId: '161' },
      options: fixed(CACHE_TTL_MS.announcements),
    },
  };
}

export class MarketPassThroughService {
  private readonly routes: Record<string, PassThroughRoute>;

  constructor(private readonly upstream: UpstreamClient) {
    this.routes = passThroughRoutes(upstream);
  }

  /** The service paths answered by pass-through. */
  paths(): string[] {
    return Object.keys(this.routes);
  }

  /** The upstream answer for a pass-through path: 2xx or a 4xx to forward unchanged; other failures throw 502. */
  async forward(path: string, query: QueryValues): Promise<CachedUpstreamResponse> {
    const route = this.routes[path];
    if (route === undefined) throw new Error(`${path} is not a pass-through path`);
    return this.upstream.get(route.host, route.upstreamPath, this.forwardedQuery(route, query), route.options(query));
  }

  /** The answer of a pass-through path checked against the shape GraphQL reads: only a 2xx answer of that shape is a result. */
  async validated<T>(schema: z.ZodType<T>, path: string, query: QueryValues = {}): Promise<T> {
    return this.upstream.validate(schema, requireSuccess(this.upstream, await this.forward(path, query)), path);
  }

  private forwardedQuery(route: PassThroughRoute, query: QueryValues): URLSearchParams {
    if (route.fixedQuery) return new URLSearchParams(route.fixedQuery);
    const values: Record<string, string | number | undefined> = { ...query, ...route.validate?.(query) };
    const forwarded = new URLSearchParams();
    for (const name of route.parameters) {
      const value = values[name];
      if (value !== undefined) forwarded.append(name, String(value));
    }
    return forwarded;
  }
}
