import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FAPI_ROUTES } from '../exchange/fapi-responses';
import { isInterval, klines } from '../exchange/kline-walk';
import { findContract } from '../exchange/market-universe';
import { listenLocally } from '../listen';
import { zipOneFile } from './zip-file';

/**
 * A local stand-in for the exchange's public data archive (contract §21,
 * point `UPSTREAM_ARCHIVE_URL` at `url`): the exchange stand-in's own
 * candles and funding rates as monthly and daily zip files with their
 * CHECKSUM files, so a job gets the same rows from here as from the REST
 * stand-in. Like the real archive, a month appears a few days after it ends
 * and a day a day after, and CSVs have a header row from 2022 on. Faults
 * spoil the files whose name contains a given text.
 */

export type ArchiveFault =
  /** The CHECKSUM names another sha256. */
  | 'bad_checksum'
  /** The zip is cut short (its CHECKSUM matches the cut bytes: the zip itself cannot be read). */
  | 'truncated'
  /** One row in the middle of the CSV is left out. */
  | 'gap'
  /** 404, as for a file the archive does not have. */
  | 'missing'
  /** Every answer (zip and CHECKSUM) after this long. */
  | { delayMs: number };

export interface ArchiveStandIn {
  url: string;
  /** Paths asked for, in order (zip and CHECKSUM files alike). */
  requests(): string[];
  /** The most requests this stand-in was answering at once. */
  maxInFlight(): number;
  /** Applies `fault` to every file whose name contains `nameContains` until cleared. */
  fault(nameContains: string, fault: ArchiveFault): void;
  clearFaults(): void;
  resetRequests(): void;
  close(): Promise<void>;
}

const DAY_MS = 86_400_000;
const MONTHLY_DELAY_MS = 3 * DAY_MS;
const DAILY_DELAY_MS = DAY_MS;
const HEADERS_FROM = Date.UTC(2022, 0, 1);
const KLINE_HEADER = 'open_time,open,high,low,close,volume,close_time,quote_volume,count,taker_buy_volume,taker_buy_quote_volume,ignore';
const FUNDING_HEADER = 'calc_time,funding_interval_hours,last_funding_rate';

const KLINES_PATH = /^\/data\/futures\/um\/(monthly|daily)\/klines\/([A-Z0-9_]+)\/(\w+)\/([A-Z0-9_]+)-(\w+)-(\d{4}-\d{2}(?:-\d{2})?)\.zip(\.CHECKSUM)?$/;
const FUNDING_PATH = /^\/data\/futures\/um\/monthly\/fundingRate\/([A-Z0-9_]+)\/([A-Z0-9_]+)-fundingRate-(\d{4}-\d{2})\.zip(\.CHECKSUM)?$/;

interface Period {
  start: number;
  end: number;
}

/** The period a `YYYY-MM` or `YYYY-MM-DD` names, or undefined when its file is not published yet at `now`. */
function publishedPeriod(date: string, daily: boolean, now: number): Period | undefined {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number?];
  const start = Date.UTC(year, month - 1, day ?? 1);
  const end = daily ? start + DAY_MS : Date.UTC(year, month, 1);
  return end + (daily ? DAILY_DELAY_MS : MONTHLY_DELAY_MS) <= now ? { start, end } : undefined;
}

/** The CSV lines of a file, or undefined when the archive would not have it. */
function csvLines(path: string, now: number): { name: string; lines: string[]; start: number } | undefined {
  const kline = KLINES_PATH.exec(path);
  if (kline) {
    const [, period, symbol, interval, fileSymbol, fileInterval, date] = kline as unknown as string[];
    const listed = findContract(symbol ?? null);
    const published = publishedPeriod(date ?? '', period === 'daily', now);
    if (!listed || !published || symbol !== fileSymbol || interval !== fileInterval || !isInterval(interval ?? '')) return undefined;
    const rows = klines(listed, interval ?? '', { startTime: published.start, endTime: published.end - 1, limit: Infinity }, now);
    if (rows.length === 0) return undefined;
    const lines = rows.map((row) => row.join(','));
    return { name: `${symbol}-${interval}-${date}.zip`, lines: published.start >= HEADERS_FROM ? [KLINE_HEADER, ...lines] : lines, start: published.start };
  }
  const funding = FUNDING_PATH.exec(path);
  if (funding) {
    const [, symbol, fileSymbol, date] = funding as unknown as string[];
    const published = publishedPeriod(date ?? '', false, now);
    if (!findContract(symbol ?? null) || !published || symbol !== fileSymbol) return undefined;
    const query = new URLSearchParams({ symbol: symbol ?? '', startTime: String(published.start), endTime: String(published.end - 1), limit: '1000' });
    const answer = FAPI_ROUTES['/fapi/v1/fundingRate']?.(query, now);
    const rows = (answer?.body ?? []) as { fundingTime: number; fundingRate: string }[];
    const lines = rows.map((row) => `${row.fundingTime},8,${row.fundingRate}`);
    return { name: `${symbol}-fundingRate-${date}.zip`, lines: published.start >= HEADERS_FROM ? [FUNDING_HEADER, ...lines] : lines, start: published.start };
  }
  return undefined;
}

function withFault(zip: Buffer, fault: ArchiveFault | undefined): { zip: Buffer; sha256: string } {
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  if (fault === 'bad_checksum') return { zip, sha256: sha256(Buffer.concat([zip, Buffer.from('x')])) };
  if (fault === 'truncated') {
    const cut = zip.subarray(0, Math.floor(zip.length / 2));
    return { zip: cut, sha256: sha256(cut) };
  }
  return { zip, sha256: sha256(zip) };
}

export interface ArchiveStandInOptions {
  now?: () => number;
  /** How many built files are kept for the next request (default 8: a CHECKSUM and its zip are asked one after the other); a benchmark keeps all, so it times the service rather than the stand-in building zips. */
  keepFiles?: number;
}

export async function startArchiveStandIn(options: ArchiveStandInOptions = {}): Promise<ArchiveStandIn> {
  const now = options.now ?? Date.now;
  const faults = new Map<string, ArchiveFault>();
  const asked: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const keepFiles = options.keepFiles ?? 8;
  const built = new Map<string, { zip: Buffer; sha256: string }>();

  function faultFor(path: string): ArchiveFault | undefined {
    for (const [text, fault] of faults) if (path.includes(text)) return fault;
    return undefined;
  }

  function file(zipPath: string, fault: ArchiveFault | undefined): { zip: Buffer; sha256: string; name: string } | undefined {
    const csv = csvLines(zipPath, now());
    if (!csv) return undefined;
    const key = `${zipPath}:${JSON.stringify(fault)}`;
    let made = built.get(key);
    if (!made) {
      const lines = fault === 'gap' ? csv.lines.filter((_, index) => index !== Math.floor(csv.lines.length / 2)) : csv.lines;
      made = withFault(zipOneFile(csv.name.replace(/\.zip$/, '.csv'), Buffer.from(`${lines.join('\n')}\n`)), fault);
      built.set(key, made);
      if (built.size > keepFiles) built.delete(built.keys().next().value as string);
    }
    return { ...made, name: csv.name };
  }

  function respond(path: string, res: ServerResponse): void {
    const checksum = path.endsWith('.CHECKSUM');
    const zipPath = checksum ? path.slice(0, -'.CHECKSUM'.length) : path;
    const fault = faultFor(zipPath);
    const found = fault === 'missing' ? undefined : file(zipPath, fault);
    if (!found) {
      res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
      return;
    }
    if (checksum) res.writeHead(200, { 'content-type': 'text/plain' }).end(`${found.sha256}  ${found.name}\n`);
    else res.writeHead(200, { 'content-type': 'application/zip' }).end(found.zip);
  }

  const server = await listenLocally((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    asked.push(path);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    const fault = faultFor(path.replace(/\.CHECKSUM$/, ''));
    if (typeof fault === 'object') setTimeout(() => respond(path, res), fault.delayMs);
    else respond(path, res);
  });

  return {
    url: server.url,
    requests: () => [...asked],
    maxInFlight: () => maxInFlight,
    fault: (nameContains, fault) => faults.set(nameContains, fault),
    clearFaults: () => faults.clear(),
    resetRequests: () => {
      asked.length = 0;
      maxInFlight = 0;
    },
    close: () => server.close(),
  };
}
