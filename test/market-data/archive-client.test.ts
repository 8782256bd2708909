import type { Logger } from '../../src/observability/logger';
import { ArchivePlan, klineSeries } from '../../src/services/backtests/archive-plan';
import { ArchiveClient, UNREACHABLE_PAUSE_MS } from '../../src/upstream/archive-client';
import { startArchiveStandIn, type ArchiveStandIn } from '../stand-ins/archive/archive-stand-in';

/**
 * The archive client and plan on their own (contract §21), where a clock can
 * be set: the 10-minute memory of an unreachable archive, the download
 * slots, and monthly → daily → nothing (the REST API's part) for a month
 * that ended too recently to have its monthly file.
 */

const DAY_MS = 86_400_000;
const MONTH_FILE = '/data/futures/um/monthly/klines/BTCUSDT/1h/BTCUSDT-1h-2019-10.zip';

function recordingLogger() {
  const warnings: { fields: Record<string, unknown>; message: string }[] = [];
  const logger = { warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }) } as unknown as Logger;
  return { logger, warnings };
}

describe('archive client (contract §21)', () => {
  let archive: ArchiveStandIn;
  let clock: number;

  beforeAll(async () => {
    archive = await startArchiveStandIn();
  });
  afterAll(() => archive.close());
  beforeEach(() => {
    clock = Date.UTC(2026, 0, 1);
    archive.clearFaults();
    archive.resetRequests();
  });

  const client = (options: { baseUrl?: string; timeoutMs?: number; logger?: Logger } = {}) =>
    new ArchiveClient({ baseUrl: archive.url, timeoutMs: 2_000, now: () => clock, ...options });

  it('downloads a file after its CHECKSUM and hands it over only when the sha256 matches', async () => {
    const archiveClient = client();
    const found = await archiveClient.download(MONTH_FILE);
    expect(found.kind).toBe('found');
    expect(archive.requests()).toEqual([`${MONTH_FILE}.CHECKSUM`, MONTH_FILE]);

    archive.fault('BTCUSDT-1h-2019-10', 'bad_checksum');
    expect(await archiveClient.download(MONTH_FILE)).toEqual({ kind: 'rejected', reason: 'sha256 differs from CHECKSUM' });
    archive.fault('BTCUSDT-1h-2019-10', 'missing');
    expect(await archiveClient.download(MONTH_FILE)).toEqual({ kind: 'absent' });
    await archiveClient.close();
  });

  it('an archive that does not answer within the timeout holds nothing for 10 minutes, then is asked again', async () => {
    const { logger, warnings } = recordingLogger();
    const archiveClient = client({ timeoutMs: 200, logger });
    archive.fault('BTCUSDT-1h-2019-10', { delayMs: 1_000 });
    expect(await archiveClient.download(MONTH_FILE)).toEqual({ kind: 'absent' });
    expect(warnings.map((warning) => warning.message)).toEqual([expect.stringContaining('cannot be reached')]);
    archive.clearFaults();

    clock += UNREACHABLE_PAUSE_MS - 1;
    const asked = archive.requests().length;
    expect(await archiveClient.download(MONTH_FILE)).toEqual({ kind: 'absent' });
    expect(archive.requests()).toHaveLength(asked);

    clock += 1;
    expect((await archiveClient.download(MONTH_FILE)).kind).toBe('found');
    expect(archive.requests().length).toBeGreaterThan(asked);
    await archiveClient.close();
  });

  it('a refused connection counts as unreachable too, with one warning however many downloads were under way', async () => {
    const { logger, warnings } = recordingLogger();
    const archiveClient = client({ baseUrl: 'http://127.0.0.1:9', logger });
    const answers = await Promise.all(Array.from({ length: 6 }, () => archiveClient.download(MONTH_FILE)));
    expect(answers).toEqual(Array.from({ length: 6 }, () => ({ kind: 'absent' })));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.fields).toMatchObject({ reason: 'ECONNREFUSED' });
    await archiveClient.close();
  });

  it('runs at most 4 downloads at once', async () => {
    const archiveClient = client();
    archive.fault('BTCUSDT-1h-2019-10-', { delayMs: 150 });
    const days = Array.from({ length: 12 }, (_, index) => {
      const day = String(index + 1).padStart(2, '0');
      return archiveClient.download(`/data/futures/um/daily/klines/BTCUSDT/1h/BTCUSDT-1h-2019-10-${day}.zip`);
    });
    expect((await Promise.all(days)).every((answer) => answer.kind === 'found')).toBe(true);
    expect(archive.maxInFlight()).toBe(4);
    await archiveClient.close();
  });
});

describe('archive plan (contract §21)', () => {
  // 2019-12-02 12:00: November has ended, but its monthly file is not out yet (the stand-in publishes months 3 days late).
  const now = Date.UTC(2019, 11, 2, 12);
  const november = Date.UTC(2019, 10, 1);
  let archive: ArchiveStandIn;
  let archiveClient: ArchiveClient;

  beforeAll(async () => {
    archive = await startArchiveStandIn({ now: () => now });
    archiveClient = new ArchiveClient({ baseUrl: archive.url, timeoutMs: 2_000 });
  });
  afterAll(async () => {
    await archiveClient.close();
    await archive.close();
  });
  beforeEach(() => {
    archive.clearFaults();
    archive.resetRequests();
  });

  const dayChunks = (from: number, days: number) =>
    Array.from({ length: days }, (_, index) => ({ start: from + index * DAY_MS, end: from + (index + 1) * DAY_MS }));

  it('a recent month without its monthly file comes day by day; a day not published yet is left to the REST API', async () => {
    const chunks = dayChunks(november, 31);
    const plan = new ArchivePlan(archiveClient, klineSeries('BTCUSDT', '1m', 60_000), chunks, now);
    const taken = [];
    for (const chunk of chunks) taken.push(await plan.take(chunk.start, chunk.end));
    const novemberDays = taken.slice(0, 30);
    expect(novemberDays.every((columns) => columns?.length === 6 && columns[0]?.length === 1440)).toBe(true);
    expect(novemberDays[29]?.[0]?.[0]).toBe(Date.UTC(2019, 10, 30));
    expect(novemberDays[29]?.[0]?.[1439]).toBe(Date.UTC(2019, 10, 30, 23, 59));
    // December 1 has closed, but its daily file comes out a day after it ends.
    expect(taken[30]).toBeUndefined();
    const asked = archive.requests();
    expect(asked[0]).toBe('/data/futures/um/monthly/klines/BTCUSDT/1m/BTCUSDT-1m-2019-11.zip.CHECKSUM');
    expect(asked.filter((path) => path.includes('/daily/') && path.endsWith('.zip'))).toHaveLength(30);
    expect(asked).toContain('/data/futures/um/daily/klines/BTCUSDT/1m/BTCUSDT-1m-2019-12-01.zip.CHECKSUM');
  });

  it('a zip that cannot be read leaves its chunk to the REST API with a warning naming the file and why', async () => {
    const { logger, warnings } = recordingLogger();
    archive.fault('BTCUSDT-1m-2019-11-05', 'truncated');
    const chunks = dayChunks(november + 4 * DAY_MS, 2);
    const plan = new ArchivePlan(archiveClient, klineSeries('BTCUSDT', '1m', 60_000), chunks, now, logger);
    expect(await plan.take(chunks[0]?.start ?? 0, chunks[0]?.end ?? 0)).toBeUndefined();
    expect((await plan.take(chunks[1]?.start ?? 0, chunks[1]?.end ?? 0))?.[0]?.length).toBe(1440);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toBe('archive file not used: its range comes from the REST API');
    expect(warnings[0]?.fields.file).toBe('/data/futures/um/daily/klines/BTCUSDT/1m/BTCUSDT-1m-2019-11-05.zip');
    expect(warnings[0]?.fields.reason).toContain('central directory');
  });
});
