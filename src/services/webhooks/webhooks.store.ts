import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ownedBy, type Caller } from '../../auth/caller';
import type { Orm } from '../../db/orm';
import { nativeQuery, notify, placeholders, StoreSql } from '../../db/native-query';
import { WebhookDelivery } from '../../entities/webhook-delivery.entity';
import { Webhook } from '../../entities/webhook.entity';
import type { CursorPosition } from '../pagination';
import { recordStatusEvent } from './delivery-outcomes.store';
import { DELIVERIES_CHANNEL } from './delivery-queue.store';

/**
 * The statements of the webhooks API over `webhooks`, `webhook_deliveries`
 * and `webhook_attempts`: registrations, listings, the attempt log, a user's
 * edits and the pruning of old attempts. The delivery queue (fan-out, claims)
 * is `delivery-queue.store.ts`'s, the attempts' outcomes
 * `delivery-outcomes.store.ts`'s. A user's edit waits for a row
 * (PESSIMISTIC_WRITE), so it never misses a webhook the dispatcher holds,
 * where queue claims skip it.
 */
export interface AttemptRow {
  delivery_id: string;
  attempted_at: Date;
  response_status: number | null;
  response_time_ms: number | null;
  error: string | null;
  response_body: string | null;
}

export type DeliveryStatusFilter = 'pending' | 'delivered' | 'failed' | 'held';

export interface DeliveryFilters {
  status?: DeliveryStatusFilter;
  event_type?: string;
}

/** How long attempts are kept (contract §16). */
export const ATTEMPT_RETENTION_DAYS = 30;

function ownerSql(caller: Caller): { sql: string; params: unknown[] } {
  const owner = ownedBy(caller);
  return owner.apiKeyId === undefined
    ? { sql: 'user_id = ?', params: [owner.userId] }
    : { sql: 'user_id = ? AND api_key_id = ?', params: [owner.userId, owner.apiKeyId] };
}

function deliveryFilters(filters: DeliveryFilters) {
  return { ...(filters.status ? { status: filters.status } : {}), ...(filters.event_type ? { eventType: filters.event_type } : {}) };
}

/** What a new registration stores; the id and timestamps are the store's. */
export type NewWebhook = Pick<Webhook, 'id' | 'userId' | 'apiKeyId' | 'url' | 'events' | 'description' | 'secretSealed' | 'balanceLowThreshold'>;

/** Newest first: strictly after the cursor's row in (created_at, id) descending order. */
function after(position: CursorPosition | undefined) {
  return position ? { $or: [{ createdAt: { $lt: position.at } }, { createdAt: position.at, id: { $lt: position.id } }] } : {};
}

export class WebhooksStore {
  constructor(private readonly orm: Orm) {}

  private readonly sql = new StoreSql(this.orm);

  /** Runs `work` in one transaction; what it changes on the webhooks it locked is written on commit. */
  transaction<T>(work: (tx: WebhooksTransaction) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional(async (em) => {
      const result = await work(new WebhooksTransaction(em));
      await em.flush();
      return result;
    });
  }

  /**
   * Inserts a registration unless the account already has `maxPerAccount`
   * webhooks or this url: a per-account advisory lock serialises creations
   * across processes, so the checks and the insert are one atomic step.
   */
  async insertWebhook(row: NewWebhook, maxPerAccount: number): Promise<Webhook | 'duplicate_url' | 'limit_reached'> {
    return this.orm.em.fork().transactional(async (em) => {
      await nativeQuery(em, `SELECT pg_advisory_xact_lock(hashtext('webhooks'), ?)`, [row.userId]);
      if (await em.count(Webhook, { userId: row.userId, url: row.url })) return 'duplicate_url';
      if ((await em.count(Webhook, { userId: row.userId })) >= maxPerAccount) return 'limit_reached';
      const now = new Date();
      const created = em.create(Webhook, {
        ...row,
        status: 'active',
        pauseReason: null,
        consecutiveFailures: 0,
        lastDeliveryAt: null,
        lastSuccessAt: null,
        nextProbeAt: null,
        createdAt: now,
        updatedAt: now,
      });
      await em.flush();
      return created;
    });
  }

  listWebhooks(caller: Caller, position: CursorPosition | undefined, limit: number): Promise<Webhook[]> {
    return this.orm.em.fork().find(Webhook, { ...ownedBy(caller), ...after(position) }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
  }

  findWebhook(caller: Caller, id: string): Promise<Webhook | null> {
    return this.orm.em.fork().findOne(Webhook, { id, ...ownedBy(caller) });
  }

  async deleteWebhook(caller: Caller, id: string): Promise<boolean> {
    return (await this.orm.em.fork().nativeDelete(Webhook, { id, ...ownedBy(caller) })) > 0;
  }

  /** Webhooks that may receive `account.balance_low`: a threshold set and not broken (the subscription is matched by the caller). */
  balanceLowCandidates(): Promise<Webhook[]> {
    return this.orm.em.fork().find(Webhook, { balanceLowThreshold: { $ne: null }, status: { $ne: 'broken' } });
  }

  /** The caller's webhooks among `ids` (for a per-request loader); others are simply absent. */
  findWebhooks(caller: Caller, ids: readonly string[]): Promise<Webhook[]> {
    return this.orm.em.fork().find(Webhook, { id: { $in: [...ids] }, ...ownedBy(caller) });
  }

  listDeliveries(webhookId: string, filters: DeliveryFilters, position: CursorPosition | undefined, limit: number): Promise<WebhookDelivery[]> {
    return this.orm.em
      .fork()
      .find(WebhookDelivery, { webhookId, ...deliveryFilters(filters), ...after(position) }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
  }

  /** The first `limit` deliveries of each webhook in `webhookIds`, newest first, in one query (a page per webhook for nested fields). */
  async firstDeliveries(webhookIds: readonly string[], filters: DeliveryFilters, limit: number): Promise<WebhookDelivery[]> {
    if (webhookIds.length === 0) return [];
    const em = this.orm.em.fork();
    const rows = await this.sql.all<Record<string, unknown>>(
      `SELECT * FROM (
         SELECT d.*, row_number() OVER (PARTITION BY d.webhook_id ORDER BY d.created_at DESC, d.id DESC) AS rank
         FROM webhook_deliveries d
         WHERE d.webhook_id IN (${placeholders(webhookIds)}) AND (?::text IS NULL OR d.status = ?) AND (?::text IS NULL OR d.event_type = ?)
       ) ranked WHERE rank <= ? ORDER BY webhook_id, created_at DESC, id DESC`,
      [...webhookIds, filters.status ?? null, filters.status ?? null, filters.event_type ?? null, filters.event_type ?? null, limit],
      em,
    );
    return rows.map(({ rank: _rank, ...row }) => em.map(WebhookDelivery, row));
  }

  findDelivery(webhookId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    return this.orm.em.fork().findOne(WebhookDelivery, { id: deliveryId, webhookId });
  }

  /** The attempts of each delivery in `deliveryIds`, newest first. */
  async attemptsOf(deliveryIds: readonly string[]): Promise<AttemptRow[]> {
    if (deliveryIds.length === 0) return [];
    return this.sql.all<AttemptRow>(
      `SELECT delivery_id, attempted_at, response_status, response_time_ms, error, response_body
         FROM webhook_attempts WHERE delivery_id IN (${placeholders(deliveryIds)}) ORDER BY attempted_at DESC, id DESC`,
      [...deliveryIds],
    );
  }

  /**
   * Makes `secretSealed` the signing secret and keeps the current one as the
   * previous secret for `graceSeconds`, in one statement that waits for the
   * row like any edit. Returns when the previous secret expires, or undefined
   * when the caller has no such webhook.
   */
  async rotateSecret(caller: Caller, id: string, secretSealed: string, graceSeconds: number): Promise<Date | undefined> {
    const owner = ownerSql(caller);
    const [row] = await this.sql.all<{ previous_secret_expires_at: Date }>(
      `UPDATE webhooks SET previous_secret_sealed = secret_sealed, secret_sealed = ?,
              previous_secret_expires_at = now() + make_interval(secs => ?), updated_at = now()
        WHERE id = ? AND ${owner.sql} RETURNING previous_secret_expires_at`,
      [secretSealed, graceSeconds, id, ...owner.params],
    );
    return row ? new Date(row.previous_secret_expires_at) : undefined;
  }

  /** Deletes attempts older than the retention, a batch at a time so no statement holds many locks; returns how many went. */
  async pruneAttempts(batch = 5000): Promise<number> {
    let pruned = 0;
    for (;;) {
      const rows = await this.sql.all(
        `DELETE FROM webhook_attempts WHERE id IN (
           SELECT id FROM webhook_attempts WHERE attempted_at < now() - make_interval(days => ?) LIMIT ?)
         RETURNING 1`,
        [ATTEMPT_RETENTION_DAYS, batch],
      );
      pruned += rows.length;
      if (rows.length < batch) return pruned;
    }
  }
}

/**
 * The queries of one transaction of the webhooks API. Locks here are a user's
 * edits: they wait for a row the dispatcher holds (PESSIMISTIC_WRITE), where
 * a queue claim would skip it.
 */
export class WebhooksTransaction {
  constructor(private readonly em: EntityManager) {}

  lockWebhook(caller: Caller, id: string): Promise<Webhook | null> {
    return this.em.findOne(Webhook, { id, ...ownedBy(caller) }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  lockDelivery(webhookId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    return this.em.findOne(WebhookDelivery, { id: deliveryId, webhookId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** The webhook's held deliveries become due now (a reactivation), and the dispatcher is woken on commit. */
  async releaseHeld(webhookId: string): Promise<void> {
    await nativeQuery(this.em, `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now() WHERE webhook_id = ? AND status = 'held'`, [
      webhookId,
    ]);
    await this.notifyDispatcher(webhookId);
  }

  /** The webhook's pending deliveries wait until it is active again (its owner paused it). */
  async holdPending(webhookId: string): Promise<void> {
    await nativeQuery(this.em, `UPDATE webhook_deliveries SET status = 'held', next_attempt_at = NULL WHERE webhook_id = ? AND status = 'pending'`, [
      webhookId,
    ]);
  }

  /**
   * Sends again, oldest first, every delivery of the webhook that failed at or
   * after `since`: due now (held for a paused webhook), so the claim's
   * tie-break on creation time orders them. Returns how many.
   */
  async requeueFailedSince(webhookId: string, since: Date, status: 'pending' | 'held'): Promise<number> {
    const rows = await nativeQuery(
      this.em,
      `UPDATE webhook_deliveries SET status = ?, next_attempt_at = now(), failed_at = NULL
        WHERE webhook_id = ? AND status = 'failed' AND failed_at >= ? RETURNING 1`,
      [status, webhookId, since],
    );
    if (rows.length > 0) await this.notifyDispatcher(webhookId);
    return rows.length;
  }

  /** Tells the account's other webhooks that this one is active again after failures (its owner reactivated it). */
  async recordReactivated(webhook: Webhook): Promise<void> {
    await recordStatusEvent(
      this.em,
      { id: webhook.id, user_id: webhook.userId, url: webhook.url, consecutive_failures: webhook.consecutiveFailures },
      'webhook.recovered',
      'reactivated',
    );
  }

  /** Writes what the transaction changed on its locked rows now, so a unique violation surfaces inside it. */
  async flush(): Promise<void> {
    await this.em.flush();
  }

  async notifyDispatcher(webhookId: string): Promise<void> {
    await notify(this.em, DELIVERIES_CHANNEL, webhookId);
  }
}
