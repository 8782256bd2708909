import type { Caller } from '../../auth/caller';
import type { TrialSharpes } from '../../engine';
import type { Orm } from '../../db/orm';
import { notify, StoreSql } from '../../db/native-query';
import { isHeldSql } from '../../db/process-liveness';
import { LEASE_SECONDS, MAX_ATTEMPTS } from './backtest-jobs.store';
import { ACTIVE_SWEEP, type BacktestSweepsStore } from './backtest-sweeps.store';
import type { SweepConfig } from './sweep-config';
import type { RankedRow } from './sweep-leaderboard';
import type { SweepResult, SweepStoredRow } from './sweep-records';

/** Payload: a sweep id with a chunk to claim (a new sweep, a released chunk, a final chunk become claimable). */
export const SWEEPS_QUEUED_CHANNEL = 'backtest_sweeps_queued';

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
  /** Every combination's Sharpe ratio (per day), summed: for the deflated Sharpe ratio. Null for chunks stored before it was kept. */
  trial_sharpes: TrialSharpes | null;
}

/** A PostgreSQL array literal: the query builder would expand a JS array into a list of parameters. */
const arrayLiteral = (values: (string | number)[]) => `{${values.join(',')}}`;

/**
 * Every SQL statement of the sweeps' work queue. A sweep's work is a queue of
 * chunks (ranges of its valid combinations) that any worker process claims
 * with FOR UPDATE SKIP LOCKED under a lease and its liveness lock, as jobs are
 * claimed; the `final` chunk, claimable once every other chunk is done,
 * merges their leaderboards (and runs the walk-forward tests) and ends the
 * sweep. A chunk whose worker died is taken over at once. What the chunks do
 * to their sweep (running, progress, done, failed) is written through the
 * sweep store, in the chunk's transaction.
 */
export class SweepQueueStore {
  constructor(
    private readonly orm: Orm,
    private readonly sweeps: Pick<BacktestSweepsStore, 'insertQueued' | 'markRunning' | 'updateProgress' | 'finish' | 'fail'>,
  ) {}

  private readonly sql = new StoreSql(this.orm);

  /** Inserts a queued sweep and its chunks unless the user is at the active limit (shared with jobs); null then. */
  async enqueue(
    caller: Caller,
    id: string,
    sweep: { config: SweepConfig; combinations: number; skipped: number },
    chunks: { first: number; count: number }[],
    maxActiveRuns: number,
  ): Promise<SweepStoredRow | null> {
    return this.sql.transaction(async (em) => {
      const units = chunks.reduce((total, chunk) => total + chunk.count, 0);
      const row = await this.sweeps.insertQueued(caller, id, { ...sweep, units }, maxActiveRuns, em);
      if (!row) return null;
      const all = [...chunks.map((chunk) => ({ ...chunk, kind: 'combos' })), { first: 0, count: 0, kind: 'final' }];
      await this.sql.all(
        `INSERT INTO backtest_sweep_chunks (sweep_id, seq, kind, first, count)
         SELECT ?, seq - 1, kind, first, count FROM unnest(?::text[], ?::int[], ?::int[]) WITH ORDINALITY AS c(kind, first, count, seq)`,
        [id, arrayLiteral(all.map((chunk) => chunk.kind)), arrayLiteral(all.map((chunk) => chunk.first)), arrayLiteral(all.map((chunk) => chunk.count))],
        em,
      );
      await notify(em, SWEEPS_QUEUED_CHANNEL, id);
      return row;
    });
  }

  /** The leaderboards of a sweep's finished chunks, for its leaderboard so far and for its final merge. */
  async chunkOutcomes(sweepId: string): Promise<ChunkOutcome[]> {
    return this.sql.all<ChunkOutcome>(
      `SELECT rows, best, trial_sharpes FROM backtest_sweep_chunks WHERE sweep_id = ? AND kind = 'combos' AND status = 'done' ORDER BY seq`,
      [sweepId],
    );
  }

  /**
   * Claims up to `limit` chunks of active sweeps, oldest sweep first: queued
   * ones, and running ones whose worker died with attempts left; a final
   * chunk only once its sweep's other chunks are done. Marks the sweeps running.
   */
  async claim(limit: number, workerId: number): Promise<ClaimedChunk[]> {
    return this.sql.transaction(async (em) => {
      const rows = await this.sql.all<ClaimedChunk>(
        `WITH next AS (
           SELECT c.sweep_id, c.seq FROM backtest_sweep_chunks c JOIN backtest_sweeps s ON s.id = c.sweep_id
            WHERE s.${ACTIVE_SWEEP} AND (c.status = 'queued' OR (${ABANDONED_CHUNK} AND c.attempts < ?))
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
      if (started.length > 0) await this.sweeps.markRunning(started, em);
      return rows;
    });
  }

  /** Fails sweeps with a chunk whose worker died on its last attempt. */
  async failAbandoned(): Promise<number> {
    const dead = await this.sql.all<{ sweep_id: string }>(
      `SELECT DISTINCT c.sweep_id FROM backtest_sweep_chunks c JOIN backtest_sweeps s ON s.id = c.sweep_id
        WHERE s.${ACTIVE_SWEEP} AND ${ABANDONED_CHUNK} AND c.attempts >= ?`,
      [MAX_ATTEMPTS],
    );
    for (const { sweep_id: id } of dead) {
      await this.sweeps.fail(id, {
        code: 'ENGINE_ERROR',
        message: `the worker processes running a part of this sweep stopped ${MAX_ATTEMPTS} times; it is not retried again`,
      });
    }
    return dead.length;
  }

  /**
   * Stores a chunk's progress (combinations done; `loaded`: the share of the
   * sweep's history its process has loaded), renews its lease and recomputes
   * the sweep's progress; false when the chunk is no longer this worker's
   * (sweep cancelled or ended, chunk taken over).
   */
  async heartbeat(sweepId: string, seq: number, workerId: number, progress: { done: number; loaded: number }): Promise<boolean> {
    return this.sql.transaction(async (em) => {
      const rows = await this.sql.all<{ seq: number }>(
        `UPDATE backtest_sweep_chunks c SET done = ?, locked_until = now() + make_interval(secs => ?)
           FROM backtest_sweeps s
          WHERE c.sweep_id = ? AND c.seq = ? AND c.status = 'running' AND c.locked_by = ? AND s.id = c.sweep_id AND s.status = 'running'
         RETURNING c.seq`,
        [progress.done, LEASE_SECONDS, sweepId, seq, workerId],
        em,
      );
      if (rows.length === 0) return false;
      await this.sweeps.updateProgress(sweepId, progress.loaded, em);
      return true;
    });
  }

  /** Whether the chunk is still this worker's, in a running sweep. */
  async stillMine(sweepId: string, seq: number, workerId: number): Promise<boolean> {
    const rows = await this.sql.all(
      `SELECT 1 FROM backtest_sweep_chunks c JOIN backtest_sweeps s ON s.id = c.sweep_id
        WHERE c.sweep_id = ? AND c.seq = ? AND c.status = 'running' AND c.locked_by = ? AND s.status = 'running'`,
      [sweepId, seq, workerId],
    );
    return rows.length > 0;
  }

  /** Puts a chunk this worker is giving up (shutdown) back in the queue for another worker. */
  async release(sweepId: string, seq: number, workerId: number): Promise<void> {
    await this.sql.all(
      `UPDATE backtest_sweep_chunks SET status = 'queued', done = 0, attempts = greatest(attempts - 1, 0), locked_by = NULL, locked_until = NULL
        WHERE sweep_id = ? AND seq = ? AND status = 'running' AND locked_by = ?`,
      [sweepId, seq, workerId],
    );
    await notify(this.orm.em.fork(), SWEEPS_QUEUED_CHANNEL, sweepId);
  }

  /** Records a finished chunk's leaderboard and window bests; false when it was no longer this worker's. */
  async completeChunk(sweepId: string, seq: number, workerId: number, outcome: ChunkOutcome): Promise<boolean> {
    return this.sql.transaction(async (em) => {
      const rows = await this.sql.all<{ seq: number }>(
        `UPDATE backtest_sweep_chunks SET status = 'done', done = count, rows = ?::jsonb, best = ?::jsonb, trial_sharpes = ?::jsonb,
          locked_by = NULL, locked_until = NULL
          WHERE sweep_id = ? AND seq = ? AND status = 'running' AND locked_by = ? RETURNING seq`,
        [JSON.stringify(outcome.rows), JSON.stringify(outcome.best), JSON.stringify(outcome.trial_sharpes), sweepId, seq, workerId],
        em,
      );
      if (rows.length === 0) return false;
      // The chunk ran every combination: its process had the whole history.
      await this.sweeps.updateProgress(sweepId, 1, em);
      // The final chunk may have become claimable.
      await notify(em, SWEEPS_QUEUED_CHANNEL, sweepId);
      return true;
    });
  }

  /** Ends the sweep as done with its result and records `backtest.sweep_done`, if its final chunk is still this worker's. */
  async complete(sweepId: string, seq: number, workerId: number, result: SweepResult): Promise<boolean> {
    return this.sql.transaction(async (em) => {
      const [chunk] = await this.sql.all<{ seq: number }>(
        `UPDATE backtest_sweep_chunks SET status = 'done', locked_by = NULL, locked_until = NULL
          WHERE sweep_id = ? AND seq = ? AND status = 'running' AND locked_by = ? RETURNING seq`,
        [sweepId, seq, workerId],
        em,
      );
      return chunk !== undefined && (await this.sweeps.finish(sweepId, result, em));
    });
  }
}
