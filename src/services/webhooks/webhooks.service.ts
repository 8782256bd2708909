import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { ownerFor, type Caller } from '../../auth/caller';
import type { SecretBox } from '../../crypto/secret-box';
import type { Webhook } from '../../entities/webhook.entity';
import { AppError } from '../../errors/app-error';
import { parseOrInvalidParameter } from '../../errors/validation';
import { newTestEventId } from '../../events/event-ids';
import { EVENT_DEFINITIONS, EVENT_TYPES, subscriptionMatches } from '../../events/event-types';
import { sampleEventData } from '../../events/sample-event-data';
import type { Deliverer } from './deliverer';
import type { DeliveryQueueStore } from './delivery-queue.store';
import type { WebhooksStore, WebhooksTransaction } from './webhooks.store';
import { AddressRefusedError } from './public-address';
import type { SafeHttpsClient } from './safe-https';
import { newWebhookSecret } from './signing';
import { decodeCursor, pageOf } from '../pagination';
import { createSchema, deliveryListSchema, listSchema, recoverSchema, testSchema, updateSchema } from './webhook-input';
import {
  attemptRecord,
  deliveryRecord,
  webhookRecord,
  type AttemptRecord,
  type DeliveryRecord,
  type EventTypeRecord,
  type Page,
  type RotatedSecret,
  type WebhookRecord,
  type WebhookTestResult,
} from './webhook-records';

export const MAX_WEBHOOKS_PER_ACCOUNT = 25;
export const TEST_TIMEOUT_MS = 10_000;
/** How long deliveries carry the previous secret's signature after a rotation (contract §16). */
export const ROTATION_GRACE_SECONDS = 24 * 3600;
export interface BalanceLowWatcher {
  id: string;
  userId: number;
  /** Decimal string. */
  threshold: string;
}

const SECRET_WARNING = 'Store this secret now: it is shown only once and signs every delivery (Standard Webhooks).';

/**
 * The rules of the webhook API (spec "Webhooks", contract §10). Who may call
 * what (the `webhooks:write` scope) is each operation's rule on the operation
 * table, checked at the edge before these run.
 */
export class WebhooksService {
  constructor(
    private readonly store: WebhooksStore,
    private readonly queue: DeliveryQueueStore,
    private readonly secretBox: SecretBox,
    private readonly client: SafeHttpsClient,
    private readonly deliverer: Deliverer,
  ) {}

  async create(owner: Caller, input: unknown): Promise<WebhookRecord & { secret: string; _secret_warning: string }> {
    const body = parseOrInvalidParameter(createSchema, input ?? {});
    await this.checkReachable(body.url);
    const secret = newWebhookSecret();
    const id = `wh_${randomBytes(4).toString('hex')}`;
    const created = await this.store.insertWebhook(
      {
        id,
        ...ownerFor(owner),
        url: body.url,
        events: body.events,
        description: body.description ?? null,
        secretSealed: this.secretBox.seal(secret, id),
        // Kept even without an explicit account.balance_low subscription: `account.*` and `*` receive that event too.
        balanceLowThreshold: body.balance_low_threshold ?? null,
      },
      MAX_WEBHOOKS_PER_ACCOUNT,
    );
    if (created === 'duplicate_url') throw duplicateUrl();
    if (created === 'limit_reached') throw new AppError('LIMIT_REACHED', `an account may have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks`);
    return { ...webhookRecord(created), secret, _secret_warning: SECRET_WARNING };
  }

  async list(owner: Caller, query: unknown): Promise<{ data: WebhookRecord[]; next_cursor: string | null }> {
    const { limit, cursor } = parseOrInvalidParameter(listSchema, query ?? {});
    const rows = await this.store.listWebhooks(owner, cursor ? decodeCursor(cursor, {}) : undefined, limit + 1);
    return mapPage(
      pageOf(rows, limit, (row) => ({ at: row.createdAt, id: row.id }), {}),
      webhookRecord,
    );
  }

  async get(owner: Caller, id: string): Promise<WebhookRecord> {
    return webhookRecord(await this.findOwned(owner, id));
  }

  async update(owner: Caller, id: string, input: unknown): Promise<WebhookRecord> {
    const body = parseOrInvalidParameter(updateSchema, input ?? {});
    const existing = await this.findOwned(owner, id);
    if (body.url !== undefined && body.url !== existing.url) await this.checkReachable(body.url);
    const events = body.events ?? existing.events;
    const threshold = body.balance_low_threshold === undefined ? existing.balanceLowThreshold : body.balance_low_threshold;
    if (events.includes('account.balance_low') && !threshold) {
      throw new AppError('INVALID_PARAMETER', 'balance_low_threshold: is required when events include account.balance_low', { field: 'balance_low_threshold' });
    }
    try {
      return await this.store.transaction(async (tx) => {
        const webhook = await tx.lockWebhook(owner, id);
        if (!webhook) throw notFound();
        if (body.url !== undefined) webhook.url = body.url;
        webhook.events = events;
        webhook.balanceLowThreshold = threshold ?? null;
        if (body.description !== undefined) webhook.description = body.description;
        if (body.status === 'active' && webhook.status !== 'active') await reactivate(tx, webhook);
        if (body.status === 'paused' && webhook.status !== 'paused') await pauseByOwner(tx, webhook);
        webhook.updatedAt = new Date();
        await tx.flush();
        return webhookRecord(webhook);
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw duplicateUrl();
      throw error;
    }
  }

  async delete(owner: Caller, id: string): Promise<void> {
    if (!(await this.store.deleteWebhook(owner, id))) throw notFound();
  }

  async listDeliveries(owner: Caller, id: string, query: unknown): Promise<Page<DeliveryRecord>> {
    const { limit, cursor, ...filters } = parseOrInvalidParameter(deliveryListSchema, query ?? {});
    await this.findOwned(owner, id);
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

  /** The caller's webhooks by id, in the order asked, null where the caller has none (a delivery's `webhook` field). */
  async webhooksByIds(owner: Caller, ids: readonly string[]): Promise<(WebhookRecord | null)[]> {
    const found = new Map((await this.store.findWebhooks(owner, ids)).map((webhook) => [webhook.id, webhookRecord(webhook)]));
    return ids.map((id) => found.get(id) ?? null);
  }

  /** Contract §16: every attempt of one delivery, newest first. */
  async attempts(owner: Caller, id: string, deliveryId: string): Promise<{ data: AttemptRecord[] }> {
    await this.findOwned(owner, id);
    if (!(await this.store.findDelivery(id, deliveryId))) throw deliveryNotFound();
    return { data: (await this.store.attemptsOf([deliveryId])).map(attemptRecord) };
  }

  /** The attempt logs of deliveries the caller has already been shown, in one query (`WebhookDelivery.attemptLog`). */
  async attemptLogs(deliveryIds: readonly string[]): Promise<AttemptRecord[][]> {
    const rows = await this.store.attemptsOf(deliveryIds);
    return deliveryIds.map((id) => rows.filter((row) => row.delivery_id === id).map(attemptRecord));
  }

  /**
   * Contract §16: a new secret signs from now on; for 24 hours deliveries
   * carry the previous secret's signature too, so receivers can switch
   * without dropping any. A second rotation within the grace period keeps
   * only the secret it replaces.
   */
  async rotateSecret(owner: Caller, id: string): Promise<RotatedSecret> {
    const secret = newWebhookSecret();
    const expiresAt = await this.store.rotateSecret(owner, id, this.secretBox.seal(secret, id), ROTATION_GRACE_SECONDS);
    if (!expiresAt) throw notFound();
    return { secret, _secret_warning: SECRET_WARNING, previous_secret_expires_at: expiresAt.toISOString() };
  }

  /** Contract §16: every delivery that failed since `since` (at most 14 days back) is attempted again, oldest first. */
  async recover(owner: Caller, id: string, input: unknown): Promise<{ requeued: number }> {
    const { since } = parseOrInvalidParameter(recoverSchema, input ?? {});
    return this.store.transaction(async (tx) => {
      const webhook = await tx.lockWebhook(owner, id);
      if (!webhook) throw notFound();
      if (webhook.status === 'broken') throw brokenWebhook();
      return { requeued: await tx.requeueFailedSince(id, since, webhook.status === 'active' ? 'pending' : 'held') };
    });
  }

  /** Contract §16: the event catalogue, from the definitions the events are built from. */
  eventTypes(): EventTypeRecord[] {
    return EVENT_TYPES.map((type) => ({
      type,
      description: EVENT_DEFINITIONS[type].description,
      data_schema: EVENT_DEFINITIONS[type].dataSchema,
      example: EVENT_DEFINITIONS[type].example,
    }));
  }

  /** Schedules a delivery again at once, with the same event id; not for a broken webhook or one already being sent. */
  async redeliver(owner: Caller, id: string, deliveryId: string): Promise<DeliveryRecord> {
    return this.store.transaction(async (tx) => {
      const webhook = await tx.lockWebhook(owner, id);
      if (!webhook) throw notFound();
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
    const webhook = await this.findOwned(owner, id);
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

  /** Webhooks that receive `account.balance_low` (directly, `account.*` or `*`) with a threshold, broken ones excepted. */
  async balanceLowWatchers(): Promise<BalanceLowWatcher[]> {
    return (await this.store.balanceLowCandidates())
      .filter((webhook) => subscriptionMatches(webhook.events, 'account.balance_low'))
      .map((webhook) => ({ id: webhook.id, userId: webhook.userId, threshold: webhook.balanceLowThreshold! }));
  }

  private async checkReachable(target: string): Promise<void> {
    try {
      await this.client.checkReachable(target);
    } catch (error) {
      const reason = error instanceof AddressRefusedError ? error.message : `TLS check failed: ${(error as Error).message}`;
      throw new AppError('INVALID_PARAMETER', `url: ${reason}`, { field: 'url' });
    }
  }

  private async findOwned(owner: Caller, id: string): Promise<Webhook> {
    const webhook = await this.store.findWebhook(owner, id);
    if (!webhook) throw notFound();
    return webhook;
  }
}

/** Back to active with the counter reset; when failures had stopped it, the account's other webhooks are told. */
async function reactivate(tx: WebhooksTransaction, webhook: Webhook): Promise<void> {
  const afterFailures = webhook.status === 'broken' || webhook.pauseReason === 'failures';
  webhook.status = 'active';
  webhook.pauseReason = null;
  webhook.consecutiveFailures = 0;
  webhook.nextProbeAt = null;
  await tx.releaseHeld(webhook.id);
  if (afterFailures) await tx.recordReactivated(webhook);
}

async function pauseByOwner(tx: WebhooksTransaction, webhook: Webhook): Promise<void> {
  webhook.status = 'paused';
  webhook.pauseReason = 'manual';
  webhook.nextProbeAt = null;
  await tx.holdPending(webhook.id);
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'no such webhook');
}

function deliveryNotFound(): AppError {
  return new AppError('NOT_FOUND', 'no such delivery on this webhook');
}

function brokenWebhook(): AppError {
  return new AppError('INVALID_STATE', 'the webhook is broken; reactivate it with PATCH status active first');
}

function duplicateUrl(): AppError {
  return new AppError('DUPLICATE_URL', 'this url is already registered on the account', { field: 'url' });
}

function mapPage<T, R>(page: Page<T>, map: (row: T) => R): Page<R> {
  return { data: page.data.map(map), next_cursor: page.next_cursor };
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
