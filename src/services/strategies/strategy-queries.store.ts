import { randomBytes } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ownedBy, type Caller } from '../../auth/caller';
import { nativeQuery, placeholders } from '../../db/native-query';
import { StrategyOrder, type OrderPurpose } from '../../entities/strategy-order.entity';
import { StrategyPosition } from '../../entities/strategy-position.entity';
import { Strategy, type StrategyStatus } from '../../entities/strategy.entity';
import type { EventEnvelope } from '../../events/event-types';
import { recordEvent, type NewEvent } from '../../events/outbox.store';
import type { CursorPosition } from '../pagination';
import type { TripRow } from './strategy-halts';

export interface StatsRow {
  strategy_id: string;
  open: string;
  trades: string;
  wins: string;
  pnl: string | null;
}

export type NewPosition = Omit<StrategyPosition, 'id' | 'exitPrice' | 'exitFee' | 'pnl' | 'closedAt' | 'closeReason' | 'trailExtreme' | 'funding'>;
export type NewOrder = Pick<StrategyOrder, 'strategyId' | 'symbol' | 'purpose' | 'side' | 'positionSide'> &
  Partial<Pick<StrategyOrder, 'positionId' | 'quantity' | 'triggerPrice' | 'closeReason' | 'signalBarClose'>>;

/**
 * The row queries of the strategy tables (`strategies`, `strategy_positions`,
 * `strategy_orders`) on a unit of work that `unit` gives: `StrategyStore`
 * gives each call a fresh fork of the ORM, a `StrategyTransaction` its own
 * transaction. A service takes either as "the store" and so reads the same
 * way inside a transaction and outside one, without holding the ORM.
 */
export class StrategyQueries {
  constructor(private readonly unit: () => EntityManager) {}

  async insertStrategy(fields: Omit<Strategy, 'status'> & { status: StrategyStatus }): Promise<Strategy> {
    const em = this.unit();
    const strategy = em.create(Strategy, fields);
    await em.flush();
    return strategy;
  }

  /** The caller's strategy (another key's is not found); `lock` (in a transaction) waits for the row lock of a state change. */
  findOwned(caller: Caller, id: string, lock = false): Promise<Strategy | null> {
    return this.unit().findOne(Strategy, { id, ...ownedBy(caller) }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  }

  /** Those of `ids` that are the caller's strategies, in one query. */
  findOwnedMany(caller: Caller, ids: readonly string[]): Promise<Strategy[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.unit().find(Strategy, { id: { $in: [...ids] }, ...ownedBy(caller) });
  }

  findStrategy(id: string): Promise<Strategy | null> {
    return this.unit().findOne(Strategy, { id });
  }

  /** The caller's strategies, newest first, one row more than `limit` (keyset on created_at, id). */
  pageOfStrategies(caller: Caller, status: StrategyStatus | undefined, after: CursorPosition | undefined, limit: number): Promise<Strategy[]> {
    return this.unit().find(
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
  statsRows(strategyIds: string[]): Promise<StatsRow[]> {
    if (strategyIds.length === 0) return Promise.resolve([]);
    return nativeQuery<StatsRow>(
      this.unit(),
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
  lastTrips(strategyIds: string[]): Promise<TripRow[]> {
    if (strategyIds.length === 0) return Promise.resolve([]);
    return nativeQuery<TripRow>(
      this.unit(),
      `SELECT DISTINCT ON (data->>'strategy_id', data->>'symbol', data->>'reason')
              data->>'strategy_id' AS strategy_id, data->>'symbol' AS symbol, data->>'reason' AS reason,
              data->>'equity' AS equity, data->>'threshold' AS threshold, created_at
         FROM outbox_events
        WHERE type = 'strategy.protection_triggered' AND data->>'strategy_id' IN (${placeholders(strategyIds)})
        ORDER BY data->>'strategy_id', data->>'symbol', data->>'reason', seq DESC`,
      strategyIds,
    );
  }

  /**
   * When the symbol's last losing exit of the run that the runtime did not
   * send was filled: an exchange-held stop, take-profit or trailing stop, a
   * liquidation, an outside or a manual close (null when none).
   */
  async lastLossOutsideRuntime(strategyId: string, symbol: string, since: Date): Promise<Date | null> {
    const [row] = await nativeQuery<{ at: string | null }>(
      this.unit(),
      `SELECT max(closed_at) AS at FROM strategy_positions
        WHERE strategy_id = ? AND symbol = ? AND opened_at >= ? AND pnl <= 0
          AND close_reason IN ('stop_loss', 'take_profit', 'trailing_stop', 'liquidation', 'external', 'manual')`,
      [strategyId, symbol, since],
    );
    return row?.at ? new Date(row.at) : null;
  }

  // positions

  openPosition(strategyId: string, symbol: string): Promise<StrategyPosition | null> {
    return this.unit().findOne(StrategyPosition, { strategyId, symbol, closedAt: null });
  }

  findPosition(id: string): Promise<StrategyPosition | null> {
    return this.unit().findOne(StrategyPosition, { id });
  }

  openPositions(strategyId: string): Promise<StrategyPosition[]> {
    return this.unit().find(StrategyPosition, { strategyId, closedAt: null }, { orderBy: { openedAt: 'asc' } });
  }

  async insertPosition(fields: NewPosition): Promise<StrategyPosition> {
    const em = this.unit();
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

  /** What the symbol's closed trades of this run made or lost (null when none). */
  async runPnl(strategyId: string, symbol: string, since: Date): Promise<string | null> {
    const [row] = await nativeQuery<{ pnl: string | null }>(
      this.unit(),
      'SELECT sum(pnl) AS pnl FROM strategy_positions WHERE strategy_id = ? AND symbol = ? AND closed_at IS NOT NULL AND opened_at >= ?',
      [strategyId, symbol, since],
    );
    return row?.pnl ?? null;
  }

  // live orders

  async insertOrder(fields: NewOrder): Promise<StrategyOrder> {
    const em = this.unit();
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

  /** Orders whose outcome is not known yet (intents) or that the exchange still holds (open conditional orders), oldest first. */
  unsettledOrders(strategyId: string): Promise<StrategyOrder[]> {
    return this.unit().find(StrategyOrder, { strategyId, status: { $in: ['intended', 'open'] } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** Whether an entry or exit of the strategy was sent (or is about to be) and its outcome is not recorded yet. */
  async marketOrderInFlight(strategyId: string): Promise<boolean> {
    return (await this.unit().count(StrategyOrder, { strategyId, purpose: { $in: ['entry', 'exit'] }, status: 'intended' })) > 0;
  }

  /** The conditional orders protecting a position that the exchange may still hold. */
  protectiveOrders(positionId: string): Promise<StrategyOrder[]> {
    return this.unit().find(StrategyOrder, {
      positionId,
      purpose: { $in: ['stop_loss', 'take_profit', 'trailing_stop'] },
      status: { $in: ['intended', 'open'] },
    });
  }

  /** Whether a position has had its conditional orders placed (whatever became of them). */
  async hasProtection(positionId: string): Promise<boolean> {
    return (await this.unit().count(StrategyOrder, { positionId, purpose: { $in: ['stop_loss', 'take_profit', 'trailing_stop'] } })) > 0;
  }
}

/**
 * One transaction of the strategy tables. A user's edit waits for the row
 * lock (`PESSIMISTIC_WRITE`); what the services change on the entities it
 * loaded is written by `flush` (and on commit).
 */
export class StrategyTransaction extends StrategyQueries {
  constructor(private readonly em: EntityManager) {
    super(() => em);
  }

  /** A strategy by id, locked for the runtime's state change. */
  lockStrategy(id: string): Promise<Strategy | null> {
    return this.em.findOne(Strategy, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** A position row under its lock (fresh from the database), so every path that closes it outside an order's own lock closes it once. */
  lockPosition(id: string): Promise<StrategyPosition | null> {
    return this.em.findOne(StrategyPosition, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  /** An order row, locked so that two processes settling it apply its outcome once. */
  lockOrder(id: string): Promise<StrategyOrder | null> {
    return this.em.findOne(StrategyOrder, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  flush(): Promise<void> {
    return this.em.flush();
  }

  /** Records a strategy event in the outbox, published when the transaction commits. */
  recordEvent(event: NewEvent): Promise<EventEnvelope> {
    return recordEvent(this.em, event);
  }
}

/** Also the order's `newClientOrderId` / `clientAlgoId`: the exchange allows `[.A-Z:/a-z0-9_-]{1,36}`. */
function newOrderId(purpose: OrderPurpose): string {
  const prefix = { entry: 'oen', exit: 'oex', stop_loss: 'osl', take_profit: 'otp', trailing_stop: 'ots' }[purpose];
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}
