/**
 * Parameter sweeps end to end (issue 15): 1,000 sma_cross combinations over
 * one year of 1-minute bars of one symbol (525,600 bars each), candles
 * stored, through the signed API, run by one worker process with an engine
 * thread per core. Targets: create → done ≤ 60 s on 2 cores (≥ 8.7 M bars/s
 * aggregate), worker peak memory ≤ 600 MB. Prints bars/s per core and the
 * ratio to the single-job engine speed measured in the same run. Then the
 * same 1,000 combinations written as an expression (contract §17: `fast`,
 * `slow` named numbers), with its time over the template sweep's (issue 26's
 * target: at most 1.5×) and the worker's peak memory after it. Both sweeps
 * compute each distinct indicator series once and share it between their
 * combinations, in slots of at most DEFAULT_SERIES_CACHE_BYTES in all
 * (docs/backtests.md "Shared indicators"), which the peak memory includes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HistoryChunks } from '../src/services/backtests/history-chunks.store';
import { engineConfig } from '../src/services/backtests/job-config';
import { simulate } from '../src/engine';
import { DEFAULT_SERIES_CACHE_BYTES } from '../src/engine/worker/series-cache';
import type { SweepRecord } from '../src/services/backtests/sweep-records';
import { MarketHistory } from '../src/services/backtests/market-history';
import { UpstreamClient } from '../src/upstream/upstream-client';
import { startExchangeStandIn } from '../test/stand-ins/exchange/exchange-stand-in';
import { newAccount, startOutsideWorld, type SignedClient } from '../test/support/identity';
import { spawnService } from '../test/support/service-process';
import { startTestService } from '../test/support/test-service';
import { startBenchDatabase } from './support/bench-database';
import { fastest, timeInTurns } from './support/timed-turns';

const START = '2025-01-01T00:00:00Z';
/** BENCH_SWEEP_END shortens the range for a quick check that the benchmark runs; figures are taken over the whole year. */
const END = process.env.BENCH_SWEEP_END ?? '2026-01-01T00:00:00Z';
/** The last instant of the job window [START, END) (contract §7), as the jobs load it. */
const LAST = Date.parse(END) - 1;
/** fast 2..41 × slow 50..290 by 10: 40 × 25 = 1,000 combinations, all with fast < slow. */
const PARAMS = { fast: { from: 2, to: 41, step: 1 }, slow: { from: 50, to: 290, step: 10 } };
/** The same sweep as an `expression`: the rules name `fast` and `slow`, which the sweep varies like the template's params. */
const EXPRESSION_PARAMS = {
  entry: 'crossover(sma(close, fast), sma(close, slow))',
  exit: 'crossunder(sma(close, fast), sma(close, slow))',
  ...PARAMS,
};

function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

async function untilEnded<T extends { id: string; status: string }>(
  call: SignedClient,
  resource: 'jobs' | 'sweeps',
  body: unknown,
  pollMs: number,
): Promise<T> {
  const created = await call<T>('POST', `/v1/backtest/${resource}`, body);
  if (created.status !== 200) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  for (;;) {
    const current = (await call<T>('GET', `/v1/backtest/${resource}/${created.body.id}`)).body;
    if (['done', 'failed', 'cancelled'].includes(current.status)) return current;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

export async function main(): Promise<void> {
  const cores = os.cpus().length;
  const stopDatabase = await startBenchDatabase();
  const exchange = await startExchangeStandIn();
  const world = await startOutsideWorld();
  const env = {
    ...world.env,
    UPSTREAM_FAPI_URL: exchange.url,
    ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    APP_JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    LOG_LEVEL: 'warn',
    BACKTEST_WORKERS: String(cores),
  };
  const api = await startTestService({ ...env, ROLE: 'api', SIGNED_WEIGHT_PER_MIN: '100000' });
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: path.resolve(__dirname, '..'), stdio: 'inherit' });
  const worker = await spawnService({ ...env, LOG_LEVEL: 'info', ROLE: 'worker', DATABASE_URL: api.databaseUrl }, 60_000, 'compiled');
  const base = { template_id: 'sma_cross', symbols: ['BTCUSDT'], timeframe: '1m' as const, start: START, end: END, capital: '10000' };
  try {
    const { call } = await newAccount(api.url, world, 'sweep-bench@example.com');
    console.log(
      `machine: ${cores} × ${os.cpus()[0]?.model}, Node ${process.version}, load average ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );

    // The year's candles stored first, by the same code with the upstream weight budget lifted (the stand-in does not enforce it).
    const upstream = new UpstreamClient({ fapiUrl: exchange.url, webUrl: exchange.url, timeoutMs: 30_000, weightBudgetPerMinute: 1e9 });
    const history = new MarketHistory(new HistoryChunks(api.service.orm), { upstream });
    const candles = await history.candles('BTCUSDT', '1m', Date.parse(START), LAST);
    await history.funding('BTCUSDT', Date.parse(START), LAST);
    const bars = candles.openTime.length;
    console.log(`stored: ${bars} 1m bars of BTCUSDT`);

    // The single-job engine speed on the same candles, in this process: `simulate` whole, as a job runs it (one warm-up, best of 3).
    const funding = await history.funding('BTCUSDT', Date.parse(START), LAST);
    const input = {
      // The defaults the API resolves a request to (contract §7).
      config: engineConfig({ ...base, params: { fast: 10, slow: 30 }, leverage: 1, fee_model: 'fixed_bps', fee_bps: '5', slippage_bps: '0' }),
      candles: { BTCUSDT: candles },
      funding: { BTCUSDT: funding },
    };
    const bestMs = fastest(timeInTurns({ job: () => simulate(input) }, { rounds: 3, warmUps: 1 }).job, 'ms');
    await upstream.close();
    const jobSpeed = bars / (bestMs / 1000);
    console.log(
      `single job engine, sma_cross 10/30 (simulate whole, best of 3): ${bestMs.toFixed(0)} ms → ${(jobSpeed / 1e6).toFixed(2)} M bars/s on one core`,
    );

    const started = performance.now();
    const sweep = await untilEnded<SweepRecord>(call, 'sweeps', { ...base, params: PARAMS }, 100);
    const seconds = (performance.now() - started) / 1000;
    if (sweep.status !== 'done') throw new Error(`sweep ${sweep.status}: ${JSON.stringify(sweep.error)}`);
    const valid = sweep.combinations - sweep.skipped;
    const aggregate = (valid * bars) / seconds;
    console.log(`sweep: ${valid} combinations × ${bars} bars through the API, ${cores} engine threads in one worker process:`);
    console.log(`  create → done ${seconds.toFixed(1)} s (target ≤ 60 s); ${(aggregate / 1e6).toFixed(2)} M bars/s aggregate (target ≥ 8.7 M)`);
    console.log(
      `  ${(aggregate / cores / 1e6).toFixed(2)} M bars/s per core = ${((aggregate / cores / jobSpeed) * 100).toFixed(0)} % of the single-job engine speed`,
    );
    const best = sweep.result?.rows?.[0];
    console.log(`  best: ${JSON.stringify(best?.params)} sharpe ${best?.metrics.sharpe}`);
    console.log(
      `  worker process peak RSS (VmHWM): ${peakRssMb(worker.child.pid!).toFixed(0)} MB (target ≤ 600 MB), of which indicator series ≤ ${DEFAULT_SERIES_CACHE_BYTES / 2 ** 20} MiB`,
    );

    const expressionStarted = performance.now();
    const expression = await untilEnded<SweepRecord>(call, 'sweeps', { ...base, template_id: 'expression', params: EXPRESSION_PARAMS }, 100);
    const expressionSeconds = (performance.now() - expressionStarted) / 1000;
    if (expression.status !== 'done') throw new Error(`expression sweep ${expression.status}: ${JSON.stringify(expression.error)}`);
    const expressionBest = expression.result?.rows?.[0];
    if (JSON.stringify(expressionBest?.metrics) !== JSON.stringify(best?.metrics))
      throw new Error('the expression sweep found another best row than the template sweep');
    console.log(`sweep as an expression (fast, slow named), the same ${expression.combinations - expression.skipped} combinations:`);
    console.log(
      `  create → done ${expressionSeconds.toFixed(1)} s = ${(expressionSeconds / seconds).toFixed(2)}× the template sweep's time (target ≤ 1.5×); same best row`,
    );
    console.log(`  worker process peak RSS (VmHWM) after both sweeps: ${peakRssMb(worker.child.pid!).toFixed(0)} MB (target ≤ 600 MB)`);
  } finally {
    worker.child.kill('SIGTERM');
    await worker.exited;
    await api.stop();
    await world.stop();
    await exchange.close();
    await stopDatabase();
  }
}
