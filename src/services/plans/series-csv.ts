import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { KlineRow, RatioRow } from './plan-series.store';

export const SERIES_INTERVALS = ['1h', '4h', '1d', '1w'] as const;

/** The two layouts of contract §4, told apart by the header row. */
export const KLINE_HEADER = ['market', 'symbol', 'interval', 'open_time', 'open', 'high', 'low', 'close', 'volume'];
export const RATIO_HEADER = ['market', 'symbol', 'series', 'period', 'timestamp', 'long_short_ratio', 'long_account', 'short_account'];

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number');
const millis = z
  .string()
  .regex(/^\d{1,16}$/, 'must be Unix milliseconds')
  .transform(Number);
const symbol = z.string().min(1).max(40);

const klineRow = z.object({
  market: z.enum(['stock', 'index', 'commodity']),
  symbol,
  interval: z.enum(SERIES_INTERVALS),
  open_time: millis,
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume: decimal,
});

/** Retail series are stock series; top-trader and whale series are index series (spec "Stock and index ratios"). */
const ratioRow = z
  .object({
    market: z.enum(['stock', 'index']),
    symbol,
    series: z.enum(['retail', 'top', 'whale']),
    period: z.enum(SERIES_INTERVALS),
    timestamp: millis,
    long_short_ratio: decimal,
    long_account: decimal,
    short_account: decimal,
  })
  .refine((row) => (row.series === 'retail') === (row.market === 'stock'), { message: 'retail series are stock; top and whale are index', path: ['series'] });

export type ParsedSeries = { layout: 'klines'; rows: KlineRow[] } | { layout: 'ratios'; rows: RatioRow[] };

export class SeriesCsvError extends Error {}

/** Parses a whole series file; any bad row rejects the file with its line number, so an import is all or nothing. */
export function parseSeriesCsv(text: string): ParsedSeries {
  const records: string[][] = parse(text, { trim: true, skip_empty_lines: true, bom: true, relax_column_count: false });
  const [header, ...body] = records;
  const headerText = (header ?? []).join(',');
  const layout = headerText === KLINE_HEADER.join(',') ? 'klines' : headerText === RATIO_HEADER.join(',') ? 'ratios' : undefined;
  if (!layout) throw new SeriesCsvError(`unrecognised header "${headerText}"; expected "${KLINE_HEADER.join(',')}" or "${RATIO_HEADER.join(',')}"`);
  const columns = layout === 'klines' ? KLINE_HEADER : RATIO_HEADER;
  const schema = layout === 'klines' ? klineRow : ratioRow;
  const rows = body.map((values, index) => {
    const parsed = schema.safeParse(Object.fromEntries(columns.map((column, position) => [column, values[position]])));
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      if (issue === undefined) throw new Error('zod reported a failed parse without an issue');
      throw new SeriesCsvError(`line ${index + 2}: ${issue.path.join('.')}: ${issue.message}`);
    }
    return parsed.data;
  });
  return layout === 'klines' ? { layout, rows: rows as KlineRow[] } : { layout, rows: rows as RatioRow[] };
}
