import { z } from 'zod';
import { parseOrReject } from '../../errors/validation';
import type { Logger } from '../../observability/logger';
import type { UpstreamClient } from '../../upstream/upstream-client';
import type { ChartDataService } from './chart-data.service';
import { KLINE_INTERVALS } from './chart-data.service';
import { UPSTREAM_PATHS } from './cached-upstream';
import type { CurrentFundingRate } from './funding-rates.service';
import { LiveFeed, type FeedSource } from './live-feed';
import { klineRows, premiumIndexRows } from './upstream-replies';

/**
 * Contract §15 subscriptions: `markPrice(symbol)` and `kline(symbol,
 * interval)`, fed by the exchange's market streams. One upstream stream per
 * symbol and interval per process, shared by every subscriber of it (see
 * `LiveFeed`), with REST polling while the stream is down.
 */

/** The mark price record is a funding rate row: the same six fields. */
export type MarkPriceRecord = CurrentFundingRate;

export interface FormingKline {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  closed: boolean;
}

/** The exchange's `markPriceUpdate` event (`<symbol>@markPrice@1s`). */
const markPriceEvent = z.object({
  e: z.literal('markPriceUpdate'),
  E: z.number().int(),
  s: z.string(),
  p: z.string(),
  i: z.string(),
  r: z.string(),
  T: z.number().int(),
});

/** The exchange's `kline` event (`<symbol>@kline_<interval>`): `k` is the forming candle, `x` whether it has closed. */
const klineEvent = z.object({
  e: z.literal('kline'),
  k: z.object({ t: z.number().int(), o: z.string(), h: z.string(), l: z.string(), c: z.string(), v: z.string(), x: z.boolean() }),
});

const premiumIndexRow = premiumIndexRows.element;
const klineSubscription = z.object({ interval: z.enum(KLINE_INTERVALS) });

/** The mark price stream sends every second; this much silence means it is lost. */
const MARK_PRICE_SILENCE_LIMIT_MS = 5_000;
/**
 * REST polling while a stream is down, each answer cached as long as the
 * polling period: a new value at least every 2 s ("at least every 3 s"),
 * and subscribers of any number share each call.
 */
const POLL_INTERVAL_MS = 1_000;

function sameFields<T extends object>(a: T, b: T): boolean {
  return (Object.keys(a) as (keyof T)[]).every((key) => a[key] === b[key]);
}

export class LiveMarketService {
  private readonly feeds = new Map<string, LiveFeed<object>>();

  constructor(
    private readonly upstream: UpstreamClient,
    private readonly chartData: Pick<ChartDataService, 'listedSymbol'>,
    private readonly logger?: Logger,
  ) {}

  async markPrice(symbol: string): Promise<AsyncIterableIterator<MarkPriceRecord>> {
    const listed = await this.chartData.listedSymbol(symbol);
    return this.join<MarkPriceRecord>(`${listed.toLowerCase()}@markPrice@1s`, {
      silenceLimitMs: MARK_PRICE_SILENCE_LIMIT_MS,
      fromStream: (event) => {
        const parsed = markPriceEvent.safeParse(event);
        if (!parsed.success) return undefined;
        const { s, p, i, r, T, E } = parsed.data;
        return { symbol: s, markPrice: p, indexPrice: i, fundingRate: r, nextFundingTime: T, time: E };
      },
      poll: async () => {
        const { data } = await this.upstream.getValid(
          premiumIndexRow,
          'fapi',
          UPSTREAM_PATHS.premiumIndex,
          { symbol: listed },
          { cacheTtlMs: POLL_INTERVAL_MS, weight: 1 },
        );
        return {
          symbol: data.symbol,
          markPrice: data.markPrice,
          indexPrice: data.indexPrice,
          fundingRate: data.lastFundingRate,
          nextFundingTime: data.nextFundingTime,
          time: data.time,
        };
      },
    });
  }

  async kline(symbol: string, interval: string): Promise<AsyncIterableIterator<FormingKline>> {
    const checked = parseOrReject(klineSubscription, { interval }).interval;
    const listed = await this.chartData.listedSymbol(symbol);
    return this.join<FormingKline>(`${listed.toLowerCase()}@kline_${checked}`, {
      fromStream: (event) => {
        const parsed = klineEvent.safeParse(event);
        if (!parsed.success) return undefined;
        const { t, o, h, l, c, v, x } = parsed.data.k;
        return { openTime: t, open: o, high: h, low: l, close: c, volume: v, closed: x };
      },
      poll: async () => {
        const { data } = await this.upstream.getValid(
          klineRows,
          'fapi',
          UPSTREAM_PATHS.klines,
          { symbol: listed, interval: checked, limit: 1 },
          { cacheTtlMs: POLL_INTERVAL_MS, weight: 1 },
        );
        const last = data.at(-1);
        if (!last) return undefined;
        const [openTime, open, high, low, close, volume, closeTime] = last;
        return { openTime, open, high, low, close, volume, closed: closeTime < Date.now() };
      },
    });
  }

  /** Upstream streams open in this process (one per symbol and interval, however many subscribers). */
  openStreams(): string[] {
    return [...this.feeds.keys()];
  }

  close(): void {
    for (const feed of this.feeds.values()) feed.close();
    this.feeds.clear();
  }

  private join<T extends object>(stream: string, source: Omit<FeedSource<T>, 'same' | 'pollIntervalMs'>): AsyncIterableIterator<T> {
    let feed = this.feeds.get(stream) as LiveFeed<T> | undefined;
    if (!feed) {
      feed = new LiveFeed<T>(
        this.upstream,
        stream,
        { ...source, same: sameFields, pollIntervalMs: POLL_INTERVAL_MS },
        () => this.feeds.delete(stream),
        this.logger,
      );
      this.feeds.set(stream, feed as unknown as LiveFeed<object>);
    }
    return feed.subscribe();
  }
}
