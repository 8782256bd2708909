import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import type { Orm } from '../../db/orm';
import { PaperBalance } from '../../entities/paper-balance.entity';
import { Webhook } from '../../entities/webhook.entity';
import { subscriptionMatches } from '../../events/event-types';
import { recordEvent } from '../../events/outbox';
import type { ExchangeTradingClient } from '../../upstream/exchange-trading-client';
import type { ExchangeKeysService } from '../identity/exchange-keys.service';
import { DEFAULT_PAPER_BALANCE } from './paper-balances.service';

interface TrackedBalance {
  source: 'paper' | 'exchange';
  asset: string;
  amount: string;
}

/**
 * `account.balance_low`: for each webhook that receives the event (directly,
 * `account.*` or `*`) and has a `balance_low_threshold`, the account's
 * tracked balances (its paper balances, and the registered exchange account's
 * available balances) are compared with the threshold. The event is recorded
 * for that webhook when a balance goes below it, once per crossing: the
 * per-webhook, per-balance state flips atomically, so several worker
 * processes checking at once still record it once.
 */
export class BalanceLowService {
  constructor(
    private readonly orm: Orm,
    private readonly exchangeKeys: ExchangeKeysService,
    private readonly trading: ExchangeTradingClient,
  ) {}

  /** One check of every watching webhook; returns how many events it recorded. */
  async check(): Promise<number> {
    const watching = (await this.orm.em.fork().find(Webhook, { balanceLowThreshold: { $ne: null }, status: { $ne: 'broken' } })).filter((webhook) =>
      subscriptionMatches(webhook.events, 'account.balance_low'),
    );
    const byUser = new Map<number, Webhook[]>();
    for (const webhook of watching) byUser.set(webhook.userId, [...(byUser.get(webhook.userId) ?? []), webhook]);
    let recorded = 0;
    for (const [userId, webhooks] of byUser) {
      const balances = await this.balancesOf(userId);
      for (const webhook of webhooks) {
        recorded += await this.orm.em.fork().transactional((em) => this.compare(em, webhook, balances));
      }
    }
    return recorded;
  }

  private async compare(em: EntityManager, webhook: Webhook, balances: TrackedBalance[]): Promise<number> {
    let recorded = 0;
    const threshold = new Decimal(webhook.balanceLowThreshold!);
    const connection = em.getConnection();
    const context = em.getTransactionContext<unknown>();
    for (const balance of balances) {
      const key = [webhook.id, balance.source, balance.asset];
      if (new Decimal(balance.amount).gte(threshold)) {
        await connection.execute(
          'UPDATE balance_low_states SET below = false WHERE webhook_id = ? AND source = ? AND asset = ? AND below',
          key,
          'run',
          context,
        );
        continue;
      }
      const crossed = await connection.execute(
        `INSERT INTO balance_low_states (webhook_id, source, asset, below) VALUES (?, ?, ?, true)
           ON CONFLICT (webhook_id, source, asset) DO UPDATE SET below = true WHERE balance_low_states.below = false
           RETURNING webhook_id`,
        key,
        'all',
        context,
      );
      if (crossed.length === 0) continue;
      await recordEvent(em, {
        userId: webhook.userId,
        type: 'account.balance_low',
        webhookId: webhook.id,
        data: { asset: balance.asset, balance: new Decimal(balance.amount).toFixed(), threshold: threshold.toFixed(), source: balance.source },
      });
      recorded += 1;
    }
    return recorded;
  }

  private async balancesOf(userId: number): Promise<TrackedBalance[]> {
    const paper = await this.orm.em.fork().find(PaperBalance, { userId });
    const tracked: TrackedBalance[] = paper.map((row) => ({ source: 'paper', asset: row.asset, amount: row.amount }));
    if (!paper.some((row) => row.asset === DEFAULT_PAPER_BALANCE.asset)) tracked.push({ source: 'paper', ...DEFAULT_PAPER_BALANCE });
    const credentials = await this.exchangeKeys.credentialsFor(userId);
    if (credentials) {
      const answer = await this.trading.send(credentials, 'GET', '/fapi/v2/balance', {}).catch(() => null);
      if (answer?.status === 200 && Array.isArray(answer.body)) {
        for (const row of answer.body as { asset?: unknown; availableBalance?: unknown }[]) {
          if (typeof row.asset === 'string' && typeof row.availableBalance === 'string')
            tracked.push({ source: 'exchange', asset: row.asset, amount: row.availableBalance });
        }
      }
    }
    return tracked;
  }
}
