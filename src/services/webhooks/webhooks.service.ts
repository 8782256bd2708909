import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ownedBy, ownerFor, requireScope, type Caller } from '../../auth/caller';
import type { SecretBox } from '../../crypto/secret-box';
import type { Orm } from '../../db/orm';
import { Webhook } from '../../entities/webhook.entity';
import { WebhookDelivery } from '../../entities/webhook-delivery.entity';
import { AppError } from '../../errors/app-error';
import { parseOrInvalidParameter } from '../../errors/validation';
import { newTestEventId } from '../../events/event-ids';
import { recordEvent } from '../../events/outbox';
import { sampleEventData } from '../../events/sample-event-data';
import type { Deliverer } from './deliverer';
import { DELIVERIES_CHANNEL, type DeliveryStore } from './webhooks.store';
import { AddressRefusedError } from './public-address';
import type { SafeHttpsClient } from './safe-https';
import { newWebhookSecret } from './signing';
import { decodeCursor, pageOf } from '../pagination';
import { createSchema, listSchema, testSchema, updateSchema } from './webhook-input';
import { deliveryRecord, webhookRecord, type DeliveryRecord, type WebhookRecord, type WebhookTestResult } from './webhook-records';

export const MAX_WEBHOOKS_PER_ACCOUNT = 25;
const WRITE_SCOPE = 'webhooks:write';
export const TEST_TIMEOUT_MS = 10_000;
const SECRET_WARNING = 'Store this secret now: it is shown only once and signs every delivery (Standard Webhooks).';

export class WebhooksService {
  constructor(
    private readonly orm: Orm,
    private readonly secretBox: SecretBox,
    private readonly client: SafeHttpsClient,
    private readonly store: DeliveryStore,
    private readonly deliverer: Deliverer,
  ) {}

  async create(owner: Caller, input: unknown): Promise<WebhookRecord & { secret: string; _secret_warning: string }> {
    requireScope(owner, WRITE_SCOPE);
    const body = parseOrInvalidParameter(createSchema, input ?? {});
    await this.checkReachable(body.url);
    const secret = newWebhookSecret();
    const webhook = await this.orm.em.fork().transactional(async (em) => {
      await lockAccount(em, owner.userId);
      if (await em.count(Webhook, { userId: owner.userId, url: body.url })) throw duplicateUrl();
      if ((await em.count(Webhook, { userId: owner.userId })) >= MAX_WEBHOOKS_PER_ACCOUNT) {
        throw new AppError('LIMIT_REACHED', `an account may have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks`);
      }
      const id = `wh_${randomBytes(4).toString('hex')}`;
      const created = em.create(Webhook, {
        id,
        ...ownerFor(owner),
        url: body.url,
        events: body.events,
        description: body.description ?? null,
        status: 'active',
        pauseReason: null,
        consecutiveFailures: 0,
        lastDeliveryAt: null,
        lastSuccessAt: null,
        nextProbeAt: null,
        secretSealed: this.secretBox.seal(secret, id),
        // Kept even without an explicit account.balance_low subscription: `account.*` and `*` receive that event too.
        balanceLowThreshold: body.balance_low_threshold ?? null,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      await em.flush();
      return created;
    });
    return { ...webhookRecord(webhook), secret, _secret_warning: SECRET_WARNING };
  }

  async list(owner: Caller, query: unknown): Promise<{ data: WebhookRecord[]; next_cursor: string | null }> {
    const { limit, cursor } = parseOrInvalidParameter(listSchema, query ?? {});
    const after = cursor ? decodeCursor(cursor, {}) : undefined;
    const rows = await this.orm.em.fork().find(
      Webhook,
      {
        ...ownedBy(owner),
        ...(after ? { $or: [{ createdAt: { $lt: after.at } }, { createdAt: after.at, id: { $lt: after.id } }] } : {}),
      },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1 },
    );
    return mapPage(
      pageOf(rows, limit, (row) => ({ at: row.createdAt, id: row.id }), {}),
      webhookRecord,
    );
  }

  async get(owner: Caller, id: string): Promise<WebhookRecord> {
    return webhookRecord(await this.findOwned(this.orm.em.fork(), owner, id));
  }

  async update(owner: Caller, id: string, input: unknown): Promise<WebhookRecord> {
    requireScope(owner, WRITE_SCOPE);
    const body = parseOrInvalidParameter(updateSchema, input ?? {});
    const em = this.orm.em.fork();
    const existing = await this.findOwned(em, owner, id);
    if (body.url !== undefined && body.url !== existing.url) await this.checkReachable(body.url);
    const events = body.events ?? existing.events;
    const threshold = body.balance_low_threshold === undefined ? existing.balanceLowThreshold : body.balance_low_threshold;
    if (events.includes('account.balance_low') && !threshold) {
      throw new AppError('INVALID_PARAMETER', 'balance_low_threshold: is required when events include account.balance_low', { field: 'balance_low_threshold' });
    }
    try {
      return await em.transactional(async (tx) => {
        const webhook = await this.findOwned(tx, owner, id, true);
        if (body.url !== undefined) webhook.url = body.url;
        webhook.events = events;
        webhook.balanceLowThreshold = threshold ?? null;
        if (body.description !== undefined) webhook.description = body.description;
        if (body.status === 'active' && webhook.status !== 'active') await this.reactivate(tx, webhook);
        if (body.status === 'paused' && webhook.status !== 'paused') await this.pauseByOwner(tx, webhook);
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
    requireScope(owner, WRITE_SCOPE);
    const em = this.orm.em.fork();
    await em.removeAndFlush(await this.findOwned(em, owner, id));
  }

  async listDeliveries(owner: Caller, id: string, query: unknown): Promise<{ data: DeliveryRecord[]; next_cursor: string | null }> {
    const { limit, cursor } = parseOrInvalidParameter(listSchema, query ?? {});
    const em = this.orm.em.fork();
    await this.findOwned(em, owner, id);
    const filters = { webhook: id };
    const after = cursor ? decodeCursor(cursor, filters) : undefined;
    const rows = await em.find(
      WebhookDelivery,
      { webhookId: id, ...(after ? { $or: [{ createdAt: { $lt: after.at } }, { createdAt: after.at, id: { $lt: after.id } }] } : {}) },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1 },
    );
    return mapPage(
      pageOf(rows, limit, (row) => ({ at: row.createdAt, id: row.id }), filters),
      deliveryRecord,
    );
  }

  /** Schedules a delivery again at once, with the same event id; not for a broken webhook or one already being sent. */
  async redeliver(owner: Caller, id: string, deliveryId: string): Promise<DeliveryRecord> {
    requireScope(owner, WRITE_SCOPE);
    return this.orm.em.fork().transactional(async (em) => {
      const webhook = await this.findOwned(em, owner, id);
      if (webhook.status === 'broken') throw new AppError('INVALID_STATE', 'the webhook is broken; reactivate it with PATCH status active first');
      const delivery = await em.findOne(WebhookDelivery, { id: deliveryId, webhookId: id }, { lockMode: 4 });
      if (!delivery) throw new AppError('NOT_FOUND', 'no such delivery on this webhook');
      if (delivery.status === 'sending') throw new AppError('INVALID_STATE', 'the delivery is being sent right now');
      delivery.status = webhook.status === 'active' ? 'pending' : 'held';
      delivery.nextAttemptAt = new Date();
      await em.flush();
      await em.getConnection().execute('SELECT pg_notify(?, ?)', [DELIVERIES_CHANNEL, id], 'all', em.getTransactionContext());
      return deliveryRecord(delivery);
    });
  }

  /**
   * Sends a synthetic event through the normal pipeline (outbox row, delivery
   * row, the same deliverer, signing and retry semantics) and waits for the
   * first attempt, at most 10 seconds.
   */
  async test(owner: Caller, id: string, input: unknown): Promise<WebhookTestResult> {
    requireScope(owner, WRITE_SCOPE);
    const { event_type } = parseOrInvalidParameter(testSchema, input ?? {});
    const eventId = newTestEventId();
    const claimed = await this.orm.em.fork().transactional(async (em) => {
      const webhook = await this.findOwned(em, owner, id);
      if (webhook.status === 'broken') throw new AppError('INVALID_STATE', 'the webhook is broken; reactivate it with PATCH status active first');
      const event = await recordEvent(em, {
        id: eventId,
        userId: webhook.userId,
        type: event_type,
        data: sampleEventData(event_type, id),
        webhookId: id,
      });
      await em.getConnection().execute('UPDATE outbox_events SET fanned_out_at = now() WHERE id = ?', [eventId], 'all', em.getTransactionContext());
      return this.store.insertClaimed(em, id, { id: event.id, type: event.type, body: JSON.stringify(event) });
    });
    const result = await withTimeout(this.deliverer.attempt(claimed), TEST_TIMEOUT_MS, {
      delivered: false,
      responseStatus: null,
      responseTimeMs: null,
      error: `no answer within ${TEST_TIMEOUT_MS / 1000} s`,
    });
    return {
      test_event_id: eventId,
      delivered: result.delivered,
      response_status: result.responseStatus,
      response_time_ms: result.responseTimeMs,
      error: result.error,
    };
  }

  private async checkReachable(target: string): Promise<void> {
    try {
      await this.client.checkReachable(target);
    } catch (error) {
      const reason = error instanceof AddressRefusedError ? error.message : `TLS check failed: ${(error as Error).message}`;
      throw new AppError('INVALID_PARAMETER', `url: ${reason}`, { field: 'url' });
    }
  }

  private async findOwned(em: EntityManager, owner: Caller, id: string, forUpdate = false): Promise<Webhook> {
    const webhook = await em.findOne(Webhook, { id, ...ownedBy(owner) }, forUpdate ? { lockMode: 4 } : {});
    if (!webhook) throw new AppError('NOT_FOUND', 'no such webhook');
    return webhook;
  }

  private async reactivate(em: EntityManager, webhook: Webhook): Promise<void> {
    webhook.status = 'active';
    webhook.pauseReason = null;
    webhook.consecutiveFailures = 0;
    webhook.nextProbeAt = null;
    await em
      .getConnection()
      .execute(
        `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now() WHERE webhook_id = ? AND status = 'held'`,
        [webhook.id],
        'all',
        em.getTransactionContext(),
      );
    await em.getConnection().execute('SELECT pg_notify(?, ?)', [DELIVERIES_CHANNEL, webhook.id], 'all', em.getTransactionContext());
  }

  private async pauseByOwner(em: EntityManager, webhook: Webhook): Promise<void> {
    webhook.status = 'paused';
    webhook.pauseReason = 'manual';
    webhook.nextProbeAt = null;
    await em
      .getConnection()
      .execute(
        `UPDATE webhook_deliveries SET status = 'held', next_attempt_at = NULL WHERE webhook_id = ? AND status = 'pending'`,
        [webhook.id],
        'all',
        em.getTransactionContext(),
      );
  }
}

/** Serialises creations per account, so the 25 limit and the duplicate-url rule hold under simultaneous requests. */
async function lockAccount(em: EntityManager, userId: number): Promise<void> {
  await em.getConnection().execute(`SELECT pg_advisory_xact_lock(hashtext('webhooks'), ?)`, [userId], 'all', em.getTransactionContext());
}

function duplicateUrl(): AppError {
  return new AppError('DUPLICATE_URL', 'this url is already registered on the account', { field: 'url' });
}

function mapPage<T, R>(page: { data: T[]; next_cursor: string | null }, map: (row: T) => R): { data: R[]; next_cursor: string | null } {
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
