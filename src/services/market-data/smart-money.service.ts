import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { parseOrReject } from '../../errors/validation';
import { upstreamFailed, type UpstreamClient, type UpstreamResponse } from '../../upstream/upstream-client';
import type { QueryValues } from './query';
import { CACHE_TTL_MS, SYMBOL_NOT_FOUND, UPSTREAM_PATHS, type Cached } from './cached-upstream';

/**
 * Spec "Smart money / whale" overview and list. Contract §3: the upstream
 * `data` objects are returned with their field names (and values) unchanged;
 * the web host wraps them in `{"code":"000000","data":...}`.
 */

export type SmartMoneyObject = Record<string, unknown>;

interface WebEnvelope<T> {
  code?: unknown;
  data?: T | null;
}

export const SMART_MONEY_TIME_RANGES = ['30m', '1h', '24h', '7d'] as const;
const WEB_SUCCESS = '000000';

export const overviewQuery = z.object({ symbol: z.string().min(1) });

export class SmartMoneyService {
  constructor(private readonly upstream: UpstreamClient) {}

  async overview(query: QueryValues): Promise<Cached<SmartMoneyObject>> {
    const { symbol } = parseOrReject(overviewQuery, query);
    const { data, cache } = await this.envelope<SmartMoneyObject>(UPSTREAM_PATHS.smartMoneyOverview, { symbol: symbol.toUpperCase() });
    // The web API answers an unknown symbol with success and no data.
    if (data === null || data === undefined) throw new AppError('NOT_FOUND', SYMBOL_NOT_FOUND);
    return { data, cache };
  }

  /** Spec: a `timeRange` outside the set is 400 (not the 422 of other query rules). */
  async list(query: QueryValues): Promise<Cached<SmartMoneyObject[]>> {
    const timeRange = query.timeRange ?? '24h';
    if (!(SMART_MONEY_TIME_RANGES as readonly string[]).includes(timeRange)) {
      throw new AppError('BAD_REQUEST', `timeRange must be one of ${SMART_MONEY_TIME_RANGES.join(', ')}`);
    }
    const { data, cache } = await this.envelope<SmartMoneyObject[]>(UPSTREAM_PATHS.smartMoneyList, { timeRange });
    if (!Array.isArray(data)) throw upstreamFailed();
    return { data, cache };
  }

  private async envelope<T>(path: string, query: Record<string, string>): Promise<{ data: T | null | undefined; cache: Cached<T>['cache'] }> {
    // A refusal inside a 200 envelope is an error too, and errors are never cached.
    const cacheTtlMs = (response: UpstreamResponse) => (this.upstream.parse<WebEnvelope<T>>(response).code === WEB_SUCCESS ? CACHE_TTL_MS.smartMoney : 0);
    const { data, cache } = await this.upstream.getJson<WebEnvelope<T>>('web', path, query, { cacheTtlMs });
    if (data.code !== WEB_SUCCESS) throw upstreamFailed();
    return { data: data.data, cache };
  }
}
