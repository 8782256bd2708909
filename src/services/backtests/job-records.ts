import type { BacktestMetrics, BacktestResult } from '../../engine';
import type { JobConfig } from './job-config';
import { runRecord, type RunRecord, type RunRow } from './run-records';

/** A row of `backtest_jobs` as the queries return it (`result` only where asked for). */
export type JobRow = RunRow<JobConfig> & {
  metrics: BacktestMetrics | null;
  result?: BacktestResult | null;
};

/** The spec's "Backtest job" resource. */
export type JobRecord = RunRecord<JobConfig, BacktestResult | { metrics: BacktestMetrics }>;

/** `full`: the get endpoint's whole result; otherwise the list's metrics only. */
export function jobRecord(row: JobRow, full: boolean): JobRecord {
  const result = row.status !== 'done' || !row.metrics ? null : full && row.result ? row.result : { metrics: row.metrics };
  return runRecord(row, {}, result);
}
