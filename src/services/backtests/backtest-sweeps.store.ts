import type { EntityManager } from '@mikro-orm/postgresql';
import { ownerFor, type Caller } from '../../auth/caller';
import type { Orm } from '../../db/orm';
import { notify, StoreSql } from '../../db/native-query';
import { recordEvent } from '../../events/outbox.store';
import type { CursorPosition } from '../pagination';
import type { JobError } from './run-records';
import { lockRoomForRun, RunTable, type ListFilters } from './run-table.store';
import { runProgress } from './run-progress';
import type { SweepConfig } from './sweep-config';
import type { SweepResult, SweepStoredRow } from './sweep-records';

/** Payload: a sweep id whose status, progress or leaderboard changed. */
export const SWEEP_CHANGES_CHANNEL = 'backtest_sweep_changes';
/** Payload: a sweep id that was cancelled or failed: workers running its chunks stop them at once. */
export const SWEEP_STOPPED_CHANNEL = 'backtest_sweep_stopped';

const ROW_COLUMNS = 'id, user_id, api_key_id, status, config, combinations, skipped, submitted_at, started_at, finished_at, progress, error';
export const ACTIVE_SWEEP = `status IN ('queued', 'running')`;

/**
 * Every SQL statement of the sweep rows themselves: what a client reads and
 * cancels, and the status, progress and result the work queue
 * (sweep-queue.store.ts) records on them as their chunks run.
 */
export class BacktestSweepsStore {
  constructor(private readonly orm: Orm) {}

  private readonly sql = new StoreSql(this.orm);
  private readonly runs = new RunTable<SweepStoredRow>(this.sql, 'backtest_sweeps');

  /** Inserts a queued sweep in `em`'s transaction unless the user is at the active limit (shared with jobs); null then. */
  async insertQueued(
    caller: Caller,
    id: string,
    sweep: { config: SweepConfig; combinations: number; skipped: number; units: number },
    maxActiveRuns: number,
    em: EntityManager,
  ): Promise<SweepStoredRow | null> {
    if (!(await lockRoomForRun(this.sql, caller.userId, maxActiveRuns, em))) return null;
    const owner = ownerFor(caller);
    const [row = null] = await this.sql.all<SweepStoredRow>(
      `INSERT INTO backtest_sweeps (id, user_id, api_key_id, status, template_id, config, combinations, skipped, units)
       VALUES (?, ?, ?, 'queued', ?, ?::jsonb, ?, ?, ?) RETURNING ${ROW_COLUMNS}, result`,
      [id, owner.userId, owner.apiKeyId, sweep.config.template_id, JSON.stringify(sweep.config), sweep.combinations, sweep.skipped, sweep.units],
      em,
    );
    return row;
  }

  list(caller: Caller, filters: ListFilters, after: CursorPosition | undefined, limit: number): Promise<SweepStoredRow[]> {
    // The list leaves out the leaderboard: only the result's other fields are read.
    return this.runs.list(`${ROW_COLUMNS}, result - 'rows' AS result`, caller, filters, after, limit);
  }

  get(caller: Caller, id: string): Promise<SweepStoredRow | undefined> {
    return this.runs.get(`${ROW_COLUMNS}, result`, caller, id);
  }

  /** A sweep by id alone, for the subscription bridge (which checks the owner itself). */
  getAny(id: string): Promise<SweepStoredRow | undefined> {
    return this.runs.get(`${ROW_COLUMNS}, result`, null, id);
  }

  /** `undefined`: no such sweep for this caller; `terminal`: already ended. */
  cancel(caller: Caller, id: string, reason: string | null): Promise<SweepStoredRow | 'terminal' | undefined> {
    return this.runs.cancel(caller, id, reason, {
      clear: 'result = NULL, error = NULL',
      returning: `${ROW_COLUMNS}, result`,
      cancelled: async (em) => {
        await this.notifyChange(id, em);
        await notify(em, SWEEP_STOPPED_CHANNEL, id);
      },
    });
  }

  /** Marks queued sweeps whose first chunks were just claimed as running. */
  async markRunning(ids: string[], em: EntityManager): Promise<void> {
    await this.sql.all(
      `UPDATE backtest_sweeps SET status = 'running', started_at = coalesce(started_at, now()) WHERE id = ANY(?::text[]) AND status = 'queued'`,
      [`{${ids.join(',')}}`],
      em,
    );
    for (const id of ids) await this.notifyChange(id, em);
  }

  /**
   * Recomputes a running sweep's progress from the share of its history
   * loaded (the most any process has loaded, `loaded` being one process's
   * share now) and the share of its combinations run by its chunks.
   */
  async updateProgress(sweepId: string, loaded: number, em: EntityManager): Promise<void> {
    // One statement, as the sweep row is locked by every chunk's heartbeat: runProgress is linear, so its weights go in as parameters.
    // Below 1 until the final chunk has merged the results: progress 1 means done.
    await this.sql.all(
      `UPDATE backtest_sweeps s SET loaded = greatest(s.loaded, ?),
              progress = least(0.999, ? * greatest(s.loaded, ?)
                + ? * (SELECT coalesce(sum(done), 0) FROM backtest_sweep_chunks WHERE sweep_id = s.id)::float8 / greatest(s.units, 1))
        WHERE s.id = ? AND s.status = 'running'`,
      [loaded, runProgress(1, 0), loaded, runProgress(0, 1), sweepId],
      em,
    );
    await this.notifyChange(sweepId, em);
  }

  /** Ends a running sweep as done with its result and records `backtest.sweep_done`; false when it had ended otherwise. */
  async finish(sweepId: string, result: SweepResult, em: EntityManager): Promise<boolean> {
    const [row] = await this.sql.all<SweepStoredRow>(
      `UPDATE backtest_sweeps SET status = 'done', progress = 1, loaded = 1, result = ?::jsonb, finished_at = now()
        WHERE id = ? AND status = 'running' RETURNING ${ROW_COLUMNS}, result`,
      [JSON.stringify(result), sweepId],
      em,
    );
    if (!row) return false;
    await this.recordEnd(em, row);
    return true;
  }

  /** Fails a running or queued sweep (an engine error in any chunk fails the whole sweep). */
  async fail(sweepId: string, error: JobError): Promise<boolean> {
    return this.sql.transaction(async (em) => {
      const [row] = await this.sql.all<SweepStoredRow>(
        `UPDATE backtest_sweeps SET status = 'failed', result = NULL, error = ?::jsonb, finished_at = now()
          WHERE id = ? AND ${ACTIVE_SWEEP} RETURNING ${ROW_COLUMNS}, result`,
        [JSON.stringify(error), sweepId],
        em,
      );
      if (!row) return false;
      await this.recordEnd(em, row);
      await notify(em, SWEEP_STOPPED_CHANNEL, sweepId);
      return true;
    });
  }

  /** `backtest.sweep_done` for a sweep that ended by itself, done or failed (cancels are the caller's own act). */
  private async recordEnd(em: EntityManager, row: SweepStoredRow): Promise<void> {
    const best = row.result?.rows?.[0];
    const data =
      row.status === 'done'
        ? { sweep_id: row.id, status: row.status, objective: row.config.objective, best: best ?? null }
        : { sweep_id: row.id, status: row.status, error: row.error };
    await recordEvent(em, { userId: row.user_id, type: 'backtest.sweep_done', data });
    await this.notifyChange(row.id, em);
  }

  private async notifyChange(id: string, em: EntityManager): Promise<void> {
    await notify(em, SWEEP_CHANGES_CHANNEL, id);
  }
}
