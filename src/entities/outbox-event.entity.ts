import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The transactional outbox (contract §9): a feature records its event in the
 * same transaction as the state change that caused it, so an event exists if
 * and only if the change committed. The webhook dispatcher fans each one out
 * to the matching webhooks exactly once (`fanned_out_at`).
 */
@Entity({ tableName: 'outbox_events' })
@Index({ properties: ['fannedOutAt', 'createdAt'] })
export class OutboxEvent {
  @PrimaryKey({ type: 'string', length: 40 })
  id!: string;

  @Property({ type: 'integer', fieldName: 'user_id' })
  userId!: number;

  @Property({ type: 'string', length: 64 })
  type!: string;

  @Property({ type: 'json' })
  data!: Record<string, unknown>;

  /** Set for events meant for one webhook only (test events, a webhook's own balance threshold). */
  @Property({ type: 'string', length: 16, fieldName: 'webhook_id', nullable: true })
  webhookId?: string | null;

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'created_at' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'fanned_out_at', nullable: true })
  fannedOutAt?: Date | null;
}
