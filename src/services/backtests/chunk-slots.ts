import { copyColumn, type StoredChunk } from './history-chunks.store';

/**
 * A series' columns filled chunk by chunk in whatever order the chunks
 * come: each chunk has a slot of `capacity` rows in every column of one
 * buffer, and `columns()` closes the gaps between slots in time order.
 *
 * This lets a chunk fetched for a job go into the job's columns as it is
 * stored, instead of being read back from the store afterwards: a first
 * 5-year 1m load then reads nothing back, where reading its 126 MB as base64
 * text left ~110 MB of text promoted to the old generation, dead but not
 * collected while the job ran and stored its result (the worker's peak).
 */
export class ChunkSlots {
  private readonly slotOf: Map<number, number>;
  /** Rows in each slot; -1 while empty. */
  private readonly rows: Int32Array;
  /** One full-length view per column: column `c` spans slots × capacity values. */
  private readonly regions: Float64Array[];

  constructor(
    starts: number[],
    private readonly capacity: number,
    columnCount: number,
    shared: boolean | undefined,
  ) {
    this.slotOf = new Map(starts.map((chunkStart, slot) => [chunkStart, slot]));
    this.rows = new Int32Array(starts.length).fill(-1);
    const length = starts.length * capacity;
    const buffer = shared === true ? new SharedArrayBuffer(length * columnCount * 8) : new ArrayBuffer(length * columnCount * 8);
    this.regions = Array.from({ length: columnCount }, (_, index) => new Float64Array(buffer, index * length * 8, length));
  }

  filled(chunkStart: number): boolean {
    return (this.rows[this.slot(chunkStart)] ?? -1) >= 0;
  }

  /** A chunk's columns as fetched. */
  place(chunkStart: number, columns: Float64Array[]): void {
    const slot = this.claim(chunkStart, columns[0]?.length ?? 0);
    this.regions.forEach((region, index) => region.set(columns[index] ?? new Float64Array(0), slot * this.capacity));
  }

  /** A chunk as read from the store. */
  placeStored(chunk: StoredChunk): void {
    const slot = this.claim(chunk.chunkStart, chunk.rowCount);
    this.regions.forEach((region, index) => copyColumn(chunk, index, region, slot * this.capacity));
  }

  /** The columns, rows in time order, gaps closed (each row moves towards the start, so moving slot after slot is safe). */
  columns(): Float64Array[] {
    let total = 0;
    this.rows.forEach((rows, slot) => {
      if (rows <= 0) return;
      const from = slot * this.capacity;
      if (from !== total) this.regions.forEach((region) => region.copyWithin(total, from, from + rows));
      total += rows;
    });
    return this.regions.map((region) => region.subarray(0, total));
  }

  private slot(chunkStart: number): number {
    const slot = this.slotOf.get(chunkStart);
    if (slot === undefined) throw new Error(`no slot for the chunk at ${chunkStart}`);
    return slot;
  }

  private claim(chunkStart: number, rows: number): number {
    if (rows > this.capacity) throw new Error(`the chunk at ${chunkStart} holds ${rows} rows where at most ${this.capacity} fit`);
    const slot = this.slot(chunkStart);
    this.rows[slot] = rows;
    return slot;
  }
}
