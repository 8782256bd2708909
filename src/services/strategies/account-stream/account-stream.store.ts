import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../../../db/orm';
import { isHeldSql } from '../../../db/process-liveness';
import { nativeQuery, placeholders } from '../../../db/native-query';
import { StrategyOrder } from '../../../entities/strategy-order.entity';
import { StrategyPosition } from '../../../entities/strategy-position.entity';
import { Strategy } from '../../../entities/strategy.entity';

/** The purposes of the conditional orders that protect a position on the exchange. */
const PROTECTIVE = `'stop_loss', 'take_profit', 'trailing_stop'`;
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

  /** The account's live strategies with a conditional order the service believes the exchange holds, and those orders' client ids. */
  async strategiesWithOpenProtection(userId: number): Promise<{ strategy: Strategy; orderIds: string[] }[]> {
    const rows = await nativeQuery<{ strategy_id: string; order_ids: string[] }>(
      this.fork(),
      `SELECT o.strategy_id, array_agg(o.id) AS order_ids FROM strategy_orders o JOIN strategies s ON s.id = o.strategy_id
        WHERE s.user_id = ? AND o.status = 'open' AND o.purpose IN (${PROTECTIVE}) GROUP BY o.strategy_id`,
      [userId],
    );
    if (rows.length === 0) return [];
    const strategies = await this.fork().find(Strategy, { id: { $in: rows.map((row) => row.strategy_id) } });
    return strategies.map((strategy) => ({ strategy, orderIds: rows.find((row) => row.strategy_id === strategy.id)!.order_ids }));
  }

  /**
   * Which of `clientIds` are the service's own orders whose position is no
   * longer open here, with the order's recorded status: what the exchange
   * still holds of them protects nothing.
   */
  async ordersOfClosedPositions(userId: number, clientIds: string[]): Promise<{ id: string; symbol: string; status: string }[]> {
    if (clientIds.length === 0) return [];
    return nativeQuery(
      this.fork(),
      `SELECT o.id, o.symbol, o.status FROM strategy_orders o
         JOIN strategies s ON s.id = o.strategy_id
         JOIN strategy_positions p ON p.id = o.position_id
        WHERE s.user_id = ? AND o.id IN (${placeholders(clientIds)}) AND p.closed_at IS NOT NULL`,
      [userId, ...clientIds],
    );
  }

  /** An order the service cancelled on the exchange during a repair; one settled meanwhile keeps its outcome. */
  async markCancelled(orderId: string): Promise<void> {
    await nativeQuery(this.fork(), `UPDATE strategy_orders SET status = 'cancelled', updated_at = now() WHERE id = ? AND status IN ('intended', 'open')`, [
      orderId,
    ]);
  }

  /** Where the account's funding history needs reading from: the opening of its oldest open live position (null when it has none). */
  async fundingSince(userId: number): Promise<Date | null> {
    const [row] = await nativeQuery<{ since: string | null }>(
      this.fork(),
      `SELECT min(p.opened_at) AS since FROM strategy_positions p JOIN strategies s ON s.id = p.strategy_id
        WHERE s.user_id = ? AND p.dry_run = false AND p.closed_at IS NULL`,
      [userId],
    );
    return row?.since ? new Date(row.since) : null;
  }

  /**
   * One funding fee of the account (contract §20): shared among its live
   * positions on the symbol held at that time, by quantity, each adding its
   * share to `funding` and taking it off a pnl already recorded, once per
   * position and funding time whoever records it (the row's primary key;
   * the UPDATE waits for a close holding the position's lock, and then sees
   * its pnl).
   */
  async recordFunding(userId: number, fee: { symbol: string; time: Date; income: string; tranId: number }): Promise<number> {
    const rows = await nativeQuery<{ id: string }>(
      this.fork(),
      `WITH held AS (
         SELECT p.id, p.quantity FROM strategy_positions p JOIN strategies s ON s.id = p.strategy_id
          WHERE s.user_id = ? AND p.symbol = ? AND p.dry_run = false AND p.opened_at <= ? AND (p.closed_at IS NULL OR p.closed_at >= ?)
       ), charged AS (
         INSERT INTO position_funding (position_id, funding_time, amount, tran_id)
         SELECT held.id, ?, -(?::numeric) * held.quantity / total.quantity, ? FROM held, (SELECT sum(quantity) AS quantity FROM held) total
         ON CONFLICT DO NOTHING RETURNING position_id, amount
       )
       UPDATE strategy_positions p SET funding = p.funding + charged.amount, pnl = p.pnl - charged.amount
         FROM charged WHERE p.id = charged.position_id RETURNING p.id`,
      [userId, fee.symbol, fee.time, fee.time, fee.time, fee.income, fee.tranId],
    );
    return rows.length;
  }

  /** Whether `clientOrderId` is one of the service's own market orders (the live order path records their fills). */
  async isOwnMarketOrder(clientOrderId: string): Promise<boolean> {
    return (await this.fork().count(StrategyOrder, { id: clientOrderId, purpose: { $in: ['entry', 'exit'] } })) > 0;
  }
}
