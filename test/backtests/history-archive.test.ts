import { startArchiveStandIn, type ArchiveStandIn } from '../stand-ins/archive/archive-stand-in';
import { startExchangeStandIn, type ExchangeStandIn } from '../stand-ins/exchange/exchange-stand-in';
import { finishedJob, jobBody, sweepBody, sweepProgressUntilEnded, waitForJob } from '../support/backtest';
import { newAccount, startOutsideWorld, type OutsideWorld, type SignedClient } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import type { JobRecord } from '../../src/services/backtests/job-records';
import type { SweepRecord } from '../../src/services/backtests/sweep-records';

/**
 * Contract §21 through the real service: jobs and sweeps read their history
 * from the archive stand-in where it holds it, and from the exchange
 * stand-in's REST API for the rest, with the same results either way.
 *
 * A job of `jobBody()` (1h bars, 2024-01-01 → 2024-02-15) needs the 60-day
 * kline chunks 2023-11-19 → 2024-01-18 and 2024-01-18 → 2024-03-18, and the
 * 300-day funding chunk 2023-05-23 → 2024-03-18. Each test uses its own
 * symbol, so nothing is stored for it yet.
 */
describe('history from the exchange archive (contract §21)', () => {
  let world: OutsideWorld;
  let exchange: ExchangeStandIn;
  let archive: ArchiveStandIn;
  let restOnly: TestService;
  let archived: TestService;
  let restCall: SignedClient;
  let call: SignedClient;
  const references = new Map<string, Promise<JobRecord>>();

  beforeAll(async () => {
    world = await startOutsideWorld();
    exchange = await startExchangeStandIn();
    archive = await startArchiveStandIn();
    restOnly = await startTestService({ ...world.env, UPSTREAM_FAPI_URL: exchange.url, BACKTEST_WORKERS: '1' });
    archived = await startTestService({ ...world.env, UPSTREAM_FAPI_URL: exchange.url, UPSTREAM_ARCHIVE_URL: archive.url, BACKTEST_WORKERS: '1' });
    restCall = (await newAccount(restOnly.url, world, 'rest@example.com', [])).call;
    call = (await newAccount(archived.url, world, 'archive@example.com', [])).call;
  });
  afterAll(async () => {
    await Promise.all([restOnly.stop(), archived.stop()]);
    await Promise.all([exchange.close(), archive.close(), world.stop()]);
  });
  afterEach(() => archive.clearFaults());

  /** The job over `symbol` run by the service without the archive: every row from the REST API. */
  function reference(symbol: string): Promise<JobRecord> {
    let job = references.get(symbol);
    if (!job) {
      job = finishedJob(restCall, jobBody({ symbols: [symbol] }));
      references.set(symbol, job);
    }
    return job;
  }

  /** Runs the job over `symbol` on the archive's service, counting what it asked of the REST API. */
  async function archivedJob(symbol: string) {
    const expected = await reference(symbol);
    exchange.resetCalls();
    archive.resetRequests();
    const job = await finishedJob(call, jobBody({ symbols: [symbol] }));
    return { job, expected, klineCalls: exchange.calls('/fapi/v1/klines'), fundingCalls: exchange.calls('/fapi/v1/fundingRate') };
  }

  const warnings = (file: string) => archived.logs.filter((line) => line.includes('"msg":"archive file not used') && line.includes(file));

  it('takes a job’s candles and funding from the archive alone, with the same result string for string as from the REST API', async () => {
    const weightBefore = archived.service.services.upstream.usedWeight();
    const { job, expected, klineCalls, fundingCalls } = await archivedJob('BTCUSDT');
    expect(job.status).toBe('done');
    expect(expected.status).toBe('done');
    expect(JSON.stringify(job.result)).toBe(JSON.stringify(expected.result));
    expect(JSON.stringify(job.result)).toContain('"trades":[{');
    expect([klineCalls, fundingCalls]).toEqual([0, 0]);
    // Archive downloads spend none of the upstream weight budget.
    expect(archived.service.services.upstream.usedWeight()).toBe(weightBefore);
    const asked = archive.requests();
    // Whole months by month, the partly needed ones by day; every file after its CHECKSUM.
    expect(asked).toEqual(
      expect.arrayContaining([
        '/data/futures/um/monthly/klines/BTCUSDT/1h/BTCUSDT-1h-2023-12.zip.CHECKSUM',
        '/data/futures/um/monthly/klines/BTCUSDT/1h/BTCUSDT-1h-2023-12.zip',
        '/data/futures/um/monthly/klines/BTCUSDT/1h/BTCUSDT-1h-2024-02.zip',
        '/data/futures/um/daily/klines/BTCUSDT/1h/BTCUSDT-1h-2023-11-19.zip',
        '/data/futures/um/daily/klines/BTCUSDT/1h/BTCUSDT-1h-2024-03-17.zip',
        '/data/futures/um/monthly/fundingRate/BTCUSDT/BTCUSDT-fundingRate-2023-05.zip',
        '/data/futures/um/monthly/fundingRate/BTCUSDT/BTCUSDT-fundingRate-2024-03.zip',
      ]),
    );
    expect(asked.filter((path) => path.includes('-1h-2023-11-') && path.endsWith('.zip'))).toHaveLength(12);
    expect(asked).not.toContain('/data/futures/um/daily/klines/BTCUSDT/1h/BTCUSDT-1h-2024-03-18.zip');
  });

  it('reads files without a header row (before 2022) as well as with one', async () => {
    const body = jobBody({ symbols: ['ETHUSDT'], start: '2021-11-20T00:00:00Z', end: '2022-02-10T00:00:00Z' });
    const expected = await finishedJob(restCall, body);
    exchange.resetCalls();
    const job = await finishedJob(call, body);
    expect(job.status).toBe('done');
    expect(JSON.stringify(job.result)).toBe(JSON.stringify(expected.result));
    expect(exchange.calls('/fapi/v1/klines') + exchange.calls('/fapi/v1/fundingRate')).toBe(0);
  });

  it.each([
    ['SOLUSDT', 'bad_checksum', 'sha256 differs from CHECKSUM'],
    ['BNBUSDT', 'truncated', 'central directory'],
    ['XRPUSDT', 'gap', 'open time'],
  ] as const)('%s: a %s monthly kline file is not used: its chunks come from the REST API, with a warning', async (symbol, fault, reason) => {
    archive.fault(`${symbol}-1h-2024-01.zip`, fault);
    const { job, expected, klineCalls, fundingCalls } = await archivedJob(symbol);
    expect(JSON.stringify(job.result)).toBe(JSON.stringify(expected.result));
    // January overlaps both kline chunks; funding still came from the archive.
    expect([klineCalls, fundingCalls]).toEqual([2, 0]);
    const warned = warnings(`${symbol}-1h-2024-01.zip`);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toContain(reason);
  });

  it('a funding file with a missing event is not used: that funding chunk comes from the REST API', async () => {
    archive.fault('DOGEUSDT-fundingRate-2023-09.zip', 'gap');
    const { job, expected, klineCalls, fundingCalls } = await archivedJob('DOGEUSDT');
    expect(JSON.stringify(job.result)).toBe(JSON.stringify(expected.result));
    expect([klineCalls, fundingCalls]).toEqual([0, 1]);
    expect(warnings('DOGEUSDT-fundingRate-2023-09.zip')[0]).toContain('funding events missing');
  });

  it('a month the archive does not hold (404), long ended, comes from the REST API without a warning and without asking for its days', async () => {
    archive.fault('ADAUSDT-1h-2024-01', 'missing');
    const { job, expected, klineCalls } = await archivedJob('ADAUSDT');
    expect(JSON.stringify(job.result)).toBe(JSON.stringify(expected.result));
    expect(klineCalls).toBe(2);
    expect(warnings('ADAUSDT')).toHaveLength(0);
    expect(archive.requests().filter((path) => path.includes('/daily/klines/ADAUSDT/1h/ADAUSDT-1h-2024-01-'))).toHaveLength(0);
  });

  it('an archive that cannot be reached counts as empty: every chunk from the REST API, the same result', async () => {
    const unreachable = await startTestService({ ...world.env, UPSTREAM_FAPI_URL: exchange.url, UPSTREAM_ARCHIVE_URL: 'http://127.0.0.1:9' });
    try {
      const { call: other } = await newAccount(unreachable.url, world, 'unreachable@example.com', []);
      const expected = await reference('AVAXUSDT');
      exchange.resetCalls();
      const job = await finishedJob(other, jobBody({ symbols: ['AVAXUSDT'] }));
      expect(JSON.stringify(job.result)).toBe(JSON.stringify(expected.result));
      expect([exchange.calls('/fapi/v1/klines'), exchange.calls('/fapi/v1/fundingRate')]).toEqual([2, 1]);
      expect(unreachable.logs.filter((line) => line.includes('the history archive cannot be reached'))).toHaveLength(1);
    } finally {
      await unreachable.stop();
    }
  });

  it('downloads at most 4 files at once, and a job’s progress moves while they download', async () => {
    // 10 days of 1m bars in a month otherwise not needed: 10 daily files, each answer delayed. Soon after the stand-ins'
    // first candle (2019-09-09), as their random walk is computed from there.
    archive.fault('LINKUSDT-1m-2019-10-', { delayMs: 400 });

    archive.resetRequests();
    exchange.resetCalls();
    const created = await call<JobRecord>(
      'POST',
      '/v1/backtest/jobs',
      jobBody({ symbols: ['LINKUSDT'], timeframe: '1m', start: '2019-10-01T00:00:00Z', end: '2019-10-11T00:00:00Z' }),
    );
    const seen = new Set<number>();
    const final = await waitForJob(call, created.body.id, (job) => {
      seen.add(job.progress);
      return job.status === 'done';
    });
    expect(final.progress).toBe(1);
    expect([...seen].filter((progress) => progress > 0 && progress < 0.5).length).toBeGreaterThan(0);
    expect(exchange.calls('/fapi/v1/klines')).toBe(0);
    expect(archive.requests().filter((path) => path.includes('/daily/klines/LINKUSDT/1m/') && path.endsWith('.zip'))).toHaveLength(10);
    expect(archive.maxInFlight()).toBe(4);
  }, 60_000);

  it('a walk-forward sweep loads its history from the archive too, its progress moving while the files download', async () => {
    archive.fault('DOTUSDT-1m-2019-11-', { delayMs: 400 });
    exchange.resetCalls();
    const created = await call<SweepRecord>(
      'POST',
      '/v1/backtest/sweeps',
      sweepBody({
        symbols: ['DOTUSDT'],
        timeframe: '1m',
        start: '2019-11-01T00:00:00Z',
        end: '2019-11-10T00:00:00Z',
        walk_forward: { train_days: 4, test_days: 2 },
      }),
    );
    expect(created.status).toBe(200);
    const { final, seen } = await sweepProgressUntilEnded(call, created.body.id);
    expect(final).toMatchObject({ status: 'done', progress: 1 });
    expect(final.result?.walk_forward?.windows.length).toBeGreaterThan(0);
    expect(seen.filter((progress) => progress > 0 && progress < 0.5).length).toBeGreaterThan(0);
    expect(exchange.calls('/fapi/v1/klines')).toBe(0);
  }, 60_000);
});
