import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { parseOrReject } from '../../errors/validation';
import type { UpstreamClient } from '../../upstream/upstream-client';
import { givenValues, normalizeSymbol, queryInteger, type OperationInput } from './query';
import { CACHE_TTL_MS, klinesTtl, klinesWeight, requireSuccess, SYMBOL_NOT_FOUND, UPSTREAM_PATHS } from './cached-upstream';
import { exchangeInfoSymbols, klineRows, openInterestReply, type ExchangeSymbol } from './upstream-replies';

/**
 * Contract §15: what a dashboard's chart needs beside the live streams —
 * candles, open interest and the symbols with their trading filters — read
 * through the same cached upstream client as the REST paths.
 */

export const KLINE_INTERVALS = ['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '6h', '8h', '12h', '1d', '3d', '1w', '1M'] as const;

export interface KlineRecord {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  closeTime: number;
}

export type OpenInterestRecord = z.infer<typeof openInterestReply>;
export type { ExchangeSymbol };

const klinesQuery = z.object({
  symbol: z.string().min(1).transform(normalizeSymbol),
  interval: z.enum(KLINE_INTERVALS),
  limit: queryInteger({ min: 1, max: 1500 }).default(500),
  start_time: queryInteger().optional(),
  end_time: queryInteger().optional(),
});

export class ChartDataService {
  /** Records derived once per upstream answer: closed klines stay cached indefinitely and are read often. */
  private readonly records = new WeakMap<object, KlineRecord[]>();

  constructor(private readonly upstream: UpstreamClient) {}

  /** `input`: `symbol`, `interval`, `limit` (default 500, at most 1500), `start_time`, `end_time`. */
  async klines(input: OperationInput): Promise<KlineRecord[]> {
    const query = parseOrReject(klinesQuery, givenValues(input));
    const response = requireSuccess(
      this.upstream,
      await this.upstream.get(
        'fapi',
        UPSTREAM_PATHS.klines,
        { symbol: query.symbol, interval: query.interval, limit: query.limit, startTime: query.start_time, endTime: query.end_time },
        { cacheTtlMs: klinesTtl((answer) => this.upstream.parse(answer)), weight: klinesWeight(String(query.limit)) },
      ),
    );
    const rows = this.upstream.validate(klineRows, response, UPSTREAM_PATHS.klines);
    let records = this.records.get(rows);
    if (!records) {
      records = rows.map(([openTime, open, high, low, close, volume, closeTime]) => ({ openTime, open, high, low, close, volume, closeTime }));
      this.records.set(rows, records);
    }
    return records;
  }

  async openInterest(symbol: string): Promise<OpenInterestRecord> {
    const response = requireSuccess(
      this.upstream,
      await this.upstream.get('fapi', UPSTREAM_PATHS.openInterest, { symbol: normalizeSymbol(symbol) }, { cacheTtlMs: CACHE_TTL_MS.openInterest }),
    );
    return this.upstream.validate(openInterestReply, response, UPSTREAM_PATHS.openInterest);
  }

  async exchangeSymbols(): Promise<ExchangeSymbol[]> {
    const { data } = await this.upstream.getValid(exchangeInfoSymbols, 'fapi', UPSTREAM_PATHS.exchangeInfo, {}, { cacheTtlMs: CACHE_TTL_MS.exchangeInfo });
    return data.symbols;
  }

  /** The exchange's spelling of a listed symbol; NOT_FOUND for one it does not list (a stream of it would stay silent). */
  async listedSymbol(symbol: string): Promise<string> {
    const wanted = normalizeSymbol(symbol);
    if (!(await this.exchangeSymbols()).some((listed) => listed.symbol === wanted)) throw new AppError('NOT_FOUND', SYMBOL_NOT_FOUND);
    return wanted;
  }
}
