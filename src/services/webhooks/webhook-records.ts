import type { WebhookDelivery } from '../../entities/webhook-delivery.entity';
import type { Webhook } from '../../entities/webhook.entity';

/** Wire shapes of the spec's "Webhook" and "Webhook test result" resources and of contract §10's delivery log. */
export interface WebhookRecord {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  status: 'active' | 'paused' | 'broken';
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
