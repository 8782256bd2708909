import type { EntityManager } from '@mikro-orm/postgresql';
import { ownerFor, type Caller } from '../../auth/caller';
import type { Orm } from '../../db/orm';
import { nativeQuery, notify } from '../../db/native-query';
import { isHeldSql } from '../../db/process-liveness';
import { recordEvent } from '../../events/outbox';
import type { CursorPosition } from '../pagination';
import { LEASE_SECONDS, MAX_ATTEMPTS, listConditions, ownerSql, type JobStore, type ListFilters } from './backtest-jobs.store';
import type { JobError, JobStatus } from './job-records';
import type { SweepConfig } from './sweep-config';
import type { RankedRow } from './sweep-leaderboard';
import type { SweepResult, SweepStoredRow } from './sweep-records';

/**
 * Every SQL statement of sweeps. A sweep's work is a queue of chunks (ranges
 * of its valid combinations) that any worker process claims with FOR UPDATE
 * SKIP LOCKED under a lease and its liveness lock, as jobs are claimed; the
 * `final` chunk, claimable once every other chunk is done, merges their
 * leaderboards (and runs the walk-forward tests) and ends the sweep. A chunk
 * whose worker died is taken over at once.
 */
export const SWEEPS_QUEUED_CHANNEL = 'backtest_sweeps_queued';
/** Payload: a sweep id whose status, progress or leaderboard changed. */
export const SWEEP_CHANGES_CHANNEL = 'backtest_sweep_changes';
/** Payload: a sweep id that was cancelled or failed: workers running its chunks stop them at once. */
export const SWEEP_STOPPED_CHANNEL = 'backtest_sweep_stopped';

const ROW_COLUMNS = 'id, user_id, api_key_id, status, config, combinations, skipped, submitted_at, started_at, finished_at, progress, error';
const ACTIVE = `status IN ('queued', 'running')`;
const ABANDONED_CHUNK = `(c.status = 'running' AND (c.locked_until < now() OR c.locked_by IS NULL OR NOT ${isHeldSql('c.locked_by')}))`;

/** Per walk-forward window, the chunk's best combination on the train part. */
export interface WindowBest {
  index: number;
  params: Record<string, unknown>;
  metrics: RankedRow['metrics'];
}

export interface ClaimedChunk {
  sweep_id: string;
  seq: number;
  kind: 'combos' | 'final';
  first: number;
  count: number;
  user_id: number;
  config: SweepConfig;
}

export interface ChunkOutcome {
  rows: RankedRow[];
  best: (WindowBest | null)[];
}

export class SweepStore {
  constructor(
    private readonly orm: Orm,
    private readonly jobs: Pick<JobStore, 'lockRoomForRun'>,
  ) {}

  private execute<T>(sql: string, params: unknown[] = [], em?: EntityManager): Promise<T[]> {
    return nativeQuery<T>(em ?? this.orm.em.fork(), sql, params);
  }

  private transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional(work);
  }

  /** Inserts a queued sweep and its chunks unless the user is at the active limit (shared with jobs); null then. */
  async insertQueued(
    caller: Caller,
    id: string,
    sweep: { config: SweepConfig; combinations: number; skipped: number },
    chunks: { first: number; count: number }[],
  ): Promise<SweepStoredRow | null> {
    return this.transaction(async (em) => {
      if (!(await this.jobs.lockRoomForRun(caller.userId, em))) return null;
      const owner = ownerFor(caller);
      const units = chunks.reduce((total, chunk) => total + chunk.count, 0);
      const [row = null] = await this.execute<SweepStoredRow>(
        `INSERT INTO backtest_sweeps (id, user_id, api_key_id, status, template_id, config, combinations, skipped, units)
         VALUES (?, ?, ?, 'queued', ?, ?::jsonb, ?, ?, ?) RETURNING ${ROW_COLUMNS}, result`,
        [id, owner.userId, owner.apiKeyId, sweep.config.template_id, JSON.stringify(sweep.config), sweep.combinations, sweep.skipped, units],
        em,
      );
      const all = [...chunks.map((chunk) => ({ ...chunk, kind: 'combos' })), { first: 0, count: 0, kind: 'final' }];
      await this.execute(
        `INSERT INTO backtest_sweep_chunks (sweep_id, seq, kind, first, count)
         SELECT ?, seq - 1, kind, first, count FROM unnest(?::text[], ?::int[], ?::int[]) WITH ORDINALITY AS c(kind, first, count, seq)`,
        [
          id,
          `{${all.map((chunk) => chunk.kind).join(',')}}`,
          `{${all.map((chunk) => chunk.first).join(',')}}`,
          `{${all.map((chunk) => chunk.count).join(',')}}`,
        ],
        em,
      );
      await notify(em, SWEEPS_QUEUED_CHANNEL, id);
      return row;
    });
  }

  async list(caller: Caller, filters: ListFilters, after: CursorPosition | undefined, limit: number): Promise<SweepStoredRow[]> {
    const { where, params } = listConditions(caller, filters, after);
    // The list leaves out the leaderboard: only the result's other fields are read.
    return this.execute<SweepStoredRow>(
      `SELECT ${ROW_COLUMNS}, result - 'rows' AS result FROM backtest_sweeps WHERE ${where} ORDER BY submitted_at DESC, id DESC LIMIT ?`,
      [...params, limit],
    );
  }

  async get(caller: Caller, id: string): Promise<SweepStoredRow | undefined> {
    const owner = ownerSql(caller);
    const [row] = await this.execute<SweepStoredRow>(`SELECT ${ROW_COLUMNS}, result FROM backtest_sweeps WHERE id = ? AND ${owner.sql}`, [id, ...owner.params]);
    return row;
  }

  /** A sweep by id alone, for the subscription bridge (which checks the owner itself). */
  async getAny(id: string): Promise<SweepStoredRow | undefined> {
    const [row] = await this.execute<SweepStoredRow>(`SELECT ${ROW_COLUMNS}, result FROM backtest_sweeps WHERE id = ?`, [id]);
    return row;
  }

  /** The leaderboards of a sweep's finished chunks, for its leaderboard so far and for its final merge. */
  async chunkOutcomes(sweepId: string): Promise<ChunkOutcome[]> {
    return this.execute<ChunkOutcome>(`SELECT rows, best FROM backtest_sweep_chunks WHERE sweep_id = ? AND kind = 'combos' AND status = 'done' ORDER BY seq`, [
      sweepId,
    ]);
  }

  /** `undefined`: no such sweep for this caller; `terminal`: already ended. */
  async cancel(caller: Caller, id: string, reason: string | null): Promise<SweepStoredRow | 'terminal' | undefined> {
    return this.transaction(async (em) => {
      const owner = ownerSql(caller);
      const [current] = await this.execute<{ status: JobStatus }>(
        `SELECT status FROM backtest_sweeps WHERE id = ? AND ${owner.sql} FOR UPDATE`,
        [id, ...owner.params],
        em,
      );
      if (!current) return undefined;
      if (current.status !== 'queued' && current.status !== 'running') return 'terminal';
      const [row] = await this.execute<SweepStoredRow>(
        `UPDATE backtest_sweeps SET status = 'cancelled', finished_at = now(), cancel_reason = ?, result = NULL, error = NULL
          WHERE id = ? RETURNING ${ROW_COLUMNS}, result`,
        [reason, id],
        em,
      );
      await this.notifyChange(id, em);
      await notify(em, SWEEP_STOPPED_CHANNEL, id);
      return row;
    });
  }

  /**
   * Claims up to `limit` chunks of active sweeps, oldest sweep first: queued
   * ones, and running ones whose worker died with attempts left; a final
   * chunk only once its sweep's other chunks are done. Marks the sweeps running.
   */
  async claim(limit: number, workerId: number): Promise<ClaimedChunk[]> {
    return this.transaction(async (em) => {
      const rows = await this.execute<ClaimedChunk>(
        `WITH next AS (
           SELECT c.sweep_id, c.seq FROM backtest_sweep_chunks c JOIN backtest_sweeps s ON s.id = c.sweep_id
            WHERE s.${ACTIVE} AND (c.status = 'queued' OR (${ABANDONED_CHUNK} AND c.attempts < ?))
              AND (c.kind = 'combos' OR NOT EXISTS (
                    SELECT 1 FROM backtest_sweep_chunks o WHERE o.sweep_id = c.sweep_id AND o.kind = 'combos' AND o.status <> 'done'))
            ORDER BY s.submitted_at, c.seq LIMIT ? FOR UPDATE OF c SKIP LOCKED
         )
         UPDATE backtest_sweep_chunks c SET status = 'running', done = 0, attempts = c.attempts + 1, locked_by = ?,
                locked_until = now() + make_interval(secs => ?)
           FROM next, backtest_sweeps s
          WHERE c.sweep_id = next.sweep_id AND c.seq = next.seq AND s.id = c.sweep_id
         RETURNING c.sweep_id, c.seq, c.kind, c.first, c.count, s.user_id, s.config`,
        [MAX_ATTEMPTS, limit, workerId, LEASE_SECONDS],
        em,
      );
      const started = [...new Set(rows.map((row) => row.sweep_id))];
      if (started.length > 0) {
        await this.execute(
          `UPDATE backtest_sweeps SET status = 'running', started_at = coalesce(started_at, now()) WHERE id = ANY(?::text[]) AND status = 'queued'`,
          [`{${started.join(',')}}`],
          em,
        );
        for (const id of started) await this.notifyChange(id, em);
      }
      return rows;
    });
  }

  /** Fails sweeps with a chunk whose worker died on its last attempt. */
  async failAbandoned(): Promise<number> {
    const dead = await this.execute<{ sweep_id: string }>(
      `SELECT DISTINCT c.sweep_id FROM backtest_sweep_chunks c JOIN backtest_sweeps s ON s.id = c.sweep_id
        WHERE s.${ACTIVE} AND ${ABANDONED_CHUNK} AND c.attempts >= ?`,
      [MAX_ATTEMPTS],
    );
    for (const { sweep_id: id } of dead) {
      await this.fail(id, {
        code: 'ENGINE_ERROR',
        message: `the worker processes running a part of this sweep stopped ${MAX_ATTEMPTS} times; it is not retried again`,
      });
    }
    return dead.length;
  }

  /**
   * Stores a chunk's progress (combinations done), renews its lease and
   * recomputes the sweep's progress; false when the chunk is no longer this
   * worker's (sweep cancelled or ended, chunk taken over).
   */
  async heartbeat(sweepId: string, seq: number, workerId: number, done: number): Promise<boolean> {
    return this.transaction(async (em) => {
      const rows = await this.execute<{ seq: number }>(
        `UPDATE backtest_sweep_chunks c SET done = ?, locked_until = now() + make_interval(secs => ?)
           FROM backtest_sweeps s
          WHERE c.sweep_id = ? AND c.seq = ? AND c.status = 'running' AND c.locked_by = ? AND s.id = c.sweep_id AND s.status = 'running'
         RETURNING c.seq`,
        [done, LEASE_SECONDS, sweepId, seq, workerId],
        em,
      );
      if (rows.length === 0) return false;
      await this.updateProgress(sweepId, em);
      return true;
    });
  }

  /** Whether the chunk is still this worker's, in a running sweep. */
  async stillMine(sweepId: string, seq: number, workerId: number): Promise<boolean> {
    const rows = await this.execute(
      `SELECT 1 FROM backtest_sweep_chunks c JOIN backtest_sweeps s ON s.id = c.sweep_id
        WHERE c.sweep_id = ? AND c.seq = ? AND c.status = 'running' AND c.locked_by = ? AND s.status = 'running'`,
      [sweepId, seq, workerId],
    );
    return rows.length > 0;
  }

  /** Puts a chunk this worker is giving up (shutdown) back in the queue for another worker. */
  async release(sweepId: string, seq: number, workerId: number): Promise<void> {
    await this.execute(
      `UPDATE backtest_sweep_chunks SET status = 'queued', done = 0, attempts = greatest(attempts - 1, 0), locked_by = NULL, locked_until = NULL
        WHERE sweep_id = ? AND seq = ? AND status = 'running' AND locked_by = ?`,
      [sweepId, seq, workerId],
    );
    await notify(this.orm.em.fork(), SWEEPS_QUEUED_CHANNEL, sweepId);
  }

  /** Records a finished chunk's leaderboard and window bests; false when it was no longer this worker's. */
  async completeChunk(sweepId: string, seq: number, workerId: number, outcome: ChunkOutcome): Promise<boolean> {
    return this.transaction(async (em) => {
      const rows = await this.execute<{ seq: number }>(
        `UPDATE backtest_sweep_chunks SET status = 'done', done = count, rows = ?::jsonb, best = ?::jsonb, locked_by = NULL, locked_until = NULL
          WHERE sweep_id = ? AND seq = ? AND status = 'running' AND locked_by = ? RETURNING seq`,
        [JSON.stringify(outcome.rows), JSON.stringify(outcome.best), sweepId, seq, workerId],
        em,
      );
      if (rows.length === 0) return false;
      await this.updateProgress(sweepId, em);
      // The final chunk may have become claimable.
      await notify(em, SWEEPS_QUEUED_CHANNEL, sweepId);
      return true;
    });
  }

  /** Ends the sweep as done with its result and records `backtest.sweep_done`, if its final chunk is still this worker's. */
  async complete(sweepId: string, seq: number, workerId: number, result: SweepResult): Promise<boolean> {
    return this.transaction(async (em) => {
      const [chunk] = await this.execute<{ seq: number }>(
        `UPDATE backtest_sweep_chunks SET status = 'done', locked_by = NULL, locked_until = NULL
          WHERE sweep_id = ? AND seq = ? AND status = 'running' AND locked_by = ? RETURNING seq`,
        [sweepId, seq, workerId],
        em,
      );
      if (!chunk) return false;
      const [row] = await this.execute<SweepStoredRow>(
        `UPDATE backtest_sweeps SET status = 'done', progress = 1, result = ?::jsonb, finished_at = now()
          WHERE id = ? AND status = 'running' RETURNING ${ROW_COLUMNS}, result`,
        [JSON.stringify(result), sweepId],
        em,
      );
      if (!row) return false;
      await this.recordEnd(em, row);
      return true;
    });
  }

  /** Fails a running or queued sweep (an engine error in any chunk fails the whole sweep). */
  async fail(sweepId: string, error: JobError): Promise<boolean> {
    return this.transaction(async (em) => {
      const [row] = await this.execute<SweepStoredRow>(
        `UPDATE backtest_sweeps SET status = 'failed', result = NULL, error = ?::jsonb, finished_at = now()
          WHERE id = ? AND ${ACTIVE} RETURNING ${ROW_COLUMNS}, result`,
        [JSON.stringify(error), sweepId],
        em,
      );
      if (!row) return false;
      await this.recordEnd(em, row);
      await notify(em, SWEEP_STOPPED_CHANNEL, sweepId);
      return true;
    });
  }

  private async updateProgress(sweepId: string, em: EntityManager): Promise<void> {
    // Below 1 until the final chunk has merged the results: progress 1 means done.
    await this.execute(
      `UPDATE backtest_sweeps s SET progress = least(0.999, (SELECT coalesce(sum(done), 0) FROM backtest_sweep_chunks WHERE sweep_id = s.id)::float8 / greatest(s.units, 1))
        WHERE s.id = ? AND s.status = 'running'`,
      [sweepId],
      em,
    );
    await this.notifyChange(sweepId, em);
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

  private async notifyChange(id: string, em?: EntityManager): Promise<void> {
    await notify(em ?? this.orm.em.fork(), SWEEP_CHANGES_CHANNEL, id);
  }
}
