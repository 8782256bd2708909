import type { BacktestMetrics, BacktestResult } from '../../engine';
import type { JobConfig } from './job-config';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const TERMINAL_STATUSES: readonly JobStatus[] = ['done', 'failed', 'cancelled'];

export interface JobError {
  code: 'DATA_UNAVAILABLE' | 'INVALID_PARAMETER' | 'ENGINE_ERROR' | 'TIMEOUT';
  message: string;
}

/** A row of `backtest_jobs` as the queries return it (`result` only where asked for). */
export interface JobRow {
  id: string;
  user_id: number;
  api_key_id: number | null;
  status: JobStatus;
  config: JobConfig;
  /** The driver returns timestamps as strings or Dates depending on the query path; records normalise them. */
  submitted_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  progress: number;
  metrics: BacktestMetrics | null;
  result?: BacktestResult | null;
  error: JobError | null;
}

/** The spec's "Backtest job" resource. */
export interface JobRecord {
  id: string;
  status: JobStatus;
  config: JobConfig;
  submitted_at: string;
  started_at: string | null;
  finished_at: string | null;
  progress: number;
  result: BacktestResult | { metrics: BacktestMetrics } | null;
  error: JobError | null;
}

const iso = (date: Date | string | null) => (date ? new Date(date).toISOString() : null);

/** `full`: the get endpoint's whole result; otherwise the list's metrics only. */
export function jobRecord(row: JobRow, full: boolean): JobRecord {
  const result = row.status !== 'done' || !row.metrics ? null : full && row.result ? row.result : { metrics: row.metrics };
  return {
    id: row.id,
    status: row.status,
    config: row.config,
    submitted_at: iso(row.submitted_at) as string,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    progress: row.progress,
    result,
    error: row.status === 'failed' ? row.error : null,
  };
}
