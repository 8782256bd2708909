import Decimal from 'decimal.js';
import type { ExchangeTradingClient } from '../../upstream/exchange-trading-client';
import type { ExchangeKeysService } from '../identity/exchange-keys.service';
import type { BalanceLowWatcher, WebhooksService } from '../webhooks/webhooks.service';
import type { AccountsStore } from './accounts.store';
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
    private readonly store: AccountsStore,
    private readonly webhooks: Pick<WebhooksService, 'balanceLowWatchers'>,
    private readonly exchangeKeys: ExchangeKeysService,
    private readonly trading: ExchangeTradingClient,
  ) {}

  /** One check of every watching webhook; returns how many events it recorded. */
  async check(): Promise<number> {
    const byUser = new Map<number, BalanceLowWatcher[]>();
    for (const watcher of await this.webhooks.balanceLowWatchers()) byUser.set(watcher.userId, [...(byUser.get(watcher.userId) ?? []), watcher]);
    let recorded = 0;
    for (const [userId, watchers] of byUser) {
      const balances = await this.balancesOf(userId);
      for (const watcher of watchers) recorded += await this.compare(watcher, balances);
    }
    return recorded;
  }

  private async compare(watcher: BalanceLowWatcher, balances: TrackedBalance[]): Promise<number> {
    let recorded = 0;
    const threshold = new Decimal(watcher.threshold);
    for (const balance of balances) {
      const below = new Decimal(balance.amount).lt(threshold);
      const event = {
        userId: watcher.userId,
        type: 'account.balance_low' as const,
        webhookId: watcher.id,
        data: { asset: balance.asset, balance: new Decimal(balance.amount).toFixed(), threshold: threshold.toFixed(), source: balance.source },
      };
      if (await this.store.markBalance({ webhookId: watcher.id, source: balance.source, asset: balance.asset }, below, event)) recorded += 1;
    }
    return recorded;
  }

  private async balancesOf(userId: number): Promise<TrackedBalance[]> {
    const paper = await this.store.paperBalances(userId);
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
