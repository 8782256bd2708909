import { Agent, request } from 'undici';
import { Gauge } from 'prom-client';
import type { z } from 'zod';
import { AppError } from '../errors/app-error';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { MarketStream, type MarketStreamHandlers } from './market-stream';
import { ResponseCache } from './response-cache';
import { currentUpstreamCaller, noteConsulted } from './upstream-caller';
import { UpstreamGuard } from './upstream-guard';

/**
 * The one way the service talks to the exchange's public hosts: a keep-alive
 * connection pool, a per-request timeout, one failure mapping, coalescing of
 * identical concurrent requests, a short-lived cache of successes and a guard
 * that keeps the service's address inside the exchange's limits.
 *
 * Failure mapping (contract §2): connection errors, timeouts, 5xx, 3xx and
 * rate-limit answers (429/418) throw `UPSTREAM_FAILED` (502); other 4xx are
 * returned so a pass-through path can forward them unchanged. Errors are never
 * cached. Request signing is not done here: signed calls are built by their
 * own module and sent through `get`/`send` like any other.
 */

export type UpstreamHost = 'fapi' | 'web';
export type CacheStatus = 'hit' | 'miss';
export type QueryInput = Record<string, string | number | undefined> | URLSearchParams;

export interface UpstreamResponse {
  status: number;
  /** Lower-case header names, as the upstream sent them. */
  headers: Record<string, string>;
  contentType: string;
  body: Buffer;
}

export interface CachedUpstreamResponse extends UpstreamResponse {
  cache: CacheStatus;
}

export interface UpstreamRequestOptions {
  /** How long a 2xx answer may be reused; a function decides from the answer itself (e.g. only closed klines). Default 0. */
  cacheTtlMs?: number | ((response: UpstreamResponse) => number);
  /** The exchange's request weight, counted against the per-minute budget. Default 1 on the futures host, 0 elsewhere. */
  weight?: number;
  /** Wait for weight budget instead of failing at once: for background jobs, never for a user's request. */
  waitForBudget?: boolean;
  /** Extra request headers (e.g. an API-key header of a signed call); part of the coalescing key. */
  headers?: Record<string, string>;
}

export interface UpstreamClientOptions {
  fapiUrl: string;
  webUrl: string;
  /** The exchange's market-stream WebSocket host (`UPSTREAM_WS_URL`). */
  wsUrl?: string;
  timeoutMs: number;
  /** Below the exchange's 2400 per minute, leaving room for clock skew between our count and theirs. */
  weightBudgetPerMinute?: number;
  /** The fraction of the budget one client may spend per minute (`UPSTREAM_CLIENT_SHARE`); default 1. */
  clientShare?: number;
  maxCacheEntries?: number;
  /** Bytes of cached bodies; default 64 MiB. */
  maxCacheBytes?: number;
  connectionsPerHost?: number;
  metrics?: Metrics;
  logger?: Logger;
}

export const UPSTREAM_FAILED_MESSAGE = 'upstream request failed';
const USED_WEIGHT_HEADER = 'x-mbx-used-weight-1m';

export function upstreamFailed(retryAfterMs?: number): AppError {
  return new AppError(
    'UPSTREAM_FAILED',
    UPSTREAM_FAILED_MESSAGE,
    retryAfterMs === undefined ? {} : { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) },
  );
}

/** 429: this client has spent its share of the upstream budget; other clients are still served. */
function clientShareSpent(retryAfterMs: number): AppError {
  return new AppError('RATE_LIMITED', 'too many uncached market data requests from this client; retry later', {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}

export class UpstreamClient {
  private readonly agent: Agent;
  private readonly cache: ResponseCache<UpstreamResponse>;
  private readonly guards: Record<UpstreamHost, UpstreamGuard>;
  private readonly bases: Record<UpstreamHost, string>;
  private readonly parsed = new WeakMap<Buffer, unknown>();
  private readonly validated = new WeakMap<z.ZodType, WeakMap<Buffer, unknown>>();
  private readonly usedWeightGauge?: Gauge<'host'>;
  private readonly streams = new Set<MarketStream>();

  constructor(private readonly options: UpstreamClientOptions) {
    this.agent = new Agent({
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 60_000,
      connections: options.connectionsPerHost ?? 32,
      connectTimeout: options.timeoutMs,
    });
    this.cache = new ResponseCache<UpstreamResponse>({
      maxEntries: options.maxCacheEntries ?? 5_000,
      maxBytes: options.maxCacheBytes ?? 64 * 1024 * 1024,
      sizeOf: (response) => response.body.length,
    });
    const budget = options.weightBudgetPerMinute ?? 2_000;
    const share = options.clientShare ?? 1;
    this.guards = { fapi: new UpstreamGuard(budget, Date.now, share), web: new UpstreamGuard(budget, Date.now, share) };
    this.bases = { fapi: options.fapiUrl, web: options.webUrl };
    if (options.metrics) {
      this.usedWeightGauge = new Gauge({
        name: 'upstream_used_weight_1m',
        help: 'Request weight the upstream host reports as used by this address in the current minute',
        labelNames: ['host'],
        registers: [options.metrics.registry],
      });
    }
  }

  /** A GET whose answer is 2xx or a 4xx other than 429/418; anything else throws `UPSTREAM_FAILED`. */
  async get(host: UpstreamHost, path: string, query: QueryInput = {}, options: UpstreamRequestOptions = {}): Promise<CachedUpstreamResponse> {
    const url = `${this.bases[host]}${path}${queryString(query)}`;
    const key = options.headers ? `${url}\n${JSON.stringify(options.headers)}` : url;
    const cached = this.cache.get(key);
    if (cached) {
      this.noteConsulted(key, cached);
      return { ...cached, cache: 'hit' };
    }
    const ttl = options.cacheTtlMs ?? 0;
    const { value } = await this.cache.coalesce(
      key,
      () => this.send(host, path, url, options),
      (response) => (response.status >= 200 && response.status < 300 ? (typeof ttl === 'function' ? ttl(response) : ttl) : 0),
    );
    this.noteConsulted(key, value);
    return { ...value, cache: 'miss' };
  }

  /** `get` for gateway use: only a 2xx JSON answer is a result; the parsed value is shared by every caller of a cached answer, so it must not be mutated. */
  async getJson<T>(host: UpstreamHost, path: string, query: QueryInput = {}, options: UpstreamRequestOptions = {}): Promise<{ data: T; cache: CacheStatus }> {
    const response = await this.get(host, path, query, options);
    if (response.status < 200 || response.status >= 300) throw upstreamFailed();
    return { data: this.parse<T>(response), cache: response.cache };
  }

  /** `getJson` with the answer checked against `schema` (see `validate`). */
  async getValid<T>(
    schema: z.ZodType<T>,
    host: UpstreamHost,
    path: string,
    query: QueryInput = {},
    options: UpstreamRequestOptions = {},
  ): Promise<{ data: T; cache: CacheStatus }> {
    const response = await this.get(host, path, query, options);
    if (response.status < 200 || response.status >= 300) throw upstreamFailed();
    return { data: this.validate(schema, response, path), cache: response.cache };
  }

  /**
   * The body checked against the shape the caller reads, once per upstream
   * answer however often it is served from the cache: an answer of another
   * shape is an upstream failure (502), never a cast. The value is shared, so
   * it must not be mutated.
   */
  validate<T>(schema: z.ZodType<T>, response: UpstreamResponse, path: string): T {
    let bySchema = this.validated.get(schema);
    if (!bySchema) {
      bySchema = new WeakMap();
      this.validated.set(schema, bySchema);
    }
    if (bySchema.has(response.body)) return bySchema.get(response.body) as T;
    const checked = schema.safeParse(this.parse(response));
    if (!checked.success) {
      this.count(path, 'unexpected_shape');
      this.options.logger?.warn({ path, issues: checked.error.issues.slice(0, 3) }, 'upstream answer has an unexpected shape');
      throw upstreamFailed();
    }
    bySchema.set(response.body, checked.data);
    return checked.data;
  }

  /** Parses a JSON body once per upstream answer, however often it is served from the cache. */
  parse<T>(response: UpstreamResponse): T {
    let value = this.parsed.get(response.body);
    if (value === undefined) {
      try {
        value = JSON.parse(response.body.toString('utf8'));
      } catch {
        throw upstreamFailed();
      }
      this.parsed.set(response.body, value);
    }
    return value as T;
  }

  usedWeight(host: UpstreamHost = 'fapi'): number {
    return this.guards[host].usedWeight();
  }

  /** Forgets cached answers (tests and operators; the TTLs make it unnecessary otherwise). */
  clearCache(): void {
    this.cache.clear();
  }

  /** Opens one of the exchange's market streams (see `MarketStream`) until the returned function or `close()` closes it. */
  openStream(stream: string, handlers: MarketStreamHandlers, options: { silenceLimitMs?: number } = {}): () => void {
    const opened = new MarketStream({ baseUrl: this.options.wsUrl ?? 'wss://fstream.binance.com', stream, logger: this.options.logger, ...options }, handlers);
    this.streams.add(opened);
    return () => {
      this.streams.delete(opened);
      opened.close();
    };
  }

  /** At shutdown nothing waits for an answer any more (a cancelled backtest may leave a history fetch behind): cut what is in flight. */
  close(): Promise<void> {
    for (const stream of this.streams) stream.close();
    this.streams.clear();
    return this.agent.destroy();
  }

  private async send(host: UpstreamHost, path: string, url: string, options: UpstreamRequestOptions): Promise<UpstreamResponse> {
    const guard = this.guards[host];
    const weight = options.weight ?? (host === 'fapi' ? 1 : 0);
    if (options.waitForBudget) {
      for (let wait = guard.waitTimeFor(weight); wait > 0; wait = guard.waitTimeFor(weight)) await sleep(wait);
    }
    const verdict = guard.admit(weight, currentUpstreamCaller());
    if (!verdict.allowed) {
      this.count(path, verdict.reason);
      if (verdict.reason === 'client_share') throw clientShareSpent(verdict.retryAfterMs);
      throw upstreamFailed(verdict.retryAfterMs);
    }
    let response: UpstreamResponse;
    try {
      const answer = await request(url, {
        method: 'GET',
        dispatcher: this.agent,
        headers: { accept: 'application/json', ...options.headers },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const body = Buffer.from(await answer.body.arrayBuffer());
      const headers = flattenHeaders(answer.headers);
      response = { status: answer.statusCode, headers, contentType: headers['content-type'] ?? 'application/json', body };
    } catch (error) {
      const reason = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError') ? 'timeout' : 'network_error';
      this.count(path, reason);
      this.options.logger?.warn({ host, path, reason, err: error }, 'upstream request failed');
      throw upstreamFailed();
    }
    guard.recordUsedWeight(response.headers[USED_WEIGHT_HEADER]);
    this.usedWeightGauge?.set({ host }, guard.usedWeight());
    return this.classify(host, path, guard, response);
  }

  private classify(host: UpstreamHost, path: string, guard: UpstreamGuard, response: UpstreamResponse): UpstreamResponse {
    const { status } = response;
    if (status === 429 || status === 418) {
      const banMs = guard.recordBan(response.headers['retry-after']);
      this.count(path, 'rate_limited');
      this.options.logger?.error({ host, path, status, banMs }, 'upstream rate limit hit: refusing upstream calls until the ban ends');
      throw upstreamFailed(banMs);
    }
    if (status >= 200 && status < 300) {
      this.count(path, 'ok');
      return response;
    }
    if (status >= 400 && status < 500) {
      this.count(path, 'client_error');
      return response;
    }
    this.count(path, 'server_error');
    this.options.logger?.warn({ host, path, status }, 'upstream answered with an error');
    throw upstreamFailed();
  }

  /** An answer that was not kept (an error, or never cached) is never current, so nothing built on it is reused. */
  private noteConsulted(key: string, answer: UpstreamResponse): void {
    noteConsulted({ isCurrent: () => this.cache.get(key) === answer });
  }

  private count(path: string, outcome: string): void {
    this.options.metrics?.upstreamRequests.inc({ endpoint: path, outcome });
  }
}

function queryString(query: QueryInput): string {
  const params = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [name, value] of Object.entries(query)) if (value !== undefined) params.append(name, String(value));
  }
  const text = params.toString();
  return text.length > 0 ? `?${text}` : '';
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
