import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';

export const WEBHOOK_STATUSES = ['active', 'paused', 'broken'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
/** Why a webhook is paused: by its owner (no probes) or by 20 failures in a row (hourly probes). */
export type PauseReason = 'manual' | 'failures';

@Entity({ tableName: 'webhooks' })
@Unique({ properties: ['userId', 'url'] })
@Index({ properties: ['userId', 'createdAt'] })
export class Webhook {
  @PrimaryKey({ type: 'string', length: 16 })
  id!: string;

  /** The account: limits (25) and duplicate urls are per account, and account events reach every webhook of it. */
  @Property({ type: 'integer', fieldName: 'user_id' })
  userId!: number;

  /** The owning API key: another key's webhook is 404. Null when created with an app token. */
  @Property({ type: 'integer', fieldName: 'api_key_id', nullable: true })
  apiKeyId!: number | null;

  @Property({ type: 'text' })
  url!: string;

  @Property({ type: 'json' })
  events!: string[];

  @Property({ type: 'string', length: 200, nullable: true })
  description!: string | null;

  @Property({ type: 'string', length: 10 })
  status: WebhookStatus = 'active';

  @Property({ type: 'string', length: 10, fieldName: 'pause_reason', nullable: true })
  pauseReason!: PauseReason | null;

  @Property({ type: 'integer', fieldName: 'consecutive_failures' })
  consecutiveFailures = 0;

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'last_delivery_at', nullable: true })
  lastDeliveryAt!: Date | null;

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'last_success_at', nullable: true })
  lastSuccessAt!: Date | null;

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'next_probe_at', nullable: true })
  nextProbeAt!: Date | null;

  /** AES-256-GCM sealed; the plain secret is shown once, at creation. */
  @Property({ type: 'text', fieldName: 'secret_sealed', lazy: true })
  secretSealed!: string;

  /** The secret before the last rotation: deliveries carry its signature too until `previousSecretExpiresAt` (contract §16). */
  @Property({ type: 'text', fieldName: 'previous_secret_sealed', nullable: true, lazy: true })
  previousSecretSealed: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'previous_secret_expires_at', nullable: true })
  previousSecretExpiresAt: Date | null = null;

  @Property({ type: 'decimal', columnType: 'numeric(36,18)', fieldName: 'balance_low_threshold', nullable: true })
  balanceLowThreshold!: string | null;

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'created_at' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'updated_at' })
  updatedAt: Date = new Date();
}
