import { AppError } from '../../errors/app-error';
import { upstreamFailed, type CachedUpstreamResponse, type CacheStatus, type UpstreamClient, type UpstreamResponse } from '../../upstream/upstream-client';

/**
 * What the market-data features ask the exchange for, and how long an answer
 * may be reused (contract §3: exchange info 60 s, tickers and premium index
 * 2 s, ratio and funding history 30 s, closed klines indefinitely). The spec
 * is silent on the other paths; their TTLs follow how fast the data changes.
 */

export const UPSTREAM_PATHS = {
  exchangeInfo: '/fapi/v1/exchangeInfo',
  tickers: '/fapi/v1/ticker/24hr',
  premiumIndex: '/fapi/v1/premiumIndex',
  fundingHistory: '/fapi/v1/fundingRate',
  fundingInfo: '/fapi/v1/fundingInfo',
  openInterest: '/fapi/v1/openInterest',
  klines: '/fapi/v1/klines',
  time: '/fapi/v1/time',
  topPositionRatio: '/futures/data/topLongShortPositionRatio',
  topAccountRatio: '/futures/data/topLongShortAccountRatio',
  globalAccountRatio: '/futures/data/globalLongShortAccountRatio',
  openInterestHistory: '/futures/data/openInterestHist',
  announcements: '/bapi/composite/v1/public/cms/article/list/query',
  smartMoneyOverview: '/bapi/futures/v1/public/future/smart-money/signal/overview',
  smartMoneyList: '/bapi/futures/v1/public/future/smart-money/signal/list',
} as const;

const SECOND = 1_000;

export const CACHE_TTL_MS = {
  exchangeInfo: 60 * SECOND,
  tickers: 2 * SECOND,
  premiumIndex: 2 * SECOND,
  ratios: 30 * SECOND,
  fundingHistory: 30 * SECOND,
  fundingInfo: 60 * SECOND,
  openInterest: 2 * SECOND,
  openInterestHistory: 30 * SECOND,
  /** Server time is answered fresh (identical concurrent calls are still coalesced). */
  time: 0,
  announcements: 60 * SECOND,
  smartMoney: 30 * SECOND,
  /** Klines that may still change (the last bar open) are reused as briefly as tickers. */
  openKlines: 2 * SECOND,
} as const;

/** Closed bars never change, so a klines answer whose last bar has closed is kept until evicted. */
export function klinesTtl(parse: (response: UpstreamResponse) => unknown): (response: UpstreamResponse) => number {
  return (response) => {
    const rows = parse(response);
    if (!Array.isArray(rows) || rows.length === 0) return CACHE_TTL_MS.openKlines;
    const closeTime = (rows[rows.length - 1] as unknown[])[6];
    return typeof closeTime === 'number' && closeTime < Date.now() ? Infinity : CACHE_TTL_MS.openKlines;
  };
}

/** The exchange's request weight of a klines call grows with `limit` (default 500). */
export function klinesWeight(limit: string | undefined): number {
  const rows = Number(limit ?? 500);
  if (rows < 100) return 1;
  if (rows < 500) return 2;
  return rows <= 1000 ? 5 : 10;
}

/** A gateway result and whether every upstream answer behind it came from the cache (the `X-Cache` header). */
export interface Cached<T> {
  data: T;
  cache: CacheStatus;
}

/** Where an operation's result carries its `X-Cache` status: a symbol key, so neither JSON nor GraphQL ever sees it. */
export const CACHE_STATUS = Symbol('X-Cache');

export type CachedResult<T extends object> = T & { readonly [CACHE_STATUS]: CacheStatus };

/**
 * The result an operation returns: a shallow copy of `data` (the rows
 * themselves are shared with the cache and every other request) tagged with
 * this request's cache status, which the REST reply turns into `X-Cache`.
 */
export function cachedResult<T extends object>({ data, cache }: Cached<T>): CachedResult<T> {
  const copy = (Array.isArray(data) ? data.slice() : { ...data }) as T;
  return Object.defineProperty(copy, CACHE_STATUS, { value: cache, enumerable: false }) as CachedResult<T>;
}

/** `hit` only when every part was a hit. */
export function combinedCacheStatus(statuses: CacheStatus[]): CacheStatus {
  return statuses.every((status) => status === 'hit') ? 'hit' : 'miss';
}

export const SYMBOL_NOT_FOUND = 'symbol not found';
const INVALID_SYMBOL_CODE = -1121;

/**
 * A gateway endpoint cannot forward an upstream 4xx: the exchange's "invalid
 * symbol" becomes 404 `symbol not found`, anything else 502.
 */
export function requireSuccess(upstream: UpstreamClient, response: CachedUpstreamResponse): CachedUpstreamResponse {
  if (response.status >= 200 && response.status < 300) return response;
  let code: unknown;
  try {
    code = upstream.parse<{ code?: unknown }>(response).code;
  } catch {
    code = undefined;
  }
  if (code === INVALID_SYMBOL_CODE) throw new AppError('NOT_FOUND', SYMBOL_NOT_FOUND);
  throw upstreamFailed();
}
