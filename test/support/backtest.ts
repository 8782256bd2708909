import type { BacktestResult } from '../../src/engine';
import type { JobRecord } from '../../src/services/backtests/job-records';
import type { SweepRecord } from '../../src/services/backtests/sweep-records';
import type { SignedClient } from './identity';
import { waitFor, type WaitOptions } from './wait';

const ENDED: string[] = ['done', 'failed', 'cancelled'];

/** A valid create body over a short past range of hourly candles; `changes` override fields (undefined removes one). */
export function jobBody(changes: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    template_id: 'sma_cross',
    params: { fast: 5, slow: 20 },
    symbols: ['BTCUSDT'],
    timeframe: '1h',
    start: '2024-01-01T00:00:00Z',
    end: '2024-02-15T00:00:00Z',
    capital: '10000',
    ...changes,
  };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete body[key];
  return body;
}

/** Polls a job (as a client would, though faster than the spec's advice) until `until` holds. */
export async function waitForJob(
  call: SignedClient,
  id: string,
  until: (job: JobRecord) => boolean = (job) => ENDED.includes(job.status),
  timeoutMs = 30_000,
): Promise<JobRecord> {
  return waitFor(
    `job ${id} reaches the awaited state`,
    async () => {
      const response = await call<JobRecord>('GET', `/v1/backtest/jobs/${id}`);
      if (response.status !== 200) throw new Error(`GET job ${id}: ${response.status} ${JSON.stringify(response.body)}`);
      return until(response.body) && response.body;
    },
    { timeoutMs, intervalMs: 100 },
  );
}

/** A done job's whole result, as GET answers it (a list answers its metrics only); fails the test when it has none. */
export function fullResult(job: JobRecord): BacktestResult {
  if (!job.result || !('equity_curve' in job.result)) throw new Error(`job ${job.id} has no full result: ${JSON.stringify(job.result)}`);
  return job.result;
}

/** Creates a job from `body` and answers its id, for a test that then waits on it. */
export async function createdJobId(call: SignedClient, body: Record<string, unknown>): Promise<string> {
  const created = await call<JobRecord>('POST', '/v1/backtest/jobs', body);
  if (created.status !== 200) throw new Error(`create job: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
}

/** A valid sweep body over the same range as `jobBody`: 4 combinations of sma_cross; `changes` as for `jobBody`. */
export function sweepBody(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return jobBody({ params: { fast: [3, 5], slow: [10, 20] }, ...changes });
}

/** Creates a job from `body` and polls it until it has ended, typed by the job record. */
export async function finishedJob(call: SignedClient, body: Record<string, unknown>, timeoutMs = 30_000): Promise<JobRecord> {
  const created = await call<JobRecord>('POST', '/v1/backtest/jobs', body);
  if (created.status !== 200) throw new Error(`create job: ${created.status} ${JSON.stringify(created.body)}`);
  return waitForJob(call, created.body.id, undefined, timeoutMs);
}

/** Polls a sweep until `until` holds (by default: it has ended), every 100 ms at first. */
export async function waitForSweep(
  call: SignedClient,
  id: string,
  until: (sweep: SweepRecord) => boolean = (sweep) => ENDED.includes(sweep.status),
  { timeoutMs = 30_000, intervalMs = 100, maxIntervalMs }: WaitOptions = {},
): Promise<SweepRecord> {
  return waitFor(
    `sweep ${id} reaches the awaited state`,
    async () => {
      const response = await call<SweepRecord>('GET', `/v1/backtest/sweeps/${id}`);
      if (response.status !== 200) throw new Error(`GET sweep ${id}: ${response.status} ${JSON.stringify(response.body)}`);
      return until(response.body) && response.body;
    },
    { timeoutMs, intervalMs, maxIntervalMs },
  );
}

/** Polls a sweep until it has ended, with every progress value seen on the way. */
export async function sweepProgressUntilEnded(call: SignedClient, id: string, timeoutMs = 60_000): Promise<{ final: SweepRecord; seen: number[] }> {
  const seen = new Set<number>();
  const final = await waitForSweep(
    call,
    id,
    (sweep) => {
      seen.add(sweep.progress);
      return ENDED.includes(sweep.status);
    },
    { timeoutMs },
  );
  return { final, seen: [...seen] };
}

/** Creates a sweep from `body` and polls it until it has ended. */
export async function finishedSweep(call: SignedClient, body: Record<string, unknown>, timeoutMs = 30_000): Promise<SweepRecord> {
  const created = await call<SweepRecord>('POST', '/v1/backtest/sweeps', body);
  if (created.status !== 200) throw new Error(`create sweep: ${created.status} ${JSON.stringify(created.body)}`);
  return waitForSweep(call, created.body.id, undefined, { timeoutMs });
}
