import Decimal from 'decimal.js';
import { z } from 'zod';
import { parseOrReject } from '../../errors/validation';
import type { AccountsStore } from './accounts.store';

/** Contract §8: dry runs check capital against the paper balance, 10000 USDT until an operator sets another. */
export const DEFAULT_PAPER_BALANCE = { asset: 'USDT', amount: '10000' } as const;

const balanceSchema = z.object({
  asset: z.string().regex(/^[A-Z0-9]{1,20}$/, 'must be an upper-case asset code such as USDT'),
  amount: z.string().regex(/^\d+(\.\d+)?$/, 'must be a non-negative decimal'),
});

export interface PaperBalanceRecord {
  asset: string;
  amount: string;
}

export class PaperBalancesService {
  constructor(private readonly store: AccountsStore) {}

  async set(userId: number, input: { asset: string; amount: string }): Promise<PaperBalanceRecord> {
    const { asset, amount } = parseOrReject(balanceSchema, input);
    const normalised = new Decimal(amount).toFixed();
    await this.store.setPaperBalance(userId, asset, normalised);
    return { asset, amount: normalised };
  }

  /** The user's paper balance of `asset` as a decimal string: the default for USDT when never set, else 0. */
  async get(userId: number, asset: string): Promise<string> {
    const balance = await this.store.paperBalance(userId, asset);
    if (balance !== undefined) return new Decimal(balance).toFixed();
    return asset === DEFAULT_PAPER_BALANCE.asset ? DEFAULT_PAPER_BALANCE.amount : '0';
  }
}
