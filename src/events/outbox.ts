import type { EntityManager } from '@mikro-orm/postgresql';
import { OutboxEvent } from '../entities/outbox-event.entity';
import { notify } from '../db/native-query';
import type { EventEnvelope, EventType } from './event-types';
import { newEventId } from './event-ids';

/** NOTIFY channel raised when an event is recorded; NOTIFY is transactional, so listeners hear it only after commit. */
export const EVENTS_CHANNEL = 'outbox_events';

export interface NewEvent {
  userId: number;
  type: EventType;
  data: Record<string, unknown>;
  /** Deliver to this webhook only, instead of every matching webhook of the account. */
  webhookId?: string;
  id?: string;
}

/**
 * Records an event inside the caller's transaction (`em` must be in one).
 * Wakes the webhook dispatcher and every API process's subscription bridge on commit.
 */
export async function recordEvent(em: EntityManager, event: NewEvent): Promise<EventEnvelope> {
  const row = em.create(OutboxEvent, {
    id: event.id ?? newEventId(),
    userId: event.userId,
    type: event.type,
    data: event.data,
    webhookId: event.webhookId ?? null,
    createdAt: new Date(),
  });
  await em.flush();
  await notify(em, EVENTS_CHANNEL, row.id);
  return toEnvelope(row);
}

export function toEnvelope(row: Pick<OutboxEvent, 'id' | 'type' | 'createdAt' | 'data'>): EventEnvelope {
  return { id: row.id, type: row.type, timestamp: row.createdAt.toISOString(), data: row.data };
}
