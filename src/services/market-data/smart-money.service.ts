import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { parseOrReject } from '../../errors/validation';
import { upstreamFailed, type UpstreamClient, type UpstreamResponse } from '../../upstream/upstream-client';
import { givenValues, type OperationInput } from './query';
import { CACHE_TTL_MS, cachedResult, SYMBOL_NOT_FOUND, UPSTREAM_PATHS, type Cached, type CachedResult } from './cached-upstream';
import { smartMoneyObject, webEnvelope } from './upstream-replies';

/**
 * Spec "Smart money / whale" overview and list. Contract §3: the upstream
 * `data` objects are returned with their field names (and values) unchanged;
 * the web host wraps them in `{"code":"000000","data":...}`.
 */

export type SmartMoneyObject = z.infer<typeof smartMoneyObject>;

export const SMART_MONEY_TIME_RANGES = ['30m', '1h', '24h', '7d'] as const;
const WEB_SUCCESS = '000000';

export const overviewQuery = z.object({ symbol: z.string().min(1) });
const overviewReply = webEnvelope(smartMoneyObject);
const listReply = webEnvelope(z.array(smartMoneyObject));

export class SmartMoneyService {
  constructor(private readonly upstream: UpstreamClient) {}

  /** `input`: `symbol` (required). */
  async overview(input: OperationInput): Promise<CachedResult<SmartMoneyObject>> {
    const { symbol } = parseOrReject(overviewQuery, givenValues(input));
    const { data, cache } = await this.envelope(overviewReply, UPSTREAM_PATHS.smartMoneyOverview, { symbol: symbol.toUpperCase() });
    // The web API answers an unknown symbol with success and no data.
    if (data === null || data === undefined) throw new AppError('NOT_FOUND', SYMBOL_NOT_FOUND);
    return cachedResult({ data, cache });
  }

  /** `input`: `timeRange` (default 24h). Spec: a value outside the set is 400 (not the 422 of other query rules). */
  async list(input: OperationInput): Promise<CachedResult<SmartMoneyObject[]>> {
    const timeRange = givenValues(input).timeRange ?? '24h';
    if (typeof timeRange !== 'string' || !(SMART_MONEY_TIME_RANGES as readonly string[]).includes(timeRange)) {
      throw new AppError('BAD_REQUEST', `timeRange must be one of ${SMART_MONEY_TIME_RANGES.join(', ')}`);
    }
    const { data, cache } = await this.envelope(listReply, UPSTREAM_PATHS.smartMoneyList, { timeRange });
    if (!data) throw upstreamFailed();
    return cachedResult({ data, cache });
  }

  private async envelope<Data>(
    schema: z.ZodType<{ code: unknown; data?: Data | null }>,
    path: string,
    query: Record<string, string>,
  ): Promise<Cached<Data | null | undefined>> {
    // A refusal inside a 200 envelope is an error too, and errors are never cached.
    const cacheTtlMs = (response: UpstreamResponse) => (this.upstream.parse<{ code?: unknown }>(response).code === WEB_SUCCESS ? CACHE_TTL_MS.smartMoney : 0);
    const { data, cache } = await this.upstream.getValid(schema, 'web', path, query, { cacheTtlMs });
    if (data.code !== WEB_SUCCESS) throw upstreamFailed();
    return { data: data.data, cache };
  }
}
