import type { Request, RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimiterStoreClient, type Orm } from '../db/orm';
import { AppError } from '../errors/app-error';

/**
 * Per-IP limit on public endpoints (contract §2) through rate-limiter-flexible,
 * stored in PostgreSQL so every API process draws from the same budget.
 *
 * A database round trip per request capped a cached market-data endpoint at
 * about 1,000-2,000 req/s on 2 cores, so each process leases points in chunks
 * and spends them from memory. Every admitted request still matches a point
 * counted atomically in PostgreSQL, so the processes together never admit
 * more than the limit. A chunk is at most 1/8 of what the address has left
 * (one point when little is left, so the last points are exact), which bounds
 * the price of leasing: points one process holds are not available to the
 * same address on another process until the window ends. A busy address's
 * next chunk is asked for before its lease runs dry, so its requests never
 * wait for PostgreSQL, and cache hits answered before express
 * (remembered-answers.ts) spend leased points without waiting at all.
 */

/** The share of an address's remaining budget one process may take at once. */
const LEASE_SHARE = 8;
/**
 * A ceiling on one lease, so a very high limit still refreshes the shared
 * count several times a second under load. At 500, an address sending
 * 25,000 cache hits a second cost 50 PostgreSQL round trips a second and 2 %
 * of the process's CPU time, and hits waited on the express path whenever a
 * refill came late; only limits above 80,000 a minute reach this ceiling.
 */
const MAX_LEASE = 10_000;
/**
 * When a lease is down to this share of its last chunk, the next chunk is
 * asked for while the rest is spent: a busy address never finds its lease
 * empty, so its requests do not queue behind the PostgreSQL round trip.
 */
const REFILL_AHEAD_SHARE = 2;
/** Two grants whose windows end within this of each other are in the same window (windows are a minute long). */
const SAME_WINDOW_MS = 1_000;
const MAX_TRACKED_ADDRESSES = 100_000;

interface Lease {
  tokens: number;
  /** End of the address's current window, as the shared store reported it. */
  expiresAt: number;
  /** What the store said was left after the last lease: the base of the next chunk. */
  knownRemaining: number;
  /** The size of the last chunk granted: the refill-ahead mark is a share of it. */
  lastChunk: number;
  /** Set once the store says the window's budget is spent: rejections are then answered from memory. */
  exhaustedUntil: number;
  refilling?: Promise<void>;
}

export class LeasedRateLimiter {
  private readonly leases = new LRUCache<string, Lease>({ max: MAX_TRACKED_ADDRESSES });

  constructor(
    private readonly store: Pick<RateLimiterPostgres, 'consume'>,
    private readonly points: number,
  ) {}

  /** Spends a point of a lease this process already holds; false when that needs the shared store (then `take`). */
  takeLeased(key: string): boolean {
    const lease = this.leases.get(key);
    if (lease === undefined || lease.tokens <= 0 || lease.expiresAt <= Date.now()) return false;
    this.spend(key, lease);
    return true;
  }

  /** Resolves with `undefined` when the request may proceed, or with the milliseconds until the window ends. */
  async take(key: string): Promise<number | undefined> {
    for (;;) {
      const now = Date.now();
      let lease = this.leases.get(key);
      if (!lease || (lease.expiresAt <= now && !lease.refilling)) {
        lease = { tokens: 0, expiresAt: 0, knownRemaining: 0, lastChunk: 0, exhaustedUntil: 0 };
        this.leases.set(key, lease);
      }
      if (lease.tokens > 0 && lease.expiresAt > now) {
        this.spend(key, lease);
        return undefined;
      }
      if (lease.exhaustedUntil > now) return lease.exhaustedUntil - now;
      await this.refilled(key, lease);
    }
  }

  private spend(key: string, lease: Lease): void {
    lease.tokens -= 1;
    if (lease.tokens * REFILL_AHEAD_SHARE < lease.lastChunk && lease.knownRemaining > 0 && !lease.refilling) {
      // A failure here is the store's: the request that next finds the lease empty waits for a refill and meets it.
      this.refilled(key, lease).catch(() => undefined);
    }
  }

  private refilled(key: string, lease: Lease): Promise<void> {
    lease.refilling ??= this.refill(key, lease).finally(() => {
      lease.refilling = undefined;
    });
    return lease.refilling;
  }

  private async refill(key: string, lease: Lease): Promise<void> {
    const chunk = Math.min(MAX_LEASE, Math.max(1, Math.floor(lease.knownRemaining / LEASE_SHARE)));
    try {
      const granted = await this.store.consume(key, chunk);
      const expiresAt = Date.now() + granted.msBeforeNext;
      // Points left from an earlier window are not this window's to spend.
      const carried = Math.abs(expiresAt - lease.expiresAt) < SAME_WINDOW_MS ? lease.tokens : 0;
      lease.tokens = carried + chunk;
      lease.lastChunk = chunk;
      lease.knownRemaining = granted.remainingPoints;
      lease.expiresAt = expiresAt;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      // The store counted the whole chunk; the part that fitted under the limit before it is still ours to spend.
      const before = rejection.consumedPoints - chunk;
      const expiresAt = Date.now() + rejection.msBeforeNext;
      const carried = Math.abs(expiresAt - lease.expiresAt) < SAME_WINDOW_MS ? lease.tokens : 0;
      lease.tokens = carried + Math.max(0, Math.min(chunk, this.points - before));
      lease.lastChunk = chunk;
      lease.knownRemaining = 0;
      lease.expiresAt = expiresAt;
      lease.exhaustedUntil = lease.expiresAt;
    }
  }
}

export interface PublicRateLimit {
  middleware: RequestHandler;
  /** Admits a request from the points this process has leased for the address, without waiting; false: pass it to `middleware`. */
  admitLeased: (address: string) => boolean;
}

export function publicRateLimit(orm: Orm, perMinute: number): PublicRateLimit {
  const store = new RateLimiterPostgres({
    storeClient: rateLimiterStoreClient(orm),
    storeType: 'knex',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: 'ip',
    points: perMinute,
    duration: 60,
    clearExpiredByTimeout: true,
    // While PostgreSQL is unreachable each process limits on its own, so public market data stays up instead of answering 500.
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: 'ip', points: perMinute, duration: 60 }),
  });
  const limiter = new LeasedRateLimiter(store, perMinute);
  const refusal = (retryAfterMs: number) =>
    new AppError('RATE_LIMITED', 'rate limit exceeded', { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
  const middleware: RequestHandler = (req: Request, _res, next) => {
    const address = req.ip ?? 'unknown';
    req.chargePublicRequests = async (count) => {
      for (let taken = 0; taken < count; taken += 1) {
        const retryAfterMs = await limiter.take(address);
        if (retryAfterMs !== undefined) throw refusal(retryAfterMs);
      }
    };
    limiter.take(address).then((retryAfterMs) => next(retryAfterMs === undefined ? undefined : refusal(retryAfterMs)), next);
  };
  return { middleware, admitLeased: (address) => limiter.takeLeased(address) };
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Takes `count` more points of this address's budget, for requests worth more than one (GraphQL mutations with several root fields). */
    chargePublicRequests?: (count: number) => Promise<void>;
  }
}

/** Paths outside the per-IP budget: probes and metrics, and the signed API, which has its own per-key weight budget. */
export function isExemptFromPublicLimit(path: string): boolean {
  return path === '/healthz' || path === '/readyz' || path === '/metrics' || path.startsWith('/v1/');
}
