import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApiKey } from '../clients/typescript/signing';
import { signedOk } from './signed-call';

export const SAMPLE_JOB_FILE = path.resolve(__dirname, '..', 'samples', 'backtest-job.json');

export interface SampleJob {
  id: string;
  status: string;
  result: { metrics: Record<string, string | number> } | null;
  error: { code: string; message: string } | null;
}

/**
 * Runs samples/backtest-job.json through the signed API, as a client would,
 * until it ends. Its candles come from the exchange stand-in and stay in the
 * history store, so later backtests over that range read nothing upstream.
 */
export async function runSampleBacktest(baseUrl: string, key: ApiKey, timeoutMs = 60_000): Promise<SampleJob> {
  const created = await signedOk<SampleJob>(baseUrl, key, 'POST', '/v1/backtest/jobs', (await readFile(SAMPLE_JOB_FILE, 'utf8')).trim());
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await signedOk<SampleJob>(baseUrl, key, 'GET', `/v1/backtest/jobs/${created.id}`);
    if (['done', 'failed', 'cancelled'].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`sample backtest ${job.id} still ${job.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
