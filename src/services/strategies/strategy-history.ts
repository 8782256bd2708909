import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { parseOrInvalidParameter } from '../../errors/validation';
import type { EventEnvelope } from '../../events/event-types';
import { decodeCursor, pageOf } from '../pagination';
import type { StrategyStore } from './strategies.store';
import { eventRecord, positionRecord, type PositionRecord } from './strategy-records';

/** The `status` filter of a strategy's positions: still open, or closed (trades). */
export const POSITION_STATUSES = ['open', 'closed'] as const;

export const positionsQuery = z.object({
  status: z.enum(POSITION_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().optional(),
});

export const eventsQuery = z.object({
  after: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export interface PositionPage {
  data: PositionRecord[];
  next_cursor: string | null;
}

export interface EventPage {
  data: EventEnvelope[];
  next_cursor: string | null;
}

/** Events read per statement while a subscription catches up on the stored ones. */
const CATCH_UP_BATCH = 500;

/**
 * Contract §11: a strategy's positions (newest first, cursor pages) and its
 * stored events (oldest first, after an event id). Each page is read for
 * many strategies in one statement, so a GraphQL list of strategies with
 * their positions and events costs the same number of statements whatever
 * its length. Callers have checked that the strategies are the caller's.
 */
export class StrategyHistory {
  constructor(private readonly store: StrategyStore) {}

  async positions(strategyId: string, query: unknown): Promise<PositionPage> {
    const [page] = await this.positionPages([strategyId], query);
    return page!;
  }

  async events(strategyId: string, query: unknown): Promise<EventPage> {
    const [page] = await this.eventPages([strategyId], query, true);
    return page!;
  }

  /** One page per strategy id, in the order of `strategyIds`. */
  async positionPages(strategyIds: readonly string[], query: unknown): Promise<PositionPage[]> {
    const { status, limit, cursor } = parseOrInvalidParameter(positionsQuery, query ?? {});
    const filters = { status };
    const after = cursor ? decodeCursor(cursor, filters) : undefined;
    const rows = await this.store.positionPages(strategyIds, status, after, limit);
    const byStrategy = rowsByStrategy(rows);
    return strategyIds
      .map((id) => pageOf(byStrategy.get(id) ?? [], limit, (row) => ({ at: new Date(row.opened_at), id: row.id }), filters))
      .map((page) => ({ data: page.data.map(positionRecord), next_cursor: page.next_cursor }));
  }

  /** One page per strategy id; `after` must be an event of the strategy when `strict` (one strategy), of any strategy otherwise. */
  async eventPages(strategyIds: readonly string[], query: unknown, strict = false): Promise<EventPage[]> {
    const { after, limit } = parseOrInvalidParameter(eventsQuery, query ?? {});
    const afterSeq = after === undefined ? null : await this.seqOf(strict ? strategyIds : 'any', after);
    const rows = await this.store.eventPages(strategyIds, afterSeq, limit);
    const byStrategy = rowsByStrategy(rows);
    return strategyIds.map((id) => {
      const mine = byStrategy.get(id) ?? [];
      const data = mine.slice(0, limit).map(eventRecord);
      return { data, next_cursor: mine.length > limit ? (data.at(-1)?.id ?? null) : null };
    });
  }

  /** Where event `eventId` sits in the record order; 400 when it is not one of these strategies' events. */
  async seqOf(strategyIds: readonly string[] | 'any', eventId: string): Promise<string> {
    const seq = await this.store.eventSeq(strategyIds, eventId);
    if (seq === null) throw new AppError('INVALID_PARAMETER', 'after: not an event of this strategy', { field: 'after' });
    return seq;
  }

  /** Every stored event of these strategies recorded after `afterSeq`, oldest first, read in batches. */
  async *storedAfter(strategyIds: readonly string[], afterSeq: string): AsyncGenerator<EventEnvelope> {
    let cursor = afterSeq;
    for (;;) {
      const rows = await this.store.eventsAfter(strategyIds, cursor, CATCH_UP_BATCH);
      for (const row of rows) yield eventRecord(row);
      if (rows.length < CATCH_UP_BATCH) return;
      cursor = rows.at(-1)!.seq;
    }
  }
}

/** A batch's rows per strategy, in their order: one pass, where a filter per strategy read every row once per strategy. */
function rowsByStrategy<Row extends { strategy_id: string }>(rows: Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.strategy_id);
    if (group) group.push(row);
    else groups.set(row.strategy_id, [row]);
  }
  return groups;
}
