import type { Caller } from '../../auth/caller';
import { AppError } from '../../errors/app-error';
import { parseOrInvalidParameter } from '../../errors/validation';
import { newTestEventId } from '../../events/event-ids';
import { sampleEventData } from '../../events/sample-event-data';
import { decodeCursor, pageOf } from '../pagination';
import type { Deliverer } from './deliverer';
import type { DeliveryQueueStore } from './delivery-queue.store';
import { findOwnedWebhook, webhookNotFound } from './owned-webhook';
import { deliveryListSchema, recoverSchema, testSchema } from './webhook-input';
import { attemptRecord, deliveryRecord, mapPage, type AttemptRecord, type DeliveryRecord, type Page, type WebhookTestResult } from './webhook-records';
import type { WebhooksStore } from './webhooks.store';

export const TEST_TIMEOUT_MS = 10_000;

/**
 * The rules of a webhook's deliveries (spec "Webhooks", contract §10, §16):
 * the delivery log and its attempts, recover, redeliver and the test event.
 * Registrations are `WebhooksService`'s. Who may call what is each
 * operation's rule on the operation table, checked at the edge.
 */
export class WebhookDeliveriesService {
  constructor(
    private readonly store: WebhooksStore,
    private readonly queue: Pick<DeliveryQueueStore, 'insertTestDelivery'>,
    private readonly deliverer: Pick<Deliverer, 'attempt'>,
  ) {}

  async listDeliveries(owner: Caller, id: string, query: unknown): Promise<Page<DeliveryRecord>> {
    const { limit, cursor, ...filters } = parseOrInvalidParameter(deliveryListSchema, query ?? {});
    await findOwnedWebhook(this.store, owner, id);
    const cursorFilters = { webhook: id, ...filters };
    const rows = await this.store.listDeliveries(id, filters, cursor ? decodeCursor(cursor, cursorFilters) : undefined, limit + 1);
    return mapPage(
      pageOf(rows, limit, (row) => ({ at: row.createdAt, id: row.id }), cursorFilters),
      deliveryRecord,
    );
  }

  /**
   * The first page of the delivery log of each of `webhookIds` (the caller's
   * own webhooks, already resolved), in one query: each page's cursor
   * continues in `listDeliveries` with the same filters.
   */
  async firstDeliveryPages(webhookIds: readonly string[], query: unknown): Promise<Page<DeliveryRecord>[]> {
    const { limit, cursor, ...filters } = parseOrInvalidParameter(deliveryListSchema, query ?? {});
    if (cursor)
      throw new AppError('INVALID_PARAMETER', 'cursor: nested delivery pages start at the first; continue with webhookDeliveries', { field: 'cursor' });
    const rows = await this.store.firstDeliveries(webhookIds, filters, limit + 1);
    return webhookIds.map((id) =>
      mapPage(
        pageOf(
          rows.filter((row) => row.webhookId === id),
          limit,
          (row) => ({ at: row.createdAt, id: row.id }),
          { webhook: id, ...filters },
        ),
        deliveryRecord,
      ),
    );
  }

  /** Contract §16: every attempt of one delivery, newest first. */
  async attempts(owner: Caller, id: string, deliveryId: string): Promise<{ data: AttemptRecord[] }> {
    await findOwnedWebhook(this.store, owner, id);
    if (!(await this.store.findDelivery(id, deliveryId))) throw deliveryNotFound();
    return { data: (await this.store.attemptsOf([deliveryId])).map(attemptRecord) };
  }

  /** The attempt logs of deliveries the caller has already been shown, in one query (`WebhookDelivery.attemptLog`). */
  async attemptLogs(deliveryIds: readonly string[]): Promise<AttemptRecord[][]> {
    const rows = await this.store.attemptsOf(deliveryIds);
    return deliveryIds.map((id) => rows.filter((row) => row.delivery_id === id).map(attemptRecord));
  }

  /** Contract §16: every delivery that failed since `since` (at most 14 days back) is attempted again, oldest first. */
  async recover(owner: Caller, id: string, input: unknown): Promise<{ requeued: number }> {
    const { since } = parseOrInvalidParameter(recoverSchema, input ?? {});
    return this.store.transaction(async (tx) => {
      const webhook = await tx.lockWebhook(owner, id);
      if (!webhook) throw webhookNotFound();
      if (webhook.status === 'broken') throw brokenWebhook();
      return { requeued: await tx.requeueFailedSince(id, since, webhook.status === 'active' ? 'pending' : 'held') };
    });
  }

  /** Schedules a delivery again at once, with the same event id; not for a broken webhook or one already being sent. */
  async redeliver(owner: Caller, id: string, deliveryId: string): Promise<DeliveryRecord> {
    return this.store.transaction(async (tx) => {
      const webhook = await tx.lockWebhook(owner, id);
      if (!webhook) throw webhookNotFound();
      if (webhook.status === 'broken') throw brokenWebhook();
      const delivery = await tx.lockDelivery(id, deliveryId);
      if (!delivery) throw deliveryNotFound();
      if (delivery.status === 'sending') throw new AppError('INVALID_STATE', 'the delivery is being sent right now');
      delivery.status = webhook.status === 'active' ? 'pending' : 'held';
      delivery.nextAttemptAt = new Date();
      await tx.flush();
      await tx.notifyDispatcher(id);
      return deliveryRecord(delivery);
    });
  }

  /**
   * Sends a synthetic event through the normal pipeline (outbox row, delivery
   * row, the same deliverer, signing and retry semantics) and waits for the
   * first attempt, at most 10 seconds.
   */
  async test(owner: Caller, id: string, input: unknown): Promise<WebhookTestResult> {
    const { event_type } = parseOrInvalidParameter(testSchema, input ?? {});
    const webhook = await findOwnedWebhook(this.store, owner, id);
    if (webhook.status === 'broken') throw brokenWebhook();
    const claimed = await this.queue.insertTestDelivery(webhook, { id: newTestEventId(), type: event_type, data: sampleEventData(event_type, id) });
    const result = await withTimeout(this.deliverer.attempt(claimed), TEST_TIMEOUT_MS, {
      delivered: false,
      responseStatus: null,
      responseTimeMs: null,
      error: `no answer within ${TEST_TIMEOUT_MS / 1000} s`,
    });
    return {
      test_event_id: claimed.event_id,
      delivered: result.delivered,
      response_status: result.responseStatus,
      response_time_ms: result.responseTimeMs,
      error: result.error,
    };
  }
}

function deliveryNotFound(): AppError {
  return new AppError('NOT_FOUND', 'no such delivery on this webhook');
}

function brokenWebhook(): AppError {
  return new AppError('INVALID_STATE', 'the webhook is broken; reactivate it with PATCH status active first');
}

function withTimeout<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
