import { randomBytes } from 'node:crypto';
import { EventEmitter, on } from 'node:events';
import type { Caller } from '../../auth/caller';
import { AppError } from '../../errors/app-error';
import { parseOrInvalidParameter } from '../../errors/validation';
import { cancelSchema, listRuns } from './backtest-jobs.service';
import { MAX_ACTIVE_JOBS } from './backtest-jobs.store';
import type { SweepStore } from './backtest-sweeps.store';
import { TERMINAL_STATUSES } from './job-records';
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
  private readonly changes = new EventEmitter().setMaxListeners(0);

  constructor(private readonly store: SweepStore) {}

  async create(caller: Caller, input: unknown): Promise<SweepRecord> {
    const sweep = resolveSweep(input);
    const chunks = planChunks(sweep.combinations - sweep.skipped);
    const row = await this.store.insertQueued(caller, `sw_${randomBytes(4).toString('hex')}`, sweep, chunks);
    if (!row) {
      throw new AppError(
        'RATE_LIMITED',
        `at most ${MAX_ACTIVE_JOBS} backtest jobs and sweeps may be queued or running at once; wait for one to finish or cancel one`,
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
    const controller = new AbortController();
    // Listening starts before the first read, so a change between the two is not lost.
    const changes = on(this.changes, id, { signal: controller.signal }) as AsyncIterableIterator<[SweepRecord]>;
    const row = await this.store.get(caller, id);
    if (!row) {
      controller.abort();
      throw notFound();
    }
    return followSweep(await this.withLeaderboard(row), changes, controller);
  }

  /** A sweep changed (NOTIFY from any process): tell this process's subscribers of it, if any. */
  async sweepChanged(id: string): Promise<void> {
    if (this.changes.listenerCount(id) === 0) return;
    const row = await this.store.getAny(id);
    if (row) this.changes.emit(id, await this.withLeaderboard(row));
  }

  /** A running sweep shows the leaderboard of its finished chunks so far. */
  private async withLeaderboard(row: SweepStoredRow): Promise<SweepRecord> {
    if (row.status !== 'running') return sweepRecord(row, true);
    const outcomes = await this.store.chunkOutcomes(row.id);
    const rows = mergeLeaderboards(
      outcomes.map((outcome) => outcome.rows),
      row.config.objective,
      row.config.top,
    );
    return sweepRecord(row, true, rows.map(withoutIndex));
  }
}

async function* followSweep(first: SweepRecord, changes: AsyncIterableIterator<[SweepRecord]>, controller: AbortController): AsyncGenerator<SweepRecord> {
  try {
    let last = first;
    yield first;
    if (TERMINAL_STATUSES.includes(first.status)) return;
    for await (const [record] of changes) {
      if (record.status === last.status && record.progress === last.progress && record.result?.rows?.length === last.result?.rows?.length) continue;
      // Reads of two quick changes may answer out of order: an older running state never follows a newer one.
      if (record.status === 'running' && last.status === 'running' && record.progress < last.progress) continue;
      last = record;
      yield record;
      if (TERMINAL_STATUSES.includes(record.status)) return;
    }
  } finally {
    controller.abort();
  }
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'no such backtest sweep');
}
