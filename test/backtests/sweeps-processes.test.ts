import { readFileSync } from 'node:fs';
import type { ExchangeStandIn } from '../stand-ins/exchange/exchange-stand-in';
import type { JobRecord } from '../../src/services/backtests/job-records';
import type { SweepRecord } from '../../src/services/backtests/sweep-records';
import { finishedJob, jobBody, sweepBody, sweepProgressUntilEnded, waitForJob, waitForSweep } from '../support/backtest';
import { startBacktestWorld, type BacktestWorld } from '../support/backtest-world';
import { newAccount, type OutsideWorld, type SignedClient } from '../support/identity';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { defined } from '../support/defined';
import type { TestService } from '../support/test-service';

/** 60 days of 1-minute bars (86,400 per combination) and 300 combinations: several seconds of work for one engine thread. */
const RANGE = { timeframe: '1m', start: '2024-03-01T00:00:00Z', end: '2024-04-30T00:00:00Z' };
// Large enough that an idle 2-core machine is still running it when the test cancels (its simulation reaches 20 % in a few seconds there).
const HEAVY = sweepBody({ ...RANGE, params: { fast: { from: 2, to: 31, step: 1 }, slow: { from: 40, to: 1020, step: 20 } } });

/** CPU seconds (user + system) processes have used so far, from /proc. */
function cpuSeconds(processes: ServiceProcess[]): number {
  return processes.reduce((total, spawned) => {
    // Fields after the command name: state is the first, utime and stime the 12th and 13th.
    const fields = readFileSync(`/proc/${spawned.child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return total + (Number(fields[11]) + Number(fields[12])) / 100;
  }, 0);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return defined(sorted[Math.floor(sorted.length / 2)], 'a gap');
}

async function cpuOver(processes: ServiceProcess[], ms: number): Promise<number> {
  const before = cpuSeconds(processes);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return cpuSeconds(processes) - before;
}

describe('sweeps run by worker processes (contract §13)', () => {
  let world: OutsideWorld;
  let exchange: ExchangeStandIn;
  let env: Record<string, string>;
  let api: TestService;
  let stop: BacktestWorld['stop'];
  let call: SignedClient;
  let workers: ServiceProcess[] = [];

  beforeAll(async () => {
    ({ world, exchange, env, service: api, stop } = await startBacktestWorld({ workers: 1, ownDatabase: true, role: 'api' }));
    // Two worker processes of one engine thread each, started before the client's first request (a connection idle
    // through a slow process start may be closed by the server just as it is reused).
    workers = await Promise.all([spawnService({ ...env, ROLE: 'worker' }), spawnService({ ...env, ROLE: 'worker' })]);
    call = (await newAccount(api.url, world, 'sweeper@example.com')).call;
  }, 90_000);
  afterAll(async () => {
    for (const spawned of workers) {
      spawned.child.kill('SIGKILL');
      await spawned.exited;
    }
    await stop();
  });

  it('a job’s progress moves while its history loads (issue 14), before the simulation', async () => {
    // 10 daily chunks of 1m bars, fetched 4 at a time, each answer delayed: loading takes a few progress updates.
    exchange.fault('/fapi/v1/klines', { delayMs: 700 }, 10);
    const created = await call<JobRecord>(
      'POST',
      '/v1/backtest/jobs',
      jobBody({ timeframe: '1m', start: '2024-01-01T00:00:00Z', end: '2024-01-11T00:00:00Z' }),
    );
    const seen = new Set<number>();
    let final: JobRecord | undefined;
    await waitForJob(call, created.body.id, (job: JobRecord) => {
      seen.add(job.progress);
      final = job;
      return job.status === 'done';
    });
    expect(final?.progress).toBe(1);
    expect([...seen].filter((progress) => progress > 0 && progress < 0.5).length).toBeGreaterThan(0);
  }, 60_000);

  it('a sweep’s progress moves while its candles load (contract §13), strictly between 0 and 1 before any combination runs', async () => {
    // 10 daily chunks of 1m bars no job has stored, fetched 4 at a time, each answer delayed: loading spans several progress
    // updates. Both worker processes load the candles of the chunks they run, so the sweep asks for them twice: with only
    // the first 10 answers delayed, each process loaded in about two delays and one progress update could fall in between.
    exchange.fault('/fapi/v1/klines', { delayMs: 700 }, 20);
    const created = await call<SweepRecord>(
      'POST',
      '/v1/backtest/sweeps',
      sweepBody({ timeframe: '1m', start: '2024-02-01T00:00:00Z', end: '2024-02-11T00:00:00Z' }),
    );
    const { final, seen } = await sweepProgressUntilEnded(call, created.body.id);
    expect(final).toMatchObject({ status: 'done', progress: 1 });
    // Below one half only while the history loads: no combination runs before its candles are in.
    expect(seen.filter((progress) => progress > 0 && progress < 0.5).length).toBeGreaterThan(0);
  }, 60_000);

  it('progress moves at least every second; a cancel stops the workers’ engines within 1 s', async () => {
    // The candles are loaded (and stored) by a first job, so the sweep's timeline is the engine's.
    expect((await finishedJob(call, jobBody(RANGE), 60_000)).status).toBe('done');
    const created = await call<SweepRecord>('POST', '/v1/backtest/sweeps', HEAVY);
    expect(created.body).toMatchObject({ combinations: 1500, skipped: 0 });
    const changes: number[] = [];
    let last = -1;
    await waitForSweep(
      call,
      created.body.id,
      (sweep) => {
        if (sweep.progress !== last && sweep.progress > 0) changes.push(Date.now());
        last = sweep.progress;
        // The candles are stored: loading is the first half of progress at once; then about 20 % of the simulation.
        return sweep.progress >= 0.6;
      },
      // A steady 100 ms poll: each gap seen is the stored gap plus at most one pause and one request's latency.
      { timeoutMs: 60_000, maxIntervalMs: 100 },
    );
    const gaps = changes.slice(1).map((at, index) => at - defined(changes[index], 'the previous change'));
    expect(changes.length).toBeGreaterThan(2);
    // Progress is stored every 500 ms: a client sees it move in well under a second (gaps of 130-430 ms on a quiet
    // machine). One gap may be longer where the suite's other processes starve the worker of CPU (1,519 ms seen twice
    // under full load); progress standing still for seconds still fails.
    expect(median(gaps)).toBeLessThanOrEqual(1000);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(2500);

    // Measured against the same process busy, as the machine's other load decides how much CPU it gets.
    const busy = await cpuOver(workers, 1000);
    expect(busy).toBeGreaterThan(0.15);
    const cancelled = await call<SweepRecord>('POST', `/v1/backtest/sweeps/${created.body.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', result: null });
    // the workers' CPU after the cancel has reached them: measured over time, so time has to pass
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = await cpuOver(workers, 1000);
    expect(idle).toBeLessThan(Math.min(0.08, busy / 3));
    expect(await waitForSweep(call, created.body.id)).toMatchObject({ status: 'cancelled', progress: cancelled.body.progress });
  }, 90_000);

  it('a worker process killed mid-sweep: its chunks are taken over and the sweep finishes', async () => {
    const [doomed, survivor] = [defined(workers[0], 'a worker'), defined(workers[1], 'a second worker')];
    const created = await call<SweepRecord>('POST', '/v1/backtest/sweeps', {
      ...HEAVY,
      params: { fast: { from: 2, to: 11, step: 1 }, slow: { from: 40, to: 130, step: 10 } },
    });
    const connection = api.service.orm.em.fork().getConnection();
    // Both processes hold chunks before one of them dies.
    for (;;) {
      const holders = await connection.execute(`SELECT DISTINCT locked_by FROM backtest_sweep_chunks WHERE sweep_id = ? AND status = 'running'`, [
        created.body.id,
      ]);
      if (holders.length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    const done = await waitForSweep(call, created.body.id, undefined, { timeoutMs: 60_000 });
    expect(done).toMatchObject({ status: 'done', progress: 1, combinations: 100 });
    expect(done.result?.rows).toHaveLength(20);
    const retried = await connection.execute(`SELECT seq FROM backtest_sweep_chunks WHERE sweep_id = ? AND attempts > 1`, [created.body.id]);
    expect(retried.length).toBeGreaterThan(0);
    expect(survivor.child.exitCode).toBeNull();
  }, 90_000);
});
