import { z } from 'zod';
import type { PlanLevel } from '../../entities/user.entity';
import { AppError } from '../../errors/app-error';
import { parseOrReject } from '../../errors/validation';
import type { PlansService } from './plans.service';
import { parseSeriesCsv, SERIES_INTERVALS } from './series-csv';
import type { Market, PlanSeriesStore, RatioSeries } from './plan-series.store';

/** Every stock/index/commodity endpoint needs the Standard plan (spec "Stock and index ratios", contract §4). */
const REQUIRED_PLAN: PlanLevel = 'standard';

const INTERVAL_MS: Record<(typeof SERIES_INTERVALS)[number], number> = { '1h': 3_600_000, '4h': 14_400_000, '1d': 86_400_000, '1w': 604_800_000 };

/** The three ratio endpoints and the series each one serves. */
export const RATIO_SERIES = {
  stockRetail: { market: 'stock', series: 'retail' },
  indexTop: { market: 'index', series: 'top' },
  indexWhale: { market: 'index', series: 'whale' },
} as const satisfies Record<string, { market: Market; series: RatioSeries }>;
export type RatioEndpoint = keyof typeof RATIO_SERIES;

export const KLINE_MARKETS = ['stock', 'index', 'commodity'] as const satisfies readonly Market[];

const symbol = z.string().min(1).max(40);
/** Query strings carry text: a decimal integer is read as one, anything else fails as FastAPI's `int_parsing`. */
const integer = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string()
      .transform((text, ctx) => {
        if (/^[+-]?\d+$/.test(text.trim())) return Number(text);
        ctx.addIssue({ code: 'invalid_type', expected: 'int', input: text });
        return z.NEVER;
      })
      .pipe(z.int().min(min).max(max)),
  );
const millis = integer(0, 8_640_000_000_000_000);

export const ratioQuery = z.object({
  symbol,
  period: z.enum(SERIES_INTERVALS).default('1d'),
  limit: integer(1, 500).default(30),
});

export const klineQuery = z.object({
  symbol,
  interval: z.enum(SERIES_INTERVALS).default('1d'),
  startTime: millis.optional(),
  endTime: millis.optional(),
  limit: integer(1, 1000).default(100),
});

/** Spec "Long/short ratio row" with account fields. */
export interface PlanRatioRow {
  symbol: string;
  longShortRatio: string;
  longAccount: string;
  shortAccount: string;
  timestamp: number;
}

/** `[openTime, open, high, low, close, volume, closeTime]`, the exchange's K-line array shape. */
export type PlanKline = [number, string, string, string, string, string, number];

/**
 * Plan-gated series served from PostgreSQL. The plan key is checked before the
 * query, as FastAPI resolves the key dependency before validating parameters:
 * 401, 403, then 422, then 404.
 */
export class PlanSeriesService {
  constructor(
    private readonly plans: PlansService,
    private readonly store: PlanSeriesStore,
  ) {}

  async ratios(endpoint: RatioEndpoint, planKey: string | undefined, input: unknown): Promise<PlanRatioRow[]> {
    await this.plans.requirePlan(planKey, REQUIRED_PLAN);
    const query = parseOrReject(ratioQuery, input);
    const { market, series } = RATIO_SERIES[endpoint];
    if (!(await this.store.hasRatioSymbol(market, series, query.symbol))) throw new AppError('NOT_FOUND', 'symbol not found');
    const rows = await this.store.latestRatios(market, series, query.symbol, query.period, query.limit);
    return rows.map((row) => ({
      symbol: row.symbol,
      longShortRatio: row.long_short_ratio,
      longAccount: row.long_account,
      shortAccount: row.short_account,
      timestamp: Number(row.timestamp),
    }));
  }

  async klines(market: Market, planKey: string | undefined, input: unknown): Promise<PlanKline[]> {
    await this.plans.requirePlan(planKey, REQUIRED_PLAN);
    const query = parseOrReject(klineQuery, input);
    if (!(await this.store.hasKlineSymbol(market, query.symbol))) throw new AppError('NOT_FOUND', 'symbol not found');
    const rows = await this.store.klines(market, query.symbol, query.interval, query);
    return rows.map((row) => {
      const openTime = Number(row.open_time);
      return [openTime, row.open, row.high, row.low, row.close, row.volume, openTime + INTERVAL_MS[query.interval] - 1];
    });
  }

  /** `import-series` (contract §4): the whole file or nothing; a row already stored is replaced. */
  async importCsv(text: string): Promise<{ layout: 'klines' | 'ratios'; rows: number }> {
    const parsed = parseSeriesCsv(text);
    if (parsed.layout === 'klines') await this.store.upsertKlines(parsed.rows);
    else await this.store.upsertRatios(parsed.rows);
    return { layout: parsed.layout, rows: parsed.rows.length };
  }
}
