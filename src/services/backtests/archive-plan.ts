import type { Logger } from '../../observability/logger';
import { ARCHIVE_DOWNLOADS, type ArchiveClient } from '../../upstream/archive-client';
import { readFunding, readKlines } from './archive-files';

/**
 * Which archive files fill which history chunks (contract §21): whole months
 * as monthly files, other days as daily files; a chunk the files that were
 * found and read do not cover entirely is left to the REST API.
 */

const DAY_MS = 86_400_000;
/** Monthly files appear a few days after the month ends: a recent month the archive lacks is asked day by day; an older one is not held at all. */
const MONTHLY_PUBLISHING_MS = 7 * DAY_MS;

/** Where one series lives in the archive and how its CSV reads. */
export interface ArchiveSeries {
  monthlyPath(month: string): string;
  /** Undefined for funding, which the archive keeps by month only. */
  dailyPath?: (day: string) => string;
  read(zip: Buffer, start: number, end: number): Promise<Float64Array[]>;
}

const ROOT = '/data/futures/um';

export function klineSeries(symbol: string, interval: string, barMs: number): ArchiveSeries {
  const file = (period: 'monthly' | 'daily', date: string) => `${ROOT}/${period}/klines/${symbol}/${interval}/${symbol}-${interval}-${date}.zip`;
  return {
    monthlyPath: (month) => file('monthly', month),
    dailyPath: (day) => file('daily', day),
    read: (zip, start, end) => readKlines(zip, start, end, barMs),
  };
}

export function fundingSeries(symbol: string): ArchiveSeries {
  return {
    monthlyPath: (month) => `${ROOT}/monthly/fundingRate/${symbol}/${symbol}-fundingRate-${month}.zip`,
    read: readFunding,
  };
}

/** Rows of [start, end) read from one file; the first column is the time. */
interface Piece {
  start: number;
  end: number;
  columns: Float64Array[];
}

/** One archive file and the period it holds. */
interface Unit {
  start: number;
  end: number;
  path: string;
  monthly: boolean;
  /** Chunks still to take rows from it: its rows are dropped when none is left. */
  users: number;
  pieces?: Promise<Piece[]>;
}

interface Span {
  start: number;
  end: number;
}

function monthEnd(start: number): number {
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

function monthStart(time: number): number {
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** `YYYY-MM` or `YYYY-MM-DD` of a UTC instant. */
function dateText(time: number, length: 7 | 10): string {
  return new Date(time).toISOString().slice(0, length);
}

function mergeSpans(spans: Span[]): Span[] {
  const merged: Span[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Index of the first value ≥ `target` in a sorted column. */
function lowerBound(column: Float64Array, target: number): number {
  let [low, high] = [0, column.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((column[middle] ?? Infinity) < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The archive's share of one series' missing chunks, each a closed span
 * (nothing in it can still change). Files are downloaded in time order, a
 * few ahead of the chunk being stored, so a long history streams through a
 * bounded amount of memory.
 */
export class ArchivePlan {
  private readonly units: Unit[] = [];
  private readonly chunkUnits = new Map<number, Unit[]>();
  private readonly merged: Span[];
  private started = 0;

  constructor(
    private readonly archive: ArchiveClient,
    private readonly series: ArchiveSeries,
    chunks: Span[],
    private readonly now: number,
    private readonly logger?: Logger,
  ) {
    this.merged = mergeSpans(chunks);
    for (const span of this.merged) {
      for (let month = monthStart(span.start); month < span.end; month = monthEnd(month)) this.planMonth(month);
    }
    this.units.sort((a, b) => a.start - b.start);
    for (const chunk of chunks) {
      const overlapping = this.units.filter((unit) => unit.start < chunk.end && unit.end > chunk.start);
      overlapping.forEach((unit) => unit.users++);
      this.chunkUnits.set(chunk.start, overlapping);
    }
  }

  /** The rows of the chunk starting at `chunkStart`, or undefined when the archive does not hold all of it. */
  async take(chunkStart: number, chunkEnd: number): Promise<Float64Array[] | undefined> {
    const units = this.chunkUnits.get(chunkStart);
    if (!units || units.length === 0) return undefined;
    this.startUpTo(this.units.indexOf(units[units.length - 1] as Unit) + ARCHIVE_DOWNLOADS);
    try {
      const pieces = (await Promise.all(units.map((unit) => unit.pieces ?? Promise.resolve([])))).flat();
      return cover(pieces, chunkStart, chunkEnd);
    } finally {
      for (const unit of units) if (--unit.users === 0) unit.pieces = undefined;
    }
  }

  /** A month that has ended and is needed whole comes as one file (funding always does); other days as daily files. */
  private planMonth(month: number): void {
    const end = monthEnd(month);
    const whole = this.merged.some((span) => span.start <= month && span.end >= end);
    if (end <= this.now && (whole || !this.series.dailyPath)) {
      this.units.push({ start: month, end, path: this.series.monthlyPath(dateText(month, 7)), monthly: true, users: 0 });
    } else {
      this.units.push(...this.dayUnits(month, end));
    }
  }

  /** The daily files of the days of [from, to) that some chunk needs and that have ended; none for a series without daily files. */
  private dayUnits(from: number, to: number): Unit[] {
    const dailyPath = this.series.dailyPath;
    const units: Unit[] = [];
    for (let day = from; dailyPath && day < to && day + DAY_MS <= this.now; day += DAY_MS) {
      if (this.merged.some((span) => span.start < day + DAY_MS && span.end > day)) {
        units.push({ start: day, end: day + DAY_MS, path: dailyPath(dateText(day, 10)), monthly: false, users: 0 });
      }
    }
    return units;
  }

  private startUpTo(last: number): void {
    for (; this.started <= Math.min(last, this.units.length - 1); this.started++) {
      const unit = this.units[this.started] as Unit;
      if (unit.users > 0) unit.pieces = this.resolve(unit);
    }
  }

  /** Never rejects: a file that fails in any way is a range for the REST API (a prefetched file may have no one waiting for it). */
  private async resolve(unit: Unit): Promise<Piece[]> {
    let download;
    try {
      download = await this.archive.download(unit.path);
      if (download.kind === 'found') return [{ start: unit.start, end: unit.end, columns: await this.series.read(download.body, unit.start, unit.end) }];
    } catch (error) {
      this.warn(unit.path, String((error as Error | undefined)?.message ?? error));
      return [];
    }
    if (download.kind === 'rejected') {
      this.warn(unit.path, download.reason);
      return [];
    }
    if (!unit.monthly || unit.end <= this.now - MONTHLY_PUBLISHING_MS) return [];
    return (await Promise.all(this.dayUnits(unit.start, unit.end).map((day) => this.resolve(day)))).flat();
  }

  private warn(path: string, reason: string): void {
    this.logger?.warn({ file: path, reason }, 'archive file not used: its range comes from the REST API');
  }
}

/** The rows of [start, end) when `pieces` cover all of it, else undefined. */
function cover(pieces: Piece[], start: number, end: number): Float64Array[] | undefined {
  const sorted = [...pieces].sort((a, b) => a.start - b.start);
  let reached = start;
  const slices: Float64Array[][] = [];
  for (const piece of sorted) {
    if (piece.end <= reached || piece.start >= end) continue;
    if (piece.start > reached) return undefined;
    const times = piece.columns[0] ?? new Float64Array(0);
    const [from, to] = [lowerBound(times, reached), lowerBound(times, end)];
    slices.push(piece.columns.map((column) => column.subarray(from, to)));
    reached = piece.end;
  }
  if (reached < end) return undefined;
  const columnCount = slices[0]?.length ?? 0;
  return Array.from({ length: columnCount }, (_, index) => {
    const parts = slices.map((slice) => slice[index] ?? new Float64Array(0));
    const joined = new Float64Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      joined.set(part, offset);
      offset += part.length;
    }
    return joined;
  });
}
