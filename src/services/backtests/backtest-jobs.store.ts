import type { EntityManager } from '@mikro-orm/postgresql';
import { ownerFor, type Caller } from '../../auth/caller';
import type { Orm } from '../../db/orm';
import { notify, placeholders, StoreSql } from '../../db/native-query';
import { isHeldSql } from '../../db/process-liveness';
import type { ResultJson } from '../../engine';
import { recordEvent } from '../../events/outbox.store';
import type { CursorPosition } from '../pagination';
import type { JobConfig } from './job-config';
import type { JobRow } from './job-records';
import type { JobError } from './run-records';
import { listConditions, lockRoomForRun, ownerSql, RunTable, type ListFilters } from './run-table.store';

/**
 * Every SQL statement of backtest jobs, so the queue can be reviewed as a
 * whole. Workers claim with FOR UPDATE SKIP LOCKED under a lease and their
 * liveness lock (as the webhook queue does): a job whose worker process died
 * is taken over at once, and failed after MAX_ATTEMPTS such takeovers.
 */
export const JOBS_QUEUED_CHANNEL = 'backtest_jobs_queued';
/** Payload: a job id whose status or progress changed (cancel, pick-up, progress, end). */
export const JOB_CHANGES_CHANNEL = 'backtest_job_changes';
/** Renewed with every progress update (at least each second), so only a stuck or cut-off worker lets it lapse. */
export const LEASE_SECONDS = 30;
/** Runs of one job started in total; a job whose worker died this often is failed rather than retried. */
export const MAX_ATTEMPTS = 3;

const ROW_COLUMNS = 'id, user_id, api_key_id, status, config, submitted_at, started_at, finished_at, progress, metrics, error';
const columns = (withResult: boolean) => `${ROW_COLUMNS}${withResult ? ', result' : ''}`;
/** Running, but its worker process is gone (liveness lock released) or stopped renewing its lease. */
const ABANDONED = `(status = 'running' AND (locked_until < now() OR locked_by IS NULL OR NOT ${isHeldSql('locked_by')}))`;

export interface ClaimedJob {
  id: string;
  user_id: number;
  config: JobConfig;
}

export class BacktestJobsStore {
  constructor(private readonly orm: Orm) {}

  private readonly sql = new StoreSql(this.orm);
  private readonly runs = new RunTable<JobRow>(this.sql, 'backtest_jobs');

  /**
   * Inserts a queued job unless the user already has `maxActiveRuns` jobs and
   * sweeps queued or running: the per-user advisory lock serialises creations
   * across processes, so the count and the insert are one atomic step.
   * Returns null at the limit.
   */
  async insertQueued(caller: Caller, id: string, config: JobConfig, strategyId: string | null, maxActiveRuns: number): Promise<JobRow | null> {
    return this.sql.transaction(async (em) => {
      if (!(await lockRoomForRun(this.sql, caller.userId, maxActiveRuns, em))) return null;
      const owner = ownerFor(caller);
      const row = await this.sql.one<JobRow>(
        `INSERT INTO backtest_jobs (id, user_id, api_key_id, status, template_id, config, strategy_id)
         VALUES (?, ?, ?, 'queued', ?, ?::jsonb, ?) RETURNING ${ROW_COLUMNS}`,
        [id, owner.userId, owner.apiKeyId, config.template_id, JSON.stringify(config), strategyId],
        em,
      );
      await notify(em, JOBS_QUEUED_CHANNEL, id);
      return row;
    });
  }

  list(caller: Caller, filters: ListFilters, after: CursorPosition | undefined, limit: number): Promise<JobRow[]> {
    return this.runs.list(ROW_COLUMNS, caller, filters, after, limit);
  }

  /**
   * Per strategy, the caller's `limit` newest jobs created from it (after the
   * cursor, within the list filters), in one statement: rows ordered by
   * strategy, then newest first.
   */
  async pagesByStrategy(
    caller: Caller,
    strategyIds: readonly string[],
    filters: ListFilters,
    after: CursorPosition | undefined,
    limit: number,
  ): Promise<(JobRow & { strategy_id: string })[]> {
    if (strategyIds.length === 0) return [];
    const { where, params } = listConditions(caller, filters, after);
    return this.sql.all(
      `SELECT ${ROW_COLUMNS}, strategy_id FROM (
         SELECT ${ROW_COLUMNS}, strategy_id, row_number() OVER (PARTITION BY strategy_id ORDER BY submitted_at DESC, id DESC) AS rank
           FROM backtest_jobs WHERE strategy_id IN (${placeholders(strategyIds)}) AND ${where}
       ) ranked WHERE rank <= ? ORDER BY strategy_id, submitted_at DESC, id DESC`,
      [...strategyIds, ...params, limit],
    );
  }

  /** The strategy each job was created from (absent: none, or not the caller's job). */
  async strategyIdsOf(caller: Caller, jobIds: readonly string[]): Promise<Map<string, string>> {
    if (jobIds.length === 0) return new Map();
    const owner = ownerSql(caller);
    const rows = await this.sql.all<{ id: string; strategy_id: string }>(
      `SELECT id, strategy_id FROM backtest_jobs WHERE id IN (${placeholders(jobIds)}) AND strategy_id IS NOT NULL AND ${owner.sql}`,
      [...jobIds, ...owner.params],
    );
    return new Map(rows.map((row) => [row.id, row.strategy_id]));
  }

  get(caller: Caller, id: string, withResult: boolean): Promise<JobRow | undefined> {
    return this.runs.get(columns(withResult), caller, id);
  }

  /** A job by id alone, for the subscription bridge (which checks the owner itself). */
  getAny(id: string, withResult: boolean): Promise<JobRow | undefined> {
    return this.runs.get(columns(withResult), null, id);
  }

  /** `undefined`: no such job for this caller; `terminal`: already in a final state. */
  cancel(caller: Caller, id: string, reason: string | null): Promise<JobRow | 'terminal' | undefined> {
    return this.runs.cancel(caller, id, reason, {
      clear: 'result = NULL, metrics = NULL, error = NULL, locked_by = NULL, locked_until = NULL',
      returning: ROW_COLUMNS,
      cancelled: (em) => this.notifyChange(id, em),
    });
  }

  /** Claims queued jobs, and running ones whose worker died with attempts left; sets `started_at` on first pick-up. */
  async claim(limit: number, workerId: number): Promise<ClaimedJob[]> {
    const rows = await this.sql.all<ClaimedJob>(
      `WITH next AS (
         SELECT id FROM backtest_jobs
          WHERE status = 'queued' OR (${ABANDONED} AND attempts < ?)
          ORDER BY submitted_at LIMIT ? FOR UPDATE SKIP LOCKED
       )
       UPDATE backtest_jobs j SET status = 'running', started_at = coalesce(j.started_at, now()), progress = 0,
              attempts = j.attempts + 1, locked_by = ?, locked_until = now() + make_interval(secs => ?)
         FROM next WHERE j.id = next.id
       RETURNING j.id, j.user_id, j.config`,
      [MAX_ATTEMPTS, limit, workerId, LEASE_SECONDS],
    );
    for (const row of rows) await this.notifyChange(row.id);
    return rows;
  }

  /** Fails jobs whose worker died on their last attempt, recording their events. */
  async failAbandoned(): Promise<number> {
    return this.sql.transaction(async (em) => {
      const rows = await this.sql.all<JobRow>(
        `WITH dead AS (SELECT id FROM backtest_jobs WHERE ${ABANDONED} AND attempts >= ? FOR UPDATE SKIP LOCKED)
         UPDATE backtest_jobs j SET status = 'failed', finished_at = now(), locked_by = NULL, locked_until = NULL,
                error = jsonb_build_object('code', 'ENGINE_ERROR', 'message', 'the worker process running this job stopped ' || j.attempts || ' times; it is not retried again')
           FROM dead WHERE j.id = dead.id
         RETURNING j.${ROW_COLUMNS.split(', ').join(', j.')}`,
        [MAX_ATTEMPTS],
        em,
      );
      for (const row of rows) await this.recordEnd(em, row);
      return rows.length;
    });
  }

  /** Stores progress and renews the lease; false when the job is no longer this worker's running job (cancelled, taken over). */
  async heartbeat(id: string, workerId: number, progress: number): Promise<boolean> {
    const rows = await this.sql.all<{ id: string }>(
      `UPDATE backtest_jobs SET progress = ?, locked_until = now() + make_interval(secs => ?)
        WHERE id = ? AND status = 'running' AND locked_by = ? RETURNING id`,
      [progress, LEASE_SECONDS, id, workerId],
    );
    if (rows.length > 0) await this.notifyChange(id);
    return rows.length > 0;
  }

  /** Whether the job is still this worker's running job (a cancel or a takeover ends it). */
  async stillMine(id: string, workerId: number): Promise<boolean> {
    const rows = await this.sql.all(`SELECT 1 FROM backtest_jobs WHERE id = ? AND status = 'running' AND locked_by = ?`, [id, workerId]);
    return rows.length > 0;
  }

  /** Puts a job this worker is giving up (shutdown) back in the queue, so another worker starts it at once. */
  async release(id: string, workerId: number): Promise<void> {
    await this.sql.all(
      `UPDATE backtest_jobs SET status = 'queued', progress = 0, attempts = greatest(attempts - 1, 0), locked_by = NULL, locked_until = NULL
        WHERE id = ? AND status = 'running' AND locked_by = ?`,
      [id, workerId],
    );
    await notify(this.orm.em.fork(), JOBS_QUEUED_CHANNEL, id);
    await this.notifyChange(id);
  }

  /** Records the result and the `backtest.job_done` event in one transaction, if the job is still this worker's. */
  async complete(id: string, workerId: number, result: ResultJson): Promise<boolean> {
    return this.finish(id, workerId, `status = 'done', progress = 1, result = ?::jsonb, metrics = ?::jsonb, error = NULL`, [
      result.json,
      JSON.stringify(result.metrics),
    ]);
  }

  async fail(id: string, workerId: number, error: JobError): Promise<boolean> {
    return this.finish(id, workerId, `status = 'failed', result = NULL, metrics = NULL, error = ?::jsonb`, [JSON.stringify(error)]);
  }

  private async finish(id: string, workerId: number, set: string, params: unknown[]): Promise<boolean> {
    return this.sql.transaction(async (em) => {
      const [row] = await this.sql.all<JobRow>(
        `UPDATE backtest_jobs SET ${set}, finished_at = now(), locked_by = NULL, locked_until = NULL
          WHERE id = ? AND status = 'running' AND locked_by = ? RETURNING ${ROW_COLUMNS}`,
        [...params, id, workerId],
        em,
      );
      if (!row) return false;
      await this.recordEnd(em, row);
      return true;
    });
  }

  private async recordEnd(em: EntityManager, row: JobRow): Promise<void> {
    const data =
      row.status === 'done' ? { job_id: row.id, status: row.status, metrics: row.metrics } : { job_id: row.id, status: row.status, error: row.error };
    await recordEvent(em, { userId: row.user_id, type: row.status === 'done' ? 'backtest.job_done' : 'backtest.job_failed', data });
    await this.notifyChange(row.id, em);
  }

  private async notifyChange(id: string, em?: EntityManager): Promise<void> {
    await notify(em ?? this.orm.em.fork(), JOB_CHANGES_CHANNEL, id);
  }
}
