import { StoreSql } from '../../db/native-query';
import type { Orm } from '../../db/orm';

/**
 * Exchange history in PostgreSQL: one row per symbol, series (a timeframe, or
 * `funding`) and fixed time span, holding float64 columns of `row_count`
 * values back to back, little-endian; `fetched_until` says how far the span
 * was complete when fetched (the current span is completed by a later fetch). A 5-year
 * 1-minute history is ~1,800 rows of 69 kB instead of 2.6 million rows, and
 * loads by copying bytes straight into the engine's typed arrays.
 */
export interface StoredChunk {
  chunkStart: number;
  rowCount: number;
  data: Buffer;
}

/** Float64 columns → one buffer (the layout of `data`). */
export function packColumns(columns: Float64Array[]): Buffer {
  const rows = columns[0]?.length ?? 0;
  const packed = Buffer.alloc(columns.length * rows * 8);
  columns.forEach((column, index) => Buffer.from(column.buffer, column.byteOffset, rows * 8).copy(packed, index * rows * 8));
  return packed;
}

/** Copies column `index` of a chunk into `target` from `offset` (bytes are copied, so the driver's buffer alignment does not matter). */
export function copyColumn(chunk: StoredChunk, index: number, target: Float64Array, offset: number): void {
  const bytes = chunk.rowCount * 8;
  chunk.data.copy(Buffer.from(target.buffer, target.byteOffset, target.byteLength), offset * 8, index * bytes, (index + 1) * bytes);
}

/** A PostgreSQL array literal: the query builder would expand a JS array into a list of parameters. */
function bigintArray(values: number[]): string {
  return `{${values.join(',')}}`;
}

/** Loaded in batches so the driver's buffers never hold a whole 5-year history beside its typed arrays. */
const LOAD_BATCH = 50;

export class HistoryChunks {
  constructor(private readonly orm: Orm) {}

  private readonly sql = new StoreSql(this.orm);

  /** For each stored chunk among `starts`: the instant up to which (exclusive) it holds everything the exchange had. */
  async coverage(symbol: string, series: string, starts: number[]): Promise<Map<number, number>> {
    const rows = await this.sql.all<{ chunk_start: string; fetched_until: string }>(
      'SELECT chunk_start, fetched_until FROM history_chunks WHERE symbol = ? AND series = ? AND chunk_start = ANY(?::bigint[])',
      [symbol, series, bigintArray(starts)],
    );
    return new Map(rows.map((row) => [Number(row.chunk_start), Number(row.fetched_until)]));
  }

  async save(symbol: string, series: string, chunkStart: number, fetchedUntil: number, columns: Float64Array[]): Promise<void> {
    await this.sql.all(
      `INSERT INTO history_chunks (symbol, series, chunk_start, row_count, fetched_until, data) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (symbol, series, chunk_start) DO UPDATE SET row_count = excluded.row_count, fetched_until = excluded.fetched_until, data = excluded.data`,
      [symbol, series, chunkStart, columns[0]?.length ?? 0, fetchedUntil, packColumns(columns)],
    );
  }

  /** Row counts of the stored chunks among `starts`, in time order. */
  async sizes(symbol: string, series: string, starts: number[]): Promise<{ chunkStart: number; rowCount: number }[]> {
    const rows = await this.sql.all<{ chunk_start: string; row_count: number }>(
      'SELECT chunk_start, row_count FROM history_chunks WHERE symbol = ? AND series = ? AND chunk_start = ANY(?::bigint[]) ORDER BY chunk_start',
      [symbol, series, bigintArray(starts)],
    );
    return rows.map((row) => ({ chunkStart: Number(row.chunk_start), rowCount: row.row_count }));
  }

  /** Calls `visit` for each stored chunk among `starts`, in time order. */
  async forEach(symbol: string, series: string, starts: number[], visit: (chunk: StoredChunk) => void): Promise<void> {
    const sorted = [...starts].sort((a, b) => a - b);
    let scratch = Buffer.alloc(0);
    for (let from = 0; from < sorted.length; from += LOAD_BATCH) {
      const rows = await this.sql.all<{ chunk_start: string; row_count: number; data: string }>(
        // base64 text is 1.33× the bytes where the driver's bytea hex text is 2×: less transient memory per batch.
        `SELECT chunk_start, row_count, encode(data, 'base64') AS data FROM history_chunks WHERE symbol = ? AND series = ? AND chunk_start = ANY(?::bigint[]) ORDER BY chunk_start`,
        [symbol, series, bigintArray(sorted.slice(from, from + LOAD_BATCH))],
      );
      for (const row of rows) {
        // Decoded into one reused buffer: `visit` copies the columns out before the next row overwrites it.
        const upperBound = Math.ceil((row.data.length * 3) / 4);
        if (scratch.length < upperBound) scratch = Buffer.alloc(upperBound);
        const length = scratch.write(row.data, 0, 'base64');
        visit({ chunkStart: Number(row.chunk_start), rowCount: row.row_count, data: scratch.subarray(0, length) });
      }
    }
  }
}
