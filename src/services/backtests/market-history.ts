import { EngineError, TIMEFRAME_MS, type CandleSeries, type FundingSeries, type Timeframe } from '../../engine';
import { isAppError } from '../../errors/app-error';
import type { Logger } from '../../observability/logger';
import type { ArchiveClient } from '../../upstream/archive-client';
import type { UpstreamClient } from '../../upstream/upstream-client';
import { ArchivePlan, fundingSeries, klineSeries, type ArchiveSeries } from './archive-plan';
import { ChunkSlots } from './chunk-slots';
import { copyColumn, type HistoryChunks } from './history-chunks.store';

/** 1,440 bars per chunk: one klines call (at most 1,500 rows) fills one chunk; for 1m a chunk is one UTC day. */
const BARS_PER_CHUNK = 1440;
/** 300 days of 8-hourly funding (900 events) fit one fundingRate call (at most 1,000 rows). */
const FUNDING_SPAN_MS = 300 * 86_400_000;
const FUNDING_SERIES = 'funding';
/** Chunks fetched at once; the upstream client's weight budget (or the archive's download slots) is the real bound. */
const FETCH_CONCURRENCY = 4;
/** The exchange's weight of a klines call with limit 1000-1500 and of a funding history call. */
const KLINES_WEIGHT = 10;
const FUNDING_WEIGHT = 1;

export interface LoadOptions {
  signal?: AbortSignal;
  /** Columns on a SharedArrayBuffer, to be read by every engine thread at once (a sweep) instead of moved into one (a job). */
  shared?: boolean;
  /** The share of this series' chunks fetched and loaded so far, in [0, 1]. */
  onProgress?: (fraction: number) => void;
}

type KlineRow = [number, string, string, string, string, string, number, ...unknown[]];

/** A tuple of `Count` columns. */
type Columns<Count extends number, Built extends Float64Array[] = []> = Built['length'] extends Count ? Built : Columns<Count, [...Built, Float64Array]>;

function chunkStarts(start: number, end: number, span: number): number[] {
  const starts: number[] = [];
  for (let at = Math.floor(start / span) * span; at <= end; at += span) starts.push(at);
  return starts;
}

function dataUnavailable(message: string): EngineError {
  return new EngineError('DATA_UNAVAILABLE', message);
}

export interface HistorySources {
  upstream: UpstreamClient;
  /** The exchange's data archive (contract §21); without it everything comes from the REST API. */
  archive?: ArchiveClient;
  logger?: Logger;
}

/**
 * Candles and funding for a job: read from the history store, and only what
 * is missing fetched from the exchange and stored, so a second job over the
 * same range calls the exchange for nothing. Closed chunks come from the
 * exchange's data archive where it holds them whole (see archive-plan.ts),
 * the rest from the REST API within the upstream weight budget; either way
 * the same rows land in the same store. The chunk holding "now" is stored as
 * far as it goes and fetched again only by a job that needs more of it.
 */
export class MarketHistory {
  private readonly upstream: UpstreamClient;

  constructor(
    private readonly chunks: HistoryChunks,
    private readonly sources: HistorySources,
    private readonly now: () => number = Date.now,
  ) {
    this.upstream = sources.upstream;
  }

  async candles(symbol: string, timeframe: Timeframe, start: number, end: number, options: LoadOptions = {}): Promise<CandleSeries> {
    const barMs = TIMEFRAME_MS[timeframe];
    const span = BARS_PER_CHUNK * barMs;
    const starts = chunkStarts(start, end, span);
    const slots = new ChunkSlots(starts, BARS_PER_CHUNK, 6, options.shared);
    // A fetch holds every bar closed by then: those opening before now − one bar (+1 ms, as close times end in …999).
    const fetch = async (chunkStart: number) => ({
      columns: await this.fetchKlines(symbol, timeframe, chunkStart, span),
      fetchedUntil: Math.min(chunkStart + span, this.now() - barMs + 1),
    });
    const archived = klineSeries(symbol, timeframe, barMs);
    const progress = await this.fillMissing(symbol, timeframe, starts, span, end, options, archived, fetch, (chunkStart, columns) =>
      slots.place(chunkStart, columns),
    );
    // Only chunks stored before this job are read back: the fetched ones went into their slots as they were stored.
    const stored = starts.filter((chunkStart) => !slots.filled(chunkStart));
    await this.chunks.forEach(symbol, timeframe, stored, (chunk) => {
      slots.placeStored(chunk);
      progress();
    });
    // The slots were made with 6 columns.
    const [openTime, openPrice, high, low, close, volume] = slots.columns() as Columns<6>;
    const firstOpen = openTime[0];
    if (firstOpen === undefined || firstOpen >= start + barMs) {
      const first = firstOpen !== undefined ? `; its history starts at ${new Date(firstOpen).toISOString()}` : '';
      throw dataUnavailable(`${symbol} has no ${timeframe} candles at ${new Date(start).toISOString()}${first}`);
    }
    return { openTime, open: openPrice, high, low, close, volume };
  }

  async funding(symbol: string, start: number, end: number, options: LoadOptions = {}): Promise<FundingSeries> {
    const starts = chunkStarts(start, end, FUNDING_SPAN_MS);
    const progress = await this.fillMissing(symbol, FUNDING_SERIES, starts, FUNDING_SPAN_MS, end, options, fundingSeries(symbol), async (chunkStart) => ({
      columns: await this.fetchFunding(symbol, chunkStart),
      fetchedUntil: Math.min(chunkStart + FUNDING_SPAN_MS, this.now()),
    }));
    const [time, rate] = await this.assemble(symbol, FUNDING_SERIES, starts, 2, options.shared, progress);
    return { time, rate };
  }

  /**
   * Fetches and stores the chunks not stored, or stored before they covered
   * what [start, end] needs of them: from the archive those it holds whole
   * and that have closed, the others with `fetch`; `place`, if given,
   * receives each one's columns once stored (which then counts as loaded).
   * Returns the series' progress counter: each chunk counts once when
   * fetched (if it was missing) and once when loaded.
   */
  private async fillMissing(
    symbol: string,
    series: string,
    starts: number[],
    span: number,
    end: number,
    options: LoadOptions,
    archived: ArchiveSeries,
    fetch: (chunkStart: number) => Promise<{ columns: Float64Array[]; fetchedUntil: number }>,
    place?: (chunkStart: number, columns: Float64Array[]) => void,
  ): Promise<() => void> {
    const coverage = await this.chunks.coverage(symbol, series, starts);
    const missing = starts.filter((chunkStart) => (coverage.get(chunkStart) ?? -Infinity) < Math.min(chunkStart + span, end + 1));
    const now = this.now();
    const closed = missing.filter((chunkStart) => chunkStart + span <= now).map((chunkStart) => ({ start: chunkStart, end: chunkStart + span }));
    const archive = this.sources.archive && new ArchivePlan(this.sources.archive, archived, closed, now, this.sources.logger);
    const take = async (chunkStart: number) => {
      const columns = await archive?.take(chunkStart, chunkStart + span);
      return columns ? { columns, fetchedUntil: chunkStart + span } : fetch(chunkStart);
    };
    const steps = missing.length + starts.length;
    let done = 0;
    const step = () => options.onProgress?.(Math.min(1, ++done / steps));
    let next = 0;
    const fetchNext = async (): Promise<void> => {
      for (let chunkStart = missing[next++]; chunkStart !== undefined; chunkStart = missing[next++]) {
        options.signal?.throwIfAborted();
        const { columns, fetchedUntil } = await take(chunkStart);
        await this.chunks.save(symbol, series, chunkStart, fetchedUntil, columns);
        step();
        if (place) {
          place(chunkStart, columns);
          step();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, missing.length) }, fetchNext));
    return step;
  }

  /** One buffer for all columns, filled chunk by chunk in time order. */
  private async assemble<Count extends number>(
    symbol: string,
    series: string,
    starts: number[],
    columnCount: Count,
    shared: boolean | undefined,
    step: () => void,
  ): Promise<Columns<Count>> {
    const sizes = await this.chunks.sizes(symbol, series, starts);
    const total = sizes.reduce((sum, size) => sum + size.rowCount, 0);
    const buffer = shared === true ? new SharedArrayBuffer(total * columnCount * 8) : new ArrayBuffer(total * columnCount * 8);
    const columns = Array.from({ length: columnCount }, (_, index) => new Float64Array(buffer, index * total * 8, total));
    let offset = 0;
    await this.chunks.forEach(symbol, series, starts, (chunk) => {
      columns.forEach((column, index) => copyColumn(chunk, index, column, offset));
      offset += chunk.rowCount;
      step();
    });
    // Array.from made exactly `columnCount` columns.
    return columns as Columns<Count>;
  }

  private async fetchKlines(symbol: string, interval: Timeframe, chunkStart: number, span: number): Promise<Float64Array[]> {
    const rows = await this.fetchRows<KlineRow>(
      '/fapi/v1/klines',
      { symbol, interval, startTime: chunkStart, endTime: chunkStart + span - 1, limit: 1500 },
      KLINES_WEIGHT,
      symbol,
    );
    const closed = rows.filter((row) => row[6] < this.now());
    return Array.from({ length: 6 }, (_, column) => Float64Array.from(closed, (row) => (column === 0 ? row[0] : Number(row[column]))));
  }

  private async fetchFunding(symbol: string, chunkStart: number): Promise<Float64Array[]> {
    const rows = await this.fetchRows<{ fundingTime: number; fundingRate: string }>(
      '/fapi/v1/fundingRate',
      { symbol, startTime: chunkStart, endTime: chunkStart + FUNDING_SPAN_MS - 1, limit: 1000 },
      FUNDING_WEIGHT,
      symbol,
    );
    return [Float64Array.from(rows, (row) => row.fundingTime), Float64Array.from(rows, (row) => Number(row.fundingRate))];
  }

  private async fetchRows<Row>(path: string, query: Record<string, string | number>, weight: number, symbol: string): Promise<Row[]> {
    let answer;
    try {
      answer = await this.upstream.get('fapi', path, query, { weight, waitForBudget: true });
    } catch (error) {
      if (isAppError(error)) throw dataUnavailable(`the exchange did not answer for ${symbol} history (${error.message}); try again later`);
      throw error;
    }
    const body = parseJson(answer.body);
    if (answer.status === 200 && Array.isArray(body)) return body as Row[];
    if ((body as { code?: number } | undefined)?.code === -1121) throw dataUnavailable(`unknown symbol ${symbol}`);
    throw dataUnavailable(`the exchange refused ${symbol} history: ${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`);
  }
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
