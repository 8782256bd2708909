import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One event for one webhook: the durable unit of delivery. `pending` rows are
 * claimed with SKIP LOCKED into `sending` under a lease (`locked_until`) and the
 * claimer's liveness lock, so a process killed mid-delivery leaves a row another
 * worker picks up again at once, with the same `webhook-id`. `held` rows wait for a paused webhook; `delivered`
 * and `failed` (schedule used up, or webhook broken) are final.
 */
export const DELIVERY_STATUSES = ['pending', 'sending', 'held', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

@Entity({ tableName: 'webhook_deliveries' })
@Index({ properties: ['status', 'nextAttemptAt'] })
@Index({ properties: ['webhookId', 'createdAt'] })
export class WebhookDelivery {
  @PrimaryKey({ type: 'string', length: 24 })
  id!: string;

  @Property({ type: 'string', length: 16, fieldName: 'webhook_id' })
  webhookId!: string;

  @Property({ type: 'string', length: 40, fieldName: 'event_id' })
  eventId!: string;

  @Property({ type: 'string', length: 64, fieldName: 'event_type' })
  eventType!: string;

  /** The exact body sent, kept so every retry signs and sends the same bytes. */
  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'string', length: 10 })
  status!: DeliveryStatus;

  @Property({ type: 'integer' })
  attempts = 0;

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'next_attempt_at', nullable: true })
  nextAttemptAt!: Date | null;

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'locked_until', nullable: true })
  lockedUntil!: Date | null;

  /** The claiming worker's liveness id (see db/process-liveness.ts); null for attempts made by an API process. */
  @Property({ type: 'integer', fieldName: 'locked_by', nullable: true })
  lockedBy!: number | null;

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'last_attempt_at', nullable: true })
  lastAttemptAt!: Date | null;

  @Property({ type: 'integer', fieldName: 'response_status', nullable: true })
  responseStatus!: number | null;

  @Property({ type: 'integer', fieldName: 'response_time_ms', nullable: true })
  responseTimeMs!: number | null;

  @Property({ type: 'text', nullable: true })
  error!: string | null;

  /** When it became `failed`, so `recover` can find the failures since a given time. */
  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'failed_at', nullable: true })
  failedAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'created_at' })
  createdAt: Date = new Date();
}
