import type { Knex } from '@mikro-orm/postgresql';
import type { Orm } from '../../db/orm';

/** Every SQL statement of plans: their data keys and the plan-gated series. Values stay decimal strings from `numeric` to the wire. */

export type Market = 'stock' | 'index' | 'commodity';
export type RatioSeries = 'retail' | 'top' | 'whale';
export type SeriesInterval = '1h' | '4h' | '1d' | '1w';

export interface KlineRow {
  market: Market;
  symbol: string;
  interval: SeriesInterval;
  open_time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export interface RatioRow {
  market: Market;
  symbol: string;
  series: RatioSeries;
  period: SeriesInterval;
  timestamp: number;
  long_short_ratio: string;
  long_account: string;
  short_account: string;
}

const BATCH = 1000;

export class PlanSeriesStore {
  constructor(private readonly orm: Orm) {}

  private knex(): Knex {
    return this.orm.em.getConnection().getKnex();
  }

  async insertPlanKey(userId: number, keyHash: string): Promise<void> {
    await this.knex()('plan_keys').insert({ user_id: userId, key_hash: keyHash, created_at: new Date() });
  }

  /** The user id a plan key (by its hash) belongs to, or null. */
  async planKeyOwner(keyHash: string): Promise<number | null> {
    const row = await this.knex()('plan_keys').where({ key_hash: keyHash }).first<{ user_id: number } | undefined>('user_id');
    return row?.user_id ?? null;
  }

  async upsertKlines(rows: KlineRow[]): Promise<void> {
    await this.upsert('series_klines', rows, ['market', 'symbol', 'interval', 'open_time']);
  }

  async upsertRatios(rows: RatioRow[]): Promise<void> {
    await this.upsert('series_ratios', rows, ['market', 'symbol', 'series', 'period', 'timestamp']);
  }

  async hasRatioSymbol(market: Market, series: RatioSeries, symbol: string): Promise<boolean> {
    return (await this.knex()('series_ratios').where({ market, series, symbol }).first(this.knex().raw('1'))) !== undefined;
  }

  async hasKlineSymbol(market: Market, symbol: string): Promise<boolean> {
    return (await this.knex()('series_klines').where({ market, symbol }).first(this.knex().raw('1'))) !== undefined;
  }

  /** The latest `limit` points, oldest first (as the exchange's ratio endpoints answer). */
  async latestRatios(market: Market, series: RatioSeries, symbol: string, period: SeriesInterval, limit: number): Promise<RatioRow[]> {
    const latest = this.knex()('series_ratios').where({ market, series, symbol, period }).orderBy('timestamp', 'desc').limit(limit);
    return this.knex().from(latest.as('latest')).select('*').orderBy('timestamp', 'asc');
  }

  /** Within [startTime, endTime] by open time: the first `limit` when a start is given, else the latest `limit`; oldest first. */
  async klines(market: Market, symbol: string, interval: SeriesInterval, range: { startTime?: number; endTime?: number; limit: number }): Promise<KlineRow[]> {
    const query = this.knex()('series_klines').where({ market, symbol, interval });
    if (range.startTime !== undefined) query.where('open_time', '>=', range.startTime);
    if (range.endTime !== undefined) query.where('open_time', '<=', range.endTime);
    query.orderBy('open_time', range.startTime !== undefined ? 'asc' : 'desc').limit(range.limit);
    return this.knex().from(query.as('picked')).select('*').orderBy('open_time', 'asc');
  }

  private async upsert(table: string, rows: object[], key: string[]): Promise<void> {
    await this.knex().transaction(async (trx) => {
      for (let start = 0; start < rows.length; start += BATCH) {
        await trx(table)
          .insert(rows.slice(start, start + BATCH))
          .onConflict(key)
          .merge();
      }
    });
  }
}
