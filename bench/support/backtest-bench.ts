import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JobRecord } from '../../src/services/backtests/job-records';
import { startExchangeStandIn, type ExchangeStandIn } from '../../test/stand-ins/exchange/exchange-stand-in';
import { newAccount, startOutsideWorld, type SignedClient } from '../../test/support/identity';
import { spawnService, type ServiceProcess } from '../../test/support/service-process';
import { startTestService, type TestService } from '../../test/support/test-service';
import { startBenchDatabase } from './bench-database';
import { SERVICE_NODE_FLAGS } from './service-process';

/** A process's peak resident memory (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** The line every benchmark prints first, so a figure can be read against the machine and its load. */
export function machineLine(): string {
  const load = os
    .loadavg()
    .map((value: number) => value.toFixed(2))
    .join(' ');
  return `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${load}`;
}

/** Creates a job and polls it every `pollMs` until it has ended: the seconds from create to the end, and the job. */
export async function timeJob(call: SignedClient, body: Record<string, unknown>, pollMs = 20): Promise<{ seconds: number; job: JobRecord }> {
  const started = performance.now();
  const created = await call<JobRecord>('POST', '/v1/backtest/jobs', body);
  if (created.status !== 200) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  for (;;) {
    const job = (await call<JobRecord>('GET', `/v1/backtest/jobs/${created.body.id}`)).body;
    if (['done', 'failed', 'cancelled'].includes(job.status)) return { seconds: (performance.now() - started) / 1000, job };
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** The backtest benchmarks' world: the exchange stand-in, an API service in this process, and compiled worker processes on its database. */
export interface BacktestBench {
  exchange: ExchangeStandIn;
  api: TestService;
  /** A signed client of one account. */
  call: SignedClient;
  /** Starts a worker process running the compiled build, as `npm start` does; `env` adds to the bench's. */
  worker(env?: Record<string, string>): Promise<ServiceProcess>;
  stop(): Promise<void>;
}

export async function startBacktestBench(): Promise<BacktestBench> {
  const stopDatabase = await startBenchDatabase();
  const exchange = await startExchangeStandIn();
  const world = await startOutsideWorld();
  const env = {
    ...world.env,
    UPSTREAM_FAPI_URL: exchange.url,
    ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    APP_JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    LOG_LEVEL: 'warn',
    BACKTEST_WORKERS: '1',
  };
  const api = await startTestService({ ...env, ROLE: 'api', SIGNED_WEIGHT_PER_MIN: '100000' });
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: path.resolve(__dirname, '../..'), stdio: 'inherit' });
  const { call } = await newAccount(api.url, world, 'bench@example.com');
  const workers: ServiceProcess[] = [];
  return {
    exchange,
    api,
    call,
    worker: async (workerEnv = {}) => {
      // NODE_OPTIONS carries `npm start`'s Node flags: the young generation they size is part of the peak memory measured.
      const nodeOptions = [process.env.NODE_OPTIONS, ...SERVICE_NODE_FLAGS].filter(Boolean).join(' ');
      const spawned = await spawnService(
        { ...env, ...workerEnv, LOG_LEVEL: 'info', ROLE: 'worker', DATABASE_URL: api.databaseUrl, NODE_OPTIONS: nodeOptions },
        60_000,
        'compiled',
      );
      workers.push(spawned);
      return spawned;
    },
    stop: async () => {
      for (const spawned of workers) {
        if (spawned.child.exitCode !== null || spawned.child.signalCode !== null) continue;
        spawned.child.kill('SIGTERM');
        await spawned.exited;
      }
      await api.stop();
      await world.stop();
      await exchange.close();
      await stopDatabase();
    },
  };
}
