import { randomBytes } from 'node:crypto';
import type { Caller } from '../../auth/caller';
import { AppError } from '../../errors/app-error';
import { parseOrInvalidParameter } from '../../errors/validation';
import { cancelSchema, listRuns } from './backtest-jobs.service';
import { MAX_ACTIVE_RUNS } from './backtest-rules';
import type { BacktestSweepsStore } from './backtest-sweeps.store';
import type { SweepQueueStore } from './sweep-queue.store';
import { RunWatchers } from './run-watchers';
import { resolveSweep } from './sweep-config';
import { mergeLeaderboards, withoutIndex } from './sweep-leaderboard';
import { sweepRecord, type SweepRecord, type SweepStoredRow } from './sweep-records';

/** Chunks per sweep to aim for: enough to keep every thread of several processes busy and lose little to a takeover. */
const TARGET_CHUNKS = 64;
/** Combinations per chunk at most: a chunk reports progress per combination, but is taken over whole. */
const MAX_CHUNK = 50;

/** Ranges of the valid combinations, in order. */
export function planChunks(valid: number): { first: number; count: number }[] {
  const size = Math.min(MAX_CHUNK, Math.max(1, Math.ceil(valid / TARGET_CHUNKS)));
  return Array.from({ length: Math.ceil(valid / size) }, (_, index) => ({ first: index * size, count: Math.min(size, valid - index * size) }));
}

/** Contract §13: the sweep API of both edges. Sweeps run in the backtest worker (sweep-runner.ts). */
export class BacktestSweepsService {
  /** Changes of sweeps watched by this process's subscribers, keyed by sweep id; fed by the subscription bridge. */
  private readonly watchers = new RunWatchers<SweepRecord>(
    (next, last) =>
      (next.status !== last.status || next.progress !== last.progress || next.result?.rows?.length !== last.result?.rows?.length) &&
      // Reads of two quick changes may answer out of order: an older running state never follows a newer one.
      !(next.status === 'running' && last.status === 'running' && next.progress < last.progress),
  );

  constructor(
    private readonly store: BacktestSweepsStore,
    private readonly queue: Pick<SweepQueueStore, 'enqueue' | 'chunkOutcomes'>,
  ) {}

  async create(caller: Caller, input: unknown): Promise<SweepRecord> {
    const sweep = resolveSweep(input);
    const chunks = planChunks(sweep.combinations - sweep.skipped);
    const row = await this.queue.enqueue(caller, `sw_${randomBytes(4).toString('hex')}`, sweep, chunks, MAX_ACTIVE_RUNS);
    if (!row) {
      throw new AppError(
        'RATE_LIMITED',
        `at most ${MAX_ACTIVE_RUNS} backtest jobs and sweeps may be queued or running at once; wait for one to finish or cancel one`,
      );
    }
    return sweepRecord(row, true);
  }

  async list(caller: Caller, query: unknown): Promise<{ data: SweepRecord[]; next_cursor: string | null }> {
    return listRuns(
      query,
      (filters, after, limit) => this.store.list(caller, filters, after, limit),
      (row) => sweepRecord(row, false),
    );
  }

  async get(caller: Caller, id: string): Promise<SweepRecord> {
    const row = await this.store.get(caller, id);
    if (!row) throw notFound();
    return this.withLeaderboard(row);
  }

  async cancel(caller: Caller, id: string, input: unknown): Promise<SweepRecord> {
    const { reason } = parseOrInvalidParameter(cancelSchema, input ?? {});
    const outcome = await this.store.cancel(caller, id, reason ?? null);
    if (!outcome) throw notFound();
    if (outcome === 'terminal') throw new AppError('INVALID_STATE', 'the sweep has already ended (done, failed or cancelled)');
    return sweepRecord(outcome, true);
  }

  /**
   * The `backtestSweep` subscription: the sweep now, then on each status,
   * progress or leaderboard change, ending after a terminal state. NOT_FOUND
   * (before any event) unless `caller` may see the sweep.
   */
  async watch(caller: Caller, id: string): Promise<AsyncIterable<SweepRecord>> {
    const runs = await this.watchers.watch(id, async () => {
      const row = await this.store.get(caller, id);
      return row && this.withLeaderboard(row);
    });
    if (!runs) throw notFound();
    return runs;
  }

  /** A sweep changed (NOTIFY from any process): tell this process's subscribers of it, if any. */
  sweepChanged(id: string): Promise<void> {
    return this.watchers.changed(id, async () => {
      const row = await this.store.getAny(id);
      return row && this.withLeaderboard(row);
    });
  }

  /** A running sweep shows the leaderboard of its finished chunks so far. */
  private async withLeaderboard(row: SweepStoredRow): Promise<SweepRecord> {
    if (row.status !== 'running') return sweepRecord(row, true);
    const outcomes = await this.queue.chunkOutcomes(row.id);
    const rows = mergeLeaderboards(
      outcomes.map((outcome) => outcome.rows),
      row.config.objective,
      row.config.top,
    );
    return sweepRecord(row, true, rows.map(withoutIndex));
  }
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'no such backtest sweep');
}
