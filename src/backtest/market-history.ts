import { EngineError, TIMEFRAME_MS, type CandleSeries, type FundingSeries, type Timeframe } from '../engine';
import { isAppError } from '../errors/app-error';
import type { UpstreamClient } from '../upstream/upstream-client';
import { copyColumn, type HistoryChunks } from './history-chunks';

/** 1,440 bars per chunk: one klines call (at most 1,500 rows) fills one chunk; for 1m a chunk is one UTC day. */
const BARS_PER_CHUNK = 1440;
/** 300 days of 8-hourly funding (900 events) fit one fundingRate call (at most 1,000 rows). */
const FUNDING_SPAN_MS = 300 * 86_400_000;
const FUNDING_SERIES = 'funding';
/** Chunks fetched at once; the upstream client's weight budget is the real bound. */
const FETCH_CONCURRENCY = 4;
/** The exchange's weight of a klines call with limit 1000-1500 and of a funding history call. */
const KLINES_WEIGHT = 10;
const FUNDING_WEIGHT = 1;

type KlineRow = [number, string, string, string, string, string, number, ...unknown[]];

interface FetchedChunk {
  chunkStart: number;
  columns: Float64Array[];
}

function chunkStarts(start: number, end: number, span: number): number[] {
  const starts: number[] = [];
  for (let at = Math.floor(start / span) * span; at <= end; at += span) starts.push(at);
  return starts;
}

function dataUnavailable(message: string): EngineError {
  return new EngineError('DATA_UNAVAILABLE', message);
}

/**
 * Candles and funding for a job: read from the history store, and only what
 * is missing fetched from the exchange (within the upstream weight budget)
 * and stored. Chunks whose whole span has closed are stored; the one still
 * open (the current day) is fetched each time and never stored.
 */
export class MarketHistory {
  constructor(
    private readonly chunks: HistoryChunks,
    private readonly upstream: UpstreamClient,
    private readonly now: () => number = Date.now,
  ) {}

  async candles(symbol: string, timeframe: Timeframe, start: number, end: number, signal?: AbortSignal): Promise<CandleSeries> {
    const barMs = TIMEFRAME_MS[timeframe];
    const span = BARS_PER_CHUNK * barMs;
    const open = await this.fillMissing(symbol, timeframe, chunkStarts(start, end, span), span, signal, (chunkStart) => this.fetchKlines(symbol, timeframe, chunkStart, span));
    const [openTime, openPrice, high, low, close, volume] = await this.assemble(symbol, timeframe, chunkStarts(start, end, span), open, 6);
    if (openTime.length === 0 || openTime[0] >= start + barMs) {
      const first = openTime.length > 0 ? `; its history starts at ${new Date(openTime[0]).toISOString()}` : '';
      throw dataUnavailable(`${symbol} has no ${timeframe} candles at ${new Date(start).toISOString()}${first}`);
    }
    return { openTime, open: openPrice, high, low, close, volume };
  }

  async funding(symbol: string, start: number, end: number, signal?: AbortSignal): Promise<FundingSeries> {
    const starts = chunkStarts(start, end, FUNDING_SPAN_MS);
    const open = await this.fillMissing(symbol, FUNDING_SERIES, starts, FUNDING_SPAN_MS, signal, (chunkStart) => this.fetchFunding(symbol, chunkStart));
    const [time, rate] = await this.assemble(symbol, FUNDING_SERIES, starts, open, 2);
    return { time, rate };
  }

  /** Fetches the chunks not stored; stores the closed ones and returns the one still open. */
  private async fillMissing(
    symbol: string,
    series: string,
    starts: number[],
    span: number,
    signal: AbortSignal | undefined,
    fetch: (chunkStart: number) => Promise<Float64Array[]>,
  ): Promise<FetchedChunk[]> {
    const stored = await this.chunks.stored(symbol, series, starts);
    const missing = starts.filter((chunkStart) => !stored.has(chunkStart));
    const open: FetchedChunk[] = [];
    let next = 0;
    const fetchNext = async (): Promise<void> => {
      while (next < missing.length) {
        signal?.throwIfAborted();
        const chunkStart = missing[next++];
        const columns = await fetch(chunkStart);
        if (chunkStart + span <= this.now()) await this.chunks.save(symbol, series, chunkStart, columns);
        else open.push({ chunkStart, columns });
      }
    };
    await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, missing.length) }, fetchNext));
    return open;
  }

  /** One buffer for all columns, filled chunk by chunk in time order. */
  private async assemble(symbol: string, series: string, starts: number[], open: FetchedChunk[], columnCount: number): Promise<Float64Array[]> {
    const sizes = await this.chunks.sizes(symbol, series, starts);
    const total = sizes.reduce((sum, size) => sum + size.rowCount, 0) + open.reduce((sum, chunk) => sum + chunk.columns[0].length, 0);
    const buffer = new ArrayBuffer(total * columnCount * 8);
    const columns = Array.from({ length: columnCount }, (_, index) => new Float64Array(buffer, index * total * 8, total));
    let offset = 0;
    await this.chunks.forEach(symbol, series, starts, (chunk) => {
      for (let index = 0; index < columnCount; index++) copyColumn(chunk, index, columns[index], offset);
      offset += chunk.rowCount;
    });
    // The open chunk is the latest one, so it follows every stored chunk.
    for (const chunk of open) {
      chunk.columns.forEach((column, index) => columns[index].set(column, offset));
      offset += chunk.columns[0].length;
    }
    return columns;
  }

  private async fetchKlines(symbol: string, interval: Timeframe, chunkStart: number, span: number): Promise<Float64Array[]> {
    const rows = await this.fetchRows<KlineRow>('/fapi/v1/klines', { symbol, interval, startTime: chunkStart, endTime: chunkStart + span - 1, limit: 1500 }, KLINES_WEIGHT, symbol);
    const closed = rows.filter((row) => row[6] < this.now());
    const columns = Array.from({ length: 6 }, () => new Float64Array(closed.length));
    closed.forEach((row, index) => {
      columns[0][index] = row[0];
      for (let column = 1; column <= 5; column++) columns[column][index] = Number(row[column]);
    });
    return columns;
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
