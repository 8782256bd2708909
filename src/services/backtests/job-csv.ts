import type { BacktestTrade, EquityPoint } from '../../engine';

/** Contract §18: the columns of `trades.csv` and `equity.csv`, in order. */
export const TRADES_CSV_COLUMNS = [
  'id',
  'symbol',
  'side',
  'entry_time',
  'entry_price',
  'exit_time',
  'exit_price',
  'qty',
  'pnl',
  'fee',
  'funding',
  'exit_reason',
  'mae',
  'mfe',
] as const satisfies readonly (keyof BacktestTrade)[];
export const EQUITY_CSV_COLUMNS = ['time', 'equity'] as const;

/** Rows per chunk: ~100 kB of text, so a 100,000-trade file is written in ~100 pieces rather than built whole. */
const ROWS_PER_CHUNK = 1000;
const LINE_END = '\r\n';
const NEEDS_QUOTES = /[",\r\n]/;

type CsvValue = string | number | null | undefined;

/** RFC 4180: a field holding a comma, a double quote or a line break is quoted, its quotes doubled; an absent value is empty. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The header line, then the rows, `ROWS_PER_CHUNK` lines per string, each line ended by CRLF. */
function* csvChunks<Row>(columns: readonly string[], rows: readonly Row[], fields: (row: Row) => readonly CsvValue[]): Generator<string> {
  yield columns.join(',') + LINE_END;
  for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
    let chunk = '';
    for (const row of rows.slice(start, start + ROWS_PER_CHUNK)) chunk += fields(row).map(csvField).join(',') + LINE_END;
    yield chunk;
  }
}

/** `trades.csv`: one line per trade with its JSON values (jobs run before a column existed leave it empty). */
export function tradesCsv(trades: readonly BacktestTrade[]): Iterable<string> {
  return csvChunks(TRADES_CSV_COLUMNS, trades, (trade) => TRADES_CSV_COLUMNS.map((column) => trade[column]));
}

/** `equity.csv`: one line per point of the daily curve. */
export function equityCsv(curve: readonly EquityPoint[]): Iterable<string> {
  return csvChunks(EQUITY_CSV_COLUMNS, curve, (point) => point);
}
