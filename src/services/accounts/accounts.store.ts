import { StoreSql } from '../../db/native-query';
import type { Orm } from '../../db/orm';
import { PaperBalance } from '../../entities/paper-balance.entity';
import { recordEvent, type NewEvent } from '../../events/outbox.store';

/** Which balance a `balance_low_states` row follows for one webhook. */
export interface BalanceKey {
  webhookId: string;
  source: 'paper' | 'exchange';
  asset: string;
}

/** Every query of the accounts feature's tables: `paper_balances` and `balance_low_states`. */
export class AccountsStore {
  constructor(private readonly orm: Orm) {}

  private readonly sql = new StoreSql(this.orm);

  async setPaperBalance(userId: number, asset: string, amount: string): Promise<void> {
    await this.orm.em.fork().upsert(PaperBalance, { userId, asset, amount, updatedAt: new Date() });
  }

  async paperBalance(userId: number, asset: string): Promise<string | undefined> {
    return (await this.orm.em.fork().findOne(PaperBalance, { userId, asset }))?.amount;
  }

  paperBalances(userId: number): Promise<PaperBalance[]> {
    return this.orm.em.fork().find(PaperBalance, { userId });
  }

  /**
   * Records whether the balance is below the webhook's threshold. The state
   * flips atomically, so when it goes from above to below `event` is recorded
   * exactly once, in the same transaction, however many processes check at
   * once. Returns whether it was recorded.
   */
  async markBalance(key: BalanceKey, below: boolean, event: NewEvent): Promise<boolean> {
    const params = [key.webhookId, key.source, key.asset];
    if (!below) {
      await this.sql.all('UPDATE balance_low_states SET below = false WHERE webhook_id = ? AND source = ? AND asset = ? AND below', params);
      return false;
    }
    return this.sql.transaction(async (em) => {
      const crossed = await this.sql.all(
        `INSERT INTO balance_low_states (webhook_id, source, asset, below) VALUES (?, ?, ?, true)
           ON CONFLICT (webhook_id, source, asset) DO UPDATE SET below = true WHERE balance_low_states.below = false
           RETURNING webhook_id`,
        params,
        em,
      );
      if (crossed.length === 0) return false;
      await recordEvent(em, event);
      return true;
    });
  }
}
