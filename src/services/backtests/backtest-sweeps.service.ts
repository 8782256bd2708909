import { randomBytes } from 'node:crypto';
import type { Caller } from '../../auth/caller';
import { AppError } from '../../errors/app-error';
import { listRuns, RunResource } from './run-resource';
import { MAX_ACTIVE_RUNS } from './backtest-rules';
import type { BacktestSweepsStore } from './backtest-sweeps.store';
import type { SweepQueueStore } from './sweep-queue.store';
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
  private readonly runs: RunResource<SweepStoredRow, SweepRecord>;

  constructor(
    private readonly store: BacktestSweepsStore,
    private readonly queue: Pick<SweepQueueStore, 'enqueue' | 'chunkOutcomes'>,
  ) {
    this.runs = new RunResource(
      'sweep',
      store,
      (row) => this.withLeaderboard(row),
      (next, last) =>
        (next.status !== last.status || next.progress !== last.progress || next.result?.rows?.length !== last.result?.rows?.length) &&
        // Reads of two quick changes may answer out of order: an older running state never follows a newer one.
        !(next.status === 'running' && last.status === 'running' && next.progress < last.progress),
    );
  }

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

  get(caller: Caller, id: string): Promise<SweepRecord> {
    return this.runs.get(caller, id);
  }

  cancel(caller: Caller, id: string, input: unknown): Promise<SweepRecord> {
    return this.runs.cancel(caller, id, input);
  }

  /**
   * The `backtestSweep` subscription: the sweep now, then on each status,
   * progress or leaderboard change, ending after a terminal state. NOT_FOUND
   * (before any event) unless `caller` may see the sweep.
   */
  watch(caller: Caller, id: string): Promise<AsyncIterable<SweepRecord>> {
    return this.runs.watch(caller, id);
  }

  /** A sweep changed (NOTIFY from any process): tell this process's subscribers of it, if any. */
  sweepChanged(id: string): Promise<void> {
    return this.runs.changed(id);
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
