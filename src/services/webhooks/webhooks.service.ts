import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { ownerFor, type Caller } from '../../auth/caller';
import type { SecretBox } from '../../crypto/secret-box';
import type { Webhook } from '../../entities/webhook.entity';
import { AppError } from '../../errors/app-error';
import { parseOrInvalidParameter } from '../../errors/validation';
import { EVENT_DEFINITIONS, EVENT_TYPES, subscriptionMatches } from '../../events/event-types';
import type { WebhooksStore, WebhooksTransaction } from './webhooks.store';
import { findOwnedWebhook, webhookNotFound } from './owned-webhook';
import { AddressRefusedError } from './public-address';
import type { SafeHttpsClient } from './safe-https';
import { newWebhookSecret } from './signing';
import { decodeCursor, pageOf } from '../pagination';
import { createSchema, listSchema, updateSchema } from './webhook-input';
import { mapPage, webhookRecord, type EventTypeRecord, type RotatedSecret, type WebhookRecord } from './webhook-records';

export const MAX_WEBHOOKS_PER_ACCOUNT = 25;
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
 * The rules of webhook registrations (spec "Webhooks", contract §10, §16):
 * create, list, edit, delete, rotate the secret, and the event catalogue.
 * Deliveries, their attempts, recover, redeliver and the test event are
 * `WebhookDeliveriesService`'s. Who may call what (the `webhooks:write`
 * scope) is each operation's rule on the operation table, checked at the edge
 * before these run.
 */
export class WebhooksService {
  constructor(
    private readonly store: WebhooksStore,
    private readonly secretBox: SecretBox,
    private readonly client: SafeHttpsClient,
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
    return webhookRecord(await findOwnedWebhook(this.store, owner, id));
  }

  async update(owner: Caller, id: string, input: unknown): Promise<WebhookRecord> {
    const body = parseOrInvalidParameter(updateSchema, input ?? {});
    const existing = await findOwnedWebhook(this.store, owner, id);
    if (body.url !== undefined && body.url !== existing.url) await this.checkReachable(body.url);
    const events = body.events ?? existing.events;
    const threshold = body.balance_low_threshold === undefined ? existing.balanceLowThreshold : body.balance_low_threshold;
    if (events.includes('account.balance_low') && !threshold) {
      throw new AppError('INVALID_PARAMETER', 'balance_low_threshold: is required when events include account.balance_low', { field: 'balance_low_threshold' });
    }
    try {
      return await this.store.transaction(async (tx) => {
        const webhook = await tx.lockWebhook(owner, id);
        if (!webhook) throw webhookNotFound();
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
    if (!(await this.store.deleteWebhook(owner, id))) throw webhookNotFound();
  }

  /** The caller's webhooks by id, in the order asked, null where the caller has none (a delivery's `webhook` field). */
  async webhooksByIds(owner: Caller, ids: readonly string[]): Promise<(WebhookRecord | null)[]> {
    const found = new Map((await this.store.findWebhooks(owner, ids)).map((webhook) => [webhook.id, webhookRecord(webhook)]));
    return ids.map((id) => found.get(id) ?? null);
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
    if (!expiresAt) throw webhookNotFound();
    return { secret, _secret_warning: SECRET_WARNING, previous_secret_expires_at: expiresAt.toISOString() };
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

function duplicateUrl(): AppError {
  return new AppError('DUPLICATE_URL', 'this url is already registered on the account', { field: 'url' });
}
