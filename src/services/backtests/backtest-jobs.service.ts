import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Caller } from '../../auth/caller';
import { isoUtc, resolveJobConfig, type JobConfig } from './job-config';
import { jobRecord, type JobRecord } from './job-records';
import { JOB_STATUSES } from './run-records';
import { RunWatchers } from './run-watchers';
import type { BacktestJobsStore } from './backtest-jobs.store';
import type { ListFilters } from './run-table.store';
import { MAX_ACTIVE_RUNS } from './backtest-rules';
import { templateCatalogue, type BacktestResult, type TemplateListing } from '../../engine';
import { validateExpression, type ExpressionValidation } from './expression-validation';
import { AppError } from '../../errors/app-error';
import { parseOrInvalidParameter } from '../../errors/validation';
import { decodeCursor, pageOf, type CursorPosition } from '../pagination';
import type { StrategiesService } from '../strategies/strategies.service';

/** `status`, `limit`, `cursor` and the other filters of the job list; the sweep list takes the same (contract §13). */
export const listSchema = z.object({
  status: z.enum(JOB_STATUSES).optional(),
  template_id: z.string().min(1).optional(),
  from: isoUtc.optional(),
  to: isoUtc.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().optional(),
});

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const cancelSchema = z.object({ reason: z.string().max(200).optional() });

/** A list query checked: the store's filters, the cursor's position, and what `pageOf` needs to cut pages. */
interface ListQuery {
  filters: ListFilters;
  after: CursorPosition | undefined;
  limit: number;
  /** The wire filters a cursor is bound to. */
  cursorFilters: Record<string, unknown>;
}

function parseListQuery(query: unknown): ListQuery {
  const { limit, cursor, ...cursorFilters } = parseOrInvalidParameter(listSchema, query ?? {});
  return {
    filters: {
      status: cursorFilters.status,
      template_id: cursorFilters.template_id,
      from: cursorFilters.from ? new Date(cursorFilters.from) : undefined,
      to: cursorFilters.to ? new Date(cursorFilters.to) : undefined,
    },
    after: cursor ? decodeCursor(cursor, cursorFilters) : undefined,
    limit,
    cursorFilters,
  };
}

function pageOfRuns<Row extends { id: string; submitted_at: Date | string }, Wire>(
  rows: Row[],
  { limit, cursorFilters }: ListQuery,
  toRecord: (row: Row) => Wire,
): { data: Wire[]; next_cursor: string | null } {
  const page = pageOf(rows, limit, (row) => ({ at: new Date(row.submitted_at), id: row.id }), cursorFilters);
  return { data: page.data.map(toRecord), next_cursor: page.next_cursor };
}

/**
 * A newest-first page of jobs or sweeps (contract §7, §13: the same filters,
 * limit and cursor rules); `load` reads the rows, `toRecord` shapes each.
 */
export async function listRuns<Row extends { id: string; submitted_at: Date | string }, Wire>(
  query: unknown,
  load: (filters: ListFilters, after: CursorPosition | undefined, limit: number) => Promise<Row[]>,
  toRecord: (row: Row) => Wire,
): Promise<{ data: Wire[]; next_cursor: string | null }> {
  const list = parseListQuery(query);
  return pageOfRuns(await load(list.filters, list.after, list.limit + 1), list, toRecord);
}

/** Spec "Backtest jobs" and contract §7: the job API of both edges. Jobs run in the backtest worker (backtest-runner.ts beside this file). */
export class BacktestJobsService {
  /** Changes of jobs watched by this process's subscribers, keyed by job id; fed by the subscription bridge. */
  // Progress updates renew a lease too; only what a subscriber can see counts as a change.
  private readonly watchers = new RunWatchers<JobRecord>((next, last) => next.status !== last.status || next.progress !== last.progress);

  constructor(
    private readonly store: BacktestJobsStore,
    private readonly strategies: Pick<StrategiesService, 'configForBacktest'>,
  ) {}

  templates(): TemplateListing[] {
    return templateCatalogue();
  }

  /** Contract §17: checks an `expression` template's rules without creating a job. */
  validateExpression(input: unknown): ExpressionValidation {
    return validateExpression(input);
  }

  async create(caller: Caller, input: unknown): Promise<JobRecord> {
    const { config, strategyId } = await this.resolveConfig(caller, input);
    const row = await this.store.insertQueued(caller, `bt_${randomBytes(4).toString('hex')}`, config, strategyId, MAX_ACTIVE_RUNS);
    if (!row)
      throw new AppError('RATE_LIMITED', `at most ${MAX_ACTIVE_RUNS} backtest jobs may be queued or running at once; wait for one to finish or cancel one`);
    return jobRecord(row, true);
  }

  /**
   * The request → the resolved config. With `strategy_id` the stored
   * strategy's config is the base and each field present in the request
   * overrides it whole (spec "Create"); the merge is validated like any
   * request. The job remembers the strategy (`SignedStrategy.backtestJobs`).
   */
  private async resolveConfig(caller: Caller, input: unknown): Promise<{ config: JobConfig; strategyId: string | null }> {
    if (!isPlainObject(input)) return { config: resolveJobConfig(input), strategyId: null };
    const { strategy_id: strategyId, ...overrides } = input;
    if (strategyId === undefined || strategyId === null) return { config: resolveJobConfig(overrides), strategyId: null };
    if (typeof strategyId !== 'string' || strategyId.length === 0) {
      throw new AppError('INVALID_PARAMETER', 'strategy_id: must be a strategy id string', { field: 'strategy_id' });
    }
    const base = await this.strategies.configForBacktest(caller, strategyId).catch((error: unknown) => {
      // A missing (or another key's) strategy is as unusable as a deleted one: the spec's answer is 409.
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('INVALID_STATE', 'strategy_id refers to no usable strategy');
      throw error;
    });
    const present = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined && value !== null));
    return { config: resolveJobConfig({ ...base, ...present }), strategyId };
  }

  async list(caller: Caller, query: unknown): Promise<{ data: JobRecord[]; next_cursor: string | null }> {
    return listRuns(
      query,
      (filters, after, limit) => this.store.list(caller, filters, after, limit),
      (row) => jobRecord(row, false),
    );
  }

  /**
   * `SignedStrategy.backtestJobs`: for each strategy id, in order, the page
   * of the caller's jobs created from it, with the job list's filters, limit
   * and cursor rules; one statement for all of them.
   */
  async pagesByStrategy(caller: Caller, strategyIds: readonly string[], query: unknown): Promise<{ data: JobRecord[]; next_cursor: string | null }[]> {
    const list = parseListQuery(query);
    const rows = await this.store.pagesByStrategy(caller, strategyIds, list.filters, list.after, list.limit + 1);
    return strategyIds.map((id) =>
      pageOfRuns(
        rows.filter((row) => row.strategy_id === id),
        list,
        (row) => jobRecord(row, false),
      ),
    );
  }

  /** `BacktestJob.strategy`: the strategy each of the caller's jobs was created from; absent when none. */
  strategyIdsOf(caller: Caller, jobIds: readonly string[]): Promise<Map<string, string>> {
    return this.store.strategyIdsOf(caller, jobIds);
  }

  async get(caller: Caller, id: string): Promise<JobRecord> {
    const row = await this.store.get(caller, id, true);
    if (!row) throw notFound();
    return jobRecord(row, true);
  }

  /** A done job's whole result, for the CSV downloads (contract §18): INVALID_STATE before `done`. */
  async doneResult(caller: Caller, id: string): Promise<BacktestResult> {
    const row = await this.store.get(caller, id, true);
    if (!row) throw notFound();
    if (row.status !== 'done' || !row.result) throw new AppError('INVALID_STATE', `the job is ${row.status}; its trades and curve exist once it is done`);
    return row.result;
  }

  async cancel(caller: Caller, id: string, input: unknown): Promise<JobRecord> {
    const { reason } = parseOrInvalidParameter(cancelSchema, input ?? {});
    const outcome = await this.store.cancel(caller, id, reason ?? null);
    if (!outcome) throw notFound();
    if (outcome === 'terminal') throw new AppError('INVALID_STATE', 'the job has already ended (done, failed or cancelled)');
    return jobRecord(outcome, true);
  }

  /**
   * The `backtestJob` subscription: the job now, then on each status or
   * progress change, ending after a terminal state. NOT_FOUND (before any
   * event) unless `caller` may see the job.
   */
  async watch(caller: Caller, id: string): Promise<AsyncIterable<JobRecord>> {
    const runs = await this.watchers.watch(id, async () => {
      const row = await this.store.get(caller, id, true);
      return row && jobRecord(row, true);
    });
    if (!runs) throw notFound();
    return runs;
  }

  /** A job changed (NOTIFY from any process): tell this process's subscribers of it, if any. */
  jobChanged(id: string): Promise<void> {
    return this.watchers.changed(id, async () => {
      const row = await this.store.getAny(id, true);
      return row && jobRecord(row, true);
    });
  }
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'no such backtest job');
}
