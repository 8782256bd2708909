import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../../../db/orm';
import { isHeldSql } from '../../../db/process-liveness';
import { nativeQuery } from '../../../db/native-query';
import { StrategyOrder } from '../../../entities/strategy-order.entity';
import { StrategyPosition } from '../../../entities/strategy-position.entity';
import { Strategy } from '../../../entities/strategy.entity';

/** Accounts that need a stream: those with a deployed live strategy. */
const LIVE_USERS = `SELECT DISTINCT user_id FROM strategies WHERE status = 'deployed' AND run_dry = false`;

/**
 * The SQL of the user data streams (contract §20): which live worker keeps
 * each account's stream (claimed like a strategy: a row names its owner's
 * liveness id, and a dead owner's rows are free at once), and the live
 * positions the stream's events concern.
 */
export class AccountStreamStore {
  constructor(private readonly orm: Orm) {}

  private fork(): EntityManager {
    return this.orm.em.fork();
  }

  /** Claims the accounts no live worker holds and returns every account this worker keeps a stream for. */
  async claim(workerId: number): Promise<number[]> {
    const em = this.fork();
    await nativeQuery(em, `INSERT INTO account_streams (user_id) ${LIVE_USERS} ON CONFLICT DO NOTHING`, []);
    await nativeQuery(
      em,
      `UPDATE account_streams SET worker_id = ? WHERE user_id IN (${LIVE_USERS})
         AND (worker_id IS NULL OR (worker_id <> ? AND NOT ${isHeldSql('worker_id')}))`,
      [workerId, workerId],
    );
    const rows = await nativeQuery<{ user_id: number }>(em, `SELECT user_id FROM account_streams WHERE worker_id = ? AND user_id IN (${LIVE_USERS})`, [
      workerId,
    ]);
    return rows.map((row) => row.user_id);
  }

  /** The account's open live positions (optionally on one symbol), each with its strategy. */
  async openPositions(userId: number, symbol?: string): Promise<{ strategy: Strategy; position: StrategyPosition }[]> {
    const em = this.fork();
    const strategies = await em.find(Strategy, { userId });
    if (strategies.length === 0) return [];
    const byId = new Map(strategies.map((strategy) => [strategy.id, strategy]));
    const positions = await em.find(StrategyPosition, {
      strategyId: { $in: [...byId.keys()] },
      closedAt: null,
      dryRun: false,
      ...(symbol ? { symbol } : {}),
    });
    return positions.map((position) => ({ strategy: byId.get(position.strategyId)!, position }));
  }

  /** Whether `clientOrderId` is one of the service's own market orders (the live order path records their fills). */
  async isOwnMarketOrder(clientOrderId: string): Promise<boolean> {
    return (await this.fork().count(StrategyOrder, { id: clientOrderId, purpose: { $in: ['entry', 'exit'] } })) > 0;
  }
}
