import { ownedBy, type Caller } from '../../auth/caller';
import { nativeQuery, placeholders, StoreSql } from '../../db/native-query';
import type { Orm } from '../../db/orm';
import { isHeldSql } from '../../db/process-liveness';
import type { CloseReason } from '../../entities/strategy-position.entity';
import { Strategy } from '../../entities/strategy.entity';
import type { CursorPosition } from '../pagination';
import { StrategyQueries, StrategyTransaction } from './strategy-queries.store';

/**
 * The strategy feature's database access, with `strategy-queries.store.ts` (the
 * row queries, here each on a fresh fork, and `transaction`): the runtime's
 * claim, which takes only strategies no live worker holds, the contract §11
 * pages of positions and the reads of strategy events.
 */

/** A `strategy_positions` row as the §11 pages read it; exit fields null while open. */
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
  /** Paid (positive) or received (negative) while open; part of `pnl`. */
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

const POSITION_COLUMNS =
  'id, strategy_id, symbol, side, quantity, entry_price, entry_fee, opened_at, exit_price, exit_fee, funding, pnl, closed_at, close_reason, trail_extreme, dry_run';

export class StrategyStore extends StrategyQueries {
  private readonly sql: StoreSql;

  constructor(private readonly orm: Orm) {
    super(() => orm.em.fork());
    this.sql = new StoreSql(orm);
  }

  /** Runs `work` in one transaction (written on commit). */
  transaction<T>(work: (tx: StrategyTransaction) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional((em) => work(new StrategyTransaction(em)));
  }

  /** Claims the deployed strategies no live worker holds and returns all of this worker's. */
  async claim(workerId: number): Promise<Strategy[]> {
    await this.sql.all(
      `UPDATE strategies SET worker_id = ? WHERE status = 'deployed'
         AND (worker_id IS NULL OR (worker_id <> ? AND NOT ${isHeldSql('worker_id')}))`,
      [workerId, workerId],
    );
    return this.orm.em.fork().find(Strategy, { status: 'deployed', workerId });
  }

  /** One position as contract §11 pages carry it. */
  async positionRow(id: string): Promise<PositionRow | null> {
    const [row] = await this.sql.all<PositionRow>(`SELECT ${POSITION_COLUMNS} FROM strategy_positions WHERE id = ?`, [id]);
    return row ?? null;
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
    return this.sql.all<PositionRow>(
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
    const [row] = await this.sql.all<{ seq: string; strategy_id: string | null }>(
      `SELECT seq, data->>'strategy_id' AS strategy_id FROM outbox_events WHERE id = ? AND type LIKE 'strategy.%'`,
      [eventId],
    );
    if (!row || (strategyIds !== 'any' && !strategyIds.includes(row.strategy_id ?? ''))) return null;
    return row.seq;
  }

  /** Per strategy, the first `limit + 1` events recorded after `afterSeq`, oldest first, in one statement. */
  eventPages(strategyIds: readonly string[], afterSeq: string | null, limit: number): Promise<EventRow[]> {
    if (strategyIds.length === 0) return Promise.resolve([]);
    return this.sql.all<EventRow>(
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
    return this.sql.all<EventRow>(
      `SELECT id, data->>'strategy_id' AS strategy_id, type, data, created_at, seq FROM outbox_events
        WHERE type LIKE 'strategy.%' AND data->>'strategy_id' IN (${placeholders(strategyIds)}) AND seq > ?
        ORDER BY seq LIMIT ?`,
      [...strategyIds, afterSeq, limit],
    );
  }

  /** The ids of the `strategy.position_closed` events of these positions. */
  async closeEventIds(positionIds: readonly string[]): Promise<string[]> {
    if (positionIds.length === 0) return [];
    const rows = await this.sql.all<{ id: string }>(
      `SELECT id FROM outbox_events WHERE type = 'strategy.position_closed' AND data->>'position_id' IN (${placeholders(positionIds)}) ORDER BY seq`,
      [...positionIds],
    );
    return rows.map((row) => row.id);
  }

  /** The caller's strategy ids (for the subscription of all of them). */
  async ownedStrategyIds(caller: Caller): Promise<string[]> {
    const rows = await this.orm.em.fork().find(Strategy, ownedBy(caller), { fields: ['id'] });
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
      this.orm.em.fork(),
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
}
