import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import type { UpstreamClient } from '../../upstream/upstream-client';

/** One kline as the exchange sends it, parsed; the last bar of an answer is still forming. */
export interface Bar {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  closeTime: number;
}

/** One funding event of a symbol: its time (Unix ms) and rate (a fraction; longs pay a positive rate). */
export interface FundingEvent {
  time: number;
  rate: number;
}

const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const fundingRows = z.array(z.object({ fundingTime: z.number(), fundingRate: z.string().regex(/^-?\d+(\.\d+)?$/) }));
/** The most rows one fundingRate call returns. */
const FUNDING_LIMIT = 1000;
/** A kline row as the exchange sends it: open time, OHLCV as decimal strings, close time, then fields the runtime does not read. */
const klineRows = z.array(z.tuple([z.number(), decimal, decimal, decimal, decimal, decimal, z.number()], z.unknown()));

/** Klines for the strategy runtime and market closes, through the process's one upstream client. */
export class StrategyMarket {
  constructor(private readonly upstream: UpstreamClient) {}

  /** The latest `limit` bars, oldest first, the forming one last. Never cached: each call asks the exchange. */
  async bars(symbol: string, timeframe: string, limit: number): Promise<Bar[]> {
    const { data } = await this.upstream.getJson<unknown>(
      'fapi',
      '/fapi/v1/klines',
      { symbol, interval: timeframe, limit },
      { weight: limit < 100 ? 1 : limit < 500 ? 2 : 5, waitForBudget: true },
    );
    const rows = klineRows.safeParse(data);
    if (!rows.success) throw new AppError('UPSTREAM_FAILED', `upstream request failed: klines of ${symbol} are not what the exchange documents`);
    return rows.data.map((row) => ({
      openTime: row[0],
      open: Number(row[1]),
      high: Number(row[2]),
      low: Number(row[3]),
      close: Number(row[4]),
      volume: Number(row[5]),
      closeTime: row[6],
    }));
  }

  /** The symbol's funding events in [from, to], oldest first (contract §20: what a dry-run position pays or receives). */
  async funding(symbol: string, from: number, to: number): Promise<FundingEvent[]> {
    const { data } = await this.upstream.getJson<unknown>(
      'fapi',
      '/fapi/v1/fundingRate',
      { symbol, startTime: from, endTime: to, limit: FUNDING_LIMIT },
      { weight: 1, waitForBudget: true },
    );
    const rows = fundingRows.safeParse(data);
    if (!rows.success) throw new AppError('UPSTREAM_FAILED', `upstream request failed: funding of ${symbol} is not what the exchange documents`);
    return rows.data.map((row) => ({ time: row.fundingTime, rate: Number(row.fundingRate) }));
  }

  /** The market price now: the forming bar's latest close. */
  async price(symbol: string): Promise<number> {
    const bars = await this.bars(symbol, '1m', 1);
    const last = bars.at(-1);
    if (!last) throw new Error(`no price for ${symbol}`);
    return last.close;
  }
}
