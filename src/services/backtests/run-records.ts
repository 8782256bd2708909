/**
 * What backtest jobs and sweeps have alike, as rows and as resources
 * (contract §7, §13): one set of statuses and errors, the owner, status and
 * timing columns their tables share, and the wire fields around each kind's
 * own ones.
 */

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const TERMINAL_STATUSES: readonly JobStatus[] = ['done', 'failed', 'cancelled'];

export interface JobError {
  code: 'DATA_UNAVAILABLE' | 'INVALID_PARAMETER' | 'ENGINE_ERROR' | 'TIMEOUT';
  message: string;
}

/** The columns of `backtest_jobs` and `backtest_sweeps` alike, as their queries return them. */
export interface RunRow<Config> {
  id: string;
  user_id: number;
  api_key_id: number | null;
  status: JobStatus;
  config: Config;
  /** The driver returns timestamps as strings or Dates depending on the query path; records normalise them. */
  submitted_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  progress: number;
  error: JobError | null;
}

/** The fields of a job or sweep resource alike. */
export interface RunRecord<Config, Result> {
  id: string;
  status: JobStatus;
  config: Config;
  submitted_at: string;
  started_at: string | null;
  finished_at: string | null;
  progress: number;
  result: Result | null;
  error: JobError | null;
}

const iso = (date: Date | string | null) => (date ? new Date(date).toISOString() : null);

/** A run's resource: the shared fields with the kind's `own` ones after `config`, in the order the wire has always had them. */
export function runRecord<Config, Result, Own extends object>(row: RunRow<Config>, own: Own, result: Result | null): RunRecord<Config, Result> & Own {
  return {
    id: row.id,
    status: row.status,
    config: row.config,
    ...own,
    submitted_at: iso(row.submitted_at) as string,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    progress: row.progress,
    result,
    error: row.status === 'failed' ? row.error : null,
  };
}
