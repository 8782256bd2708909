import { randomBytes } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ownedBy, type Caller } from '../../auth/caller';
import { nativeQuery, placeholders } from '../../db/native-query';
import type { Orm } from '../../db/orm';
import { isHeldSql } from '../../db/process-liveness';
import { StrategyOrder, type OrderPurpose } from '../../entities/strategy-order.entity';
import { StrategyPosition, type CloseReason } from '../../entities/strategy-position.entity';
import { Strategy, type StrategyStatus } from '../../entities/strategy.entity';
import type { CursorPosition } from '../pagination';
import type { TripRow } from './strategy-halts';

/**
 * Every SQL statement and ORM query of the strategy tables (`strategies`,
 * `strategy_positions`, `strategy_orders`) and the reads of strategy events,
 * so the feature's database access can be reviewed as a whole. A user's
 * edit waits for the row lock (`PESSIMISTIC_WRITE`); the runtime's claim
 * takes only strategies no live worker holds.
 */

export interface StatsRow {
  strategy_id: string;
  open: string;
  trades: string;
  wins: string;
  pnl: string | null;
}

export interface PositionRow {
  id: string;
  strategy_id: string;
  symbol: string;
  side: 'long' | 'short';
  quantity: string;
  entry_price: string;
  entry_fee: string;
  /** Timestamps arrive as PostgreSQL's text (the ORM's driver leaves them unparsed). */
  opened_at: string;
  exit_price: string | null;
  exit_fee: string | null;
  funding: string;
  pnl: string | null;
  closed_at: string | null;
  close_reason: CloseReason | null;
  dry_run: boolean;
}

export interface EventRow {
  id: string;
  strategy_id: string;
  type: string;
  data: Record<string, unknown>;
  created_at: string;
  seq: string;
}

/** A strategy event with its strategy's owner (for the subscription bridge's ownership filter). */
export type OwnedEventRow = EventRow & { user_id: number; api_key_id: number | null };

export type NewPosition = Omit<StrategyPosition, 'id' | 'exitPrice' | 'exitFee' | 'pnl' | 'closedAt' | 'closeReason' | 'trailExtreme' | 'funding'>;
export type NewOrder = Pick<StrategyOrder, 'strategyId' | 'symbol' | 'purpose' | 'side' | 'positionSide'> &
  Partial<Pick<StrategyOrder, 'positionId' | 'quantity' | 'triggerPrice' | 'closeReason' | 'signalBarClose'>>;

const POSITION_COLUMNS =
  'id, strategy_id, symbol, side, quantity, entry_price, entry_fee, opened_at, exit_price, exit_fee, funding, pnl, closed_at, close_reason, trail_extreme, dry_run';

export class StrategyStore {
  constructor(private readonly orm: Orm) {}

  fork(): EntityManager {
    return this.orm.em.fork();
  }

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.fork().transactional(work);
  }

  flush(em: EntityManager): Promise<void> {
    return em.flush();
  }

  async insertStrategy(em: EntityManager, fields: Omit<Strategy, 'status'> & { status: StrategyStatus }): Promise<Strategy> {
    const strategy = em.create(Strategy, fields);
    await em.flush();
    return strategy;
  }

  /** The caller's strategy (another key's is not found); `lock` waits for the row lock of a state change. */
  findOwned(em: EntityManager, caller: Caller, id: string, lock = false): Promise<Strategy | null> {
    return em.findOne(Strategy, { id, ...ownedBy(caller) }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  }

  /** Those of `ids` that are the caller's strategies, in one query. */
  findOwnedMany(em: EntityManager, caller: Caller, ids: readonly string[]): Promise<Strategy[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return em.find(Strategy, { id: { $in: [...ids] }, ...ownedBy(caller) });
  }

  /** A strategy by id, locked for the runtime's state change. */
  lockStrategy(em: EntityManager, id: string): Promise<Strategy | null> {
    return em.findOne(Strategy, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  findStrategy(em: EntityManager, id: string): Promise<Strategy | null> {
    return em.findOne(Strategy, { id });
  }

  /** The caller's strategies, newest first, one row more than `limit` (keyset on created_at, id). */
  pageOfStrategies(
    em: EntityManager,
    caller: Caller,
    status: StrategyStatus | undefined,
    after: CursorPosition | undefined,
    limit: number,
  ): Promise<Strategy[]> {
    return em.find(
      Strategy,
      {
        ...ownedBy(caller),
        ...(status ? { status } : {}),
        ...(after ? { $or: [{ createdAt: { $lt: after.at } }, { createdAt: after.at, id: { $lt: after.id } }] } : {}),
      },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1 },
    );
  }

  /** Stats of several strategies in one statement: closed positions are trades. */
  statsRows(em: EntityManager, strategyIds: string[]): Promise<StatsRow[]> {
    if (strategyIds.length === 0) return Promise.resolve([]);
    return nativeQuery<StatsRow>(
      em,
      `SELECT strategy_id,
              count(*) FILTER (WHERE closed_at IS NULL) AS open,
              count(*) FILTER (WHERE closed_at IS NOT NULL) AS trades,
              count(*) FILTER (WHERE closed_at IS NOT NULL AND pnl > 0) AS wins,
              sum(pnl) FILTER (WHERE closed_at IS NOT NULL) AS pnl
         FROM strategy_positions WHERE strategy_id IN (${placeholders(strategyIds)}) GROUP BY strategy_id`,
      strategyIds,
    );
  }

  /** The latest `strategy.protection_triggered` per strategy, symbol and rule, for the halts the strategies' records show. */
  lastTrips(em: EntityManager, strategyIds: string[]): Promise<TripRow[]> {
    if (strategyIds.length === 0) return Promise.resolve([]);
    return nativeQuery<TripRow>(
      em,
      `SELECT DISTINCT ON (data->>'strategy_id', data->>'symbol', data->>'reason')
              data->>'strategy_id' AS strategy_id, data->>'symbol' AS symbol, data->>'reason' AS reason,
              data->>'equity' AS equity, data->>'threshold' AS threshold, created_at
         FROM outbox_events
        WHERE type = 'strategy.protection_triggered' AND data->>'strategy_id' IN (${placeholders(strategyIds)})
        ORDER BY data->>'strategy_id', data->>'symbol', data->>'reason', seq DESC`,
      strategyIds,
    );
  }

  /** Claims the deployed strategies no live worker holds and returns all of this worker's. */
  async claim(workerId: number): Promise<Strategy[]> {
    const em = this.fork();
    await nativeQuery(
      em,
      `UPDATE strategies SET worker_id = ? WHERE status = 'deployed'
         AND (worker_id IS NULL OR (worker_id <> ? AND NOT ${isHeldSql('worker_id')}))`,
      [workerId, workerId],
    );
    return em.find(Strategy, { status: 'deployed', workerId });
  }

  // positions

  openPosition(em: EntityManager, strategyId: string, symbol: string): Promise<StrategyPosition | null> {
    return em.findOne(StrategyPosition, { strategyId, symbol, closedAt: null });
  }

  findPosition(em: EntityManager, id: string): Promise<StrategyPosition | null> {
    return em.findOne(StrategyPosition, { id });
  }

  /** A position row under its lock (fresh from the database), so every path that closes it outside an order's own lock closes it once. */
  lockPosition(em: EntityManager, id: string): Promise<StrategyPosition | null> {
    return em.findOne(StrategyPosition, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  openPositions(em: EntityManager, strategyId: string): Promise<StrategyPosition[]> {
    return em.find(StrategyPosition, { strategyId, closedAt: null }, { orderBy: { openedAt: 'asc' } });
  }

  async insertPosition(em: EntityManager, fields: NewPosition): Promise<StrategyPosition> {
    const position = em.create(StrategyPosition, {
      ...fields,
      id: `pos_${randomBytes(8).toString('hex')}`,
      exitPrice: null,
      exitFee: null,
      pnl: null,
      closedAt: null,
      closeReason: null,
      trailExtreme: null,
    });
    await em.flush();
    return position;
  }

  /** One position as contract §11 pages carry it. */
  async positionRow(id: string): Promise<PositionRow | null> {
    const [row] = await nativeQuery<PositionRow>(this.fork(), `SELECT ${POSITION_COLUMNS} FROM strategy_positions WHERE id = ?`, [id]);
    return row ?? null;
  }

  /** What the symbol's closed trades of this run made or lost (null when none). */
  async runPnl(em: EntityManager, strategyId: string, symbol: string, since: Date): Promise<string | null> {
    const [row] = await nativeQuery<{ pnl: string | null }>(
      em,
      'SELECT sum(pnl) AS pnl FROM strategy_positions WHERE strategy_id = ? AND symbol = ? AND closed_at IS NOT NULL AND opened_at >= ?',
      [strategyId, symbol, since],
    );
    return row?.pnl ?? null;
  }

  /**
   * Contract §11 pages for several strategies in one statement: per strategy
   * the `limit + 1` newest positions (by opened_at, id) after the cursor.
   */
  positionPages(
    strategyIds: readonly string[],
    status: 'open' | 'closed' | undefined,
    after: CursorPosition | undefined,
    limit: number,
  ): Promise<PositionRow[]> {
    if (strategyIds.length === 0) return Promise.resolve([]);
    const conditions = [`strategy_id IN (${placeholders(strategyIds)})`];
    const params: unknown[] = [...strategyIds];
    if (status) conditions.push(status === 'open' ? 'closed_at IS NULL' : 'closed_at IS NOT NULL');
    if (after) {
      conditions.push('(opened_at, id) < (?, ?)');
      params.push(after.at, after.id);
    }
    params.push(limit + 1);
    return nativeQuery<PositionRow>(
      this.fork(),
      `SELECT ${POSITION_COLUMNS} FROM (
         SELECT ${POSITION_COLUMNS}, row_number() OVER (PARTITION BY strategy_id ORDER BY opened_at DESC, id DESC) AS rank
           FROM strategy_positions WHERE ${conditions.join(' AND ')}
       ) ranked WHERE rank <= ? ORDER BY strategy_id, opened_at DESC, id DESC`,
      params,
    );
  }

  // events

  /** The recording position (`seq`) of a strategy event, or null when `eventId` is not one of `strategyIds`' events. */
  async eventSeq(strategyIds: readonly string[] | 'any', eventId: string): Promise<string | null> {
    const [row] = await nativeQuery<{ seq: string; strategy_id: string | null }>(
      this.fork(),
      `SELECT seq, data->>'strategy_id' AS strategy_id FROM outbox_events WHERE id = ? AND type LIKE 'strategy.%'`,
      [eventId],
    );
    if (!row || (strategyIds !== 'any' && !strategyIds.includes(row.strategy_id ?? ''))) return null;
    return row.seq;
  }

  /** Per strategy, the first `limit + 1` events recorded after `afterSeq`, oldest first, in one statement. */
  eventPages(strategyIds: readonly string[], afterSeq: string | null, limit: number): Promise<EventRow[]> {
    if (strategyIds.length === 0) return Promise.resolve([]);
    return nativeQuery<EventRow>(
      this.fork(),
      `SELECT id, strategy_id, type, data, created_at, seq FROM (
         SELECT id, data->>'strategy_id' AS strategy_id, type, data, created_at, seq,
                row_number() OVER (PARTITION BY data->>'strategy_id' ORDER BY seq) AS rank
           FROM outbox_events
          WHERE type LIKE 'strategy.%' AND data->>'strategy_id' IN (${placeholders(strategyIds)}) AND seq > ?
       ) ranked WHERE rank <= ? ORDER BY strategy_id, seq`,
      [...strategyIds, afterSeq ?? 0, limit + 1],
    );
  }

  /** Up to `limit` events of these strategies recorded after `afterSeq`, oldest first. */
  eventsAfter(strategyIds: readonly string[], afterSeq: string, limit: number): Promise<EventRow[]> {
    if (strategyIds.length === 0) return Promise.resolve([]);
    return nativeQuery<EventRow>(
      this.fork(),
      `SELECT id, data->>'strategy_id' AS strategy_id, type, data, created_at, seq FROM outbox_events
        WHERE type LIKE 'strategy.%' AND data->>'strategy_id' IN (${placeholders(strategyIds)}) AND seq > ?
        ORDER BY seq LIMIT ?`,
      [...strategyIds, afterSeq, limit],
    );
  }

  /** The ids of the `strategy.position_closed` events of these positions. */
  async closeEventIds(positionIds: readonly string[]): Promise<string[]> {
    if (positionIds.length === 0) return [];
    const rows = await nativeQuery<{ id: string }>(
      this.fork(),
      `SELECT id FROM outbox_events WHERE type = 'strategy.position_closed' AND data->>'position_id' IN (${placeholders(positionIds)}) ORDER BY seq`,
      [...positionIds],
    );
    return rows.map((row) => row.id);
  }

  /** The caller's strategy ids (for the subscription of all of them). */
  async ownedStrategyIds(caller: Caller): Promise<string[]> {
    const rows = await this.fork().find(Strategy, ownedBy(caller), { fields: ['id'] });
    return rows.map((row) => row.id);
  }

  /**
   * The recorded strategy events among `eventIds` with their strategies'
   * owners, in the order given; other kinds of event are left out. One
   * prepared statement for a whole run of notifications: an API process reads
   * back every event recorded anywhere while it has subscribers.
   */
  strategyEvents(eventIds: readonly string[]): Promise<OwnedEventRow[]> {
    return nativeQuery<OwnedEventRow>(
      this.fork(),
      `SELECT e.id, s.id AS strategy_id, e.type, e.data, e.created_at, e.seq, s.user_id, s.api_key_id
         FROM jsonb_array_elements_text(?::jsonb) WITH ORDINALITY AS wanted(id, position)
         JOIN outbox_events e ON e.id = wanted.id
         JOIN strategies s ON s.id = e.data->>'strategy_id'
        WHERE e.type LIKE 'strategy.%'
        ORDER BY wanted.position`,
      [JSON.stringify(eventIds)],
      'strategy_events_by_id',
    );
  }

  // live orders

  async insertOrder(em: EntityManager, fields: NewOrder): Promise<StrategyOrder> {
    const now = new Date();
    const order = em.create(StrategyOrder, {
      positionId: null,
      quantity: null,
      triggerPrice: null,
      closeReason: null,
      signalBarClose: null,
      ...fields,
      id: newOrderId(fields.purpose),
      status: 'intended',
      exchangeOrderId: null,
      createdAt: now,
      updatedAt: now,
    });
    await em.flush();
    return order;
  }

  /** An order row, locked so that two processes settling it apply its outcome once. */
  lockOrder(em: EntityManager, id: string): Promise<StrategyOrder | null> {
    return em.findOne(StrategyOrder, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** Orders whose outcome is not known yet (intents) or that the exchange still holds (open conditional orders), oldest first. */
  unsettledOrders(em: EntityManager, strategyId: string): Promise<StrategyOrder[]> {
    return em.find(StrategyOrder, { strategyId, status: { $in: ['intended', 'open'] } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** Whether an entry or exit of the strategy was sent (or is about to be) and its outcome is not recorded yet. */
  async marketOrderInFlight(em: EntityManager, strategyId: string): Promise<boolean> {
    return (await em.count(StrategyOrder, { strategyId, purpose: { $in: ['entry', 'exit'] }, status: 'intended' })) > 0;
  }

  /** The conditional orders protecting a position that the exchange may still hold. */
  protectiveOrders(em: EntityManager, positionId: string): Promise<StrategyOrder[]> {
    return em.find(StrategyOrder, {
      positionId,
      purpose: { $in: ['stop_loss', 'take_profit', 'trailing_stop'] },
      status: { $in: ['intended', 'open'] },
    });
  }

  /**
   * When the symbol's last losing exit of the run that the runtime did not
   * send was filled: an exchange-held stop, take-profit or trailing stop, a
   * liquidation, an outside or a manual close (null when none).
   */
  async lastLossOutsideRuntime(em: EntityManager, strategyId: string, symbol: string, since: Date): Promise<Date | null> {
    const [row] = await nativeQuery<{ at: string | null }>(
      em,
      `SELECT max(closed_at) AS at FROM strategy_positions
        WHERE strategy_id = ? AND symbol = ? AND opened_at >= ? AND pnl <= 0
          AND close_reason IN ('stop_loss', 'take_profit', 'trailing_stop', 'liquidation', 'external', 'manual')`,
      [strategyId, symbol, since],
    );
    return row?.at ? new Date(row.at) : null;
  }

  /** Whether a position has had its conditional orders placed (whatever became of them). */
  async hasProtection(em: EntityManager, positionId: string): Promise<boolean> {
    return (await em.count(StrategyOrder, { positionId, purpose: { $in: ['stop_loss', 'take_profit', 'trailing_stop'] } })) > 0;
  }
}

/** Also the order's `newClientOrderId` / `clientAlgoId`: the exchange allows `[.A-Z:/a-z0-9_-]{1,36}`. */
function newOrderId(purpose: OrderPurpose): string {
  const prefix = { entry: 'oen', exit: 'oex', stop_loss: 'osl', take_profit: 'otp', trailing_stop: 'ots' }[purpose];
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}
