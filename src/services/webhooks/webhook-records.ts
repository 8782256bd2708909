import type { WebhookDelivery } from '../../entities/webhook-delivery.entity';
import type { Webhook } from '../../entities/webhook.entity';
import type { JsonSchema } from '../../events/event-types';
import type { AttemptRow } from './webhooks.store';

/** Wire shapes of the spec's "Webhook" and "Webhook test result" resources, contract §10's delivery log and §16's operations. */
export interface WebhookRecord {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  status: Webhook['status'];
  consecutive_failures: number;
  last_delivery_at: string | null;
  last_success_at: string | null;
  created_at: string;
  balance_low_threshold?: string;
}

export interface WebhookTestResult {
  test_event_id: string;
  delivered: boolean;
  response_status: number | null;
  response_time_ms: number | null;
  error: string | null;
}

export interface DeliveryRecord {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: WebhookDelivery['status'];
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  response_status: number | null;
  response_time_ms: number | null;
  error: string | null;
  created_at: string;
}

/** One attempt of a delivery (contract §16), newest first in its log. */
export interface AttemptRecord {
  attempted_at: string;
  response_status: number | null;
  response_time_ms: number | null;
  error: string | null;
  /** At most the first 1,024 characters of the receiver's answer; null when nothing answered. */
  response_body: string | null;
}

export interface RotatedSecret {
  secret: string;
  _secret_warning: string;
  previous_secret_expires_at: string;
}

/** One entry of the event catalogue (`GET /v1/webhooks/event-types`). */
export interface EventTypeRecord {
  type: string;
  description: string;
  data_schema: JsonSchema;
  example: Record<string, unknown>;
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

/** numeric(36,18) comes back padded with zeros; show the threshold as it would have been written. */
function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

export function webhookRecord(webhook: Webhook): WebhookRecord {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    description: webhook.description,
    status: webhook.status,
    consecutive_failures: webhook.consecutiveFailures,
    last_delivery_at: iso(webhook.lastDeliveryAt),
    last_success_at: iso(webhook.lastSuccessAt),
    created_at: iso(webhook.createdAt) as string,
    ...(webhook.balanceLowThreshold ? { balance_low_threshold: trimDecimal(webhook.balanceLowThreshold) } : {}),
  };
}

export function deliveryRecord(delivery: WebhookDelivery): DeliveryRecord {
  return {
    id: delivery.id,
    webhook_id: delivery.webhookId,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_at: iso(delivery.nextAttemptAt),
    last_attempt_at: iso(delivery.lastAttemptAt),
    response_status: delivery.responseStatus,
    response_time_ms: delivery.responseTimeMs,
    error: delivery.error,
    created_at: iso(delivery.createdAt) as string,
  };
}

export function attemptRecord(row: AttemptRow): AttemptRecord {
  return {
    attempted_at: iso(row.attempted_at) as string,
    response_status: row.response_status,
    response_time_ms: row.response_time_ms,
    error: row.error,
    response_body: row.response_body,
  };
}

export function mapPage<T, R>(page: Page<T>, map: (row: T) => R): Page<R> {
  return { data: page.data.map(map), next_cursor: page.next_cursor };
}
