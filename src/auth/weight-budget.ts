import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimiterStoreClient, type Orm } from '../db/orm';

/** The outcome of spending weight: `used` is the key's weight in the current window, this request included. */
export interface WeightSpend {
  used: number;
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * The per-key weight budget of signed requests (contract §6), held by
 * rate-limiter-flexible in PostgreSQL (the `rate_limits` table, prefix
 * `weight`) so every API process spends from the same budget. The window is
 * the library's: it opens with a key's first request and lasts 60 s.
 */
export class WeightBudget {
  private readonly limiter: RateLimiterPostgres;

  constructor(
    orm: Orm,
    readonly perMinute: number,
  ) {
    this.limiter = new RateLimiterPostgres({
      storeClient: rateLimiterStoreClient(orm),
      storeType: 'knex',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: 'weight',
      points: perMinute,
      duration: 60,
      clearExpiredByTimeout: true,
    });
  }

  async spend(apiKeyId: number, weight: number): Promise<WeightSpend> {
    try {
      const result = await this.limiter.consume(String(apiKeyId), weight);
      return { used: result.consumedPoints, allowed: true, retryAfterSeconds: 0 };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { used: rejection.consumedPoints, allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
  }
}
