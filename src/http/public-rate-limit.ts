import type { Request, RequestHandler } from 'express';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Orm } from '../db/orm';
import { AppError } from '../errors/app-error';

/**
 * Per-IP limit on public endpoints (contract §2) through rate-limiter-flexible,
 * stored in PostgreSQL so every API process draws from the same budget.
 */
export function publicRateLimit(orm: Orm, perMinute: number): RequestHandler {
  const limiter = new RateLimiterPostgres({
    storeClient: orm.em.getConnection().getKnex(),
    storeType: 'knex',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: 'ip',
    points: perMinute,
    duration: 60,
    // Once an address is over its budget, further rejections are answered from memory without a database round trip.
    inMemoryBlockOnConsumed: perMinute,
    inMemoryBlockDuration: 1,
    clearExpiredByTimeout: true,
  });
  return (req: Request, _res, next) => {
    limiter.consume(req.ip ?? 'unknown').then(
      () => next(),
      (rejection: unknown) => {
        if (rejection instanceof RateLimiterRes) {
          next(new AppError('RATE_LIMITED', 'rate limit exceeded', { retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) }));
        } else {
          next(rejection);
        }
      },
    );
  };
}

/** Paths outside the per-IP budget: probes and metrics, and the signed API, which has its own per-key weight budget. */
export function isExemptFromPublicLimit(path: string): boolean {
  return path === '/healthz' || path === '/readyz' || path === '/metrics' || path.startsWith('/v1/');
}
