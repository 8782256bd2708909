import { randomBytes } from 'node:crypto';
import type { Caller } from '../../auth/caller';
import { resolveJobConfig, type JobConfig } from './job-config';
import { jobRecord, type JobRecord, type JobRow } from './job-records';
import { listRuns, pageOfRuns, parseListQuery, RunResource } from './run-resource';
import type { BacktestJobsStore } from './backtest-jobs.store';
import { MAX_ACTIVE_RUNS } from './backtest-rules';
import { templateCatalogue, type BacktestResult, type TemplateListing } from '../../engine';
import { validateExpression, type ExpressionValidation } from './expression-validation';
import { AppError } from '../../errors/app-error';
import type { StrategiesService } from '../strategies/strategies.service';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Spec "Backtest jobs" and contract §7: the job API of both edges. Jobs run in the backtest worker (backtest-runner.ts beside this file). */
export class BacktestJobsService {
  private readonly runs: RunResource<JobRow, JobRecord>;

  constructor(
    private readonly store: BacktestJobsStore,
    private readonly strategies: Pick<StrategiesService, 'configForBacktest'>,
  ) {
    this.runs = new RunResource(
      'job',
      {
        get: (caller, id) => store.get(caller, id, true),
        getAny: (id) => store.getAny(id, true),
        cancel: (caller, id, reason) => store.cancel(caller, id, reason),
      },
      (row) => jobRecord(row, true),
      // Progress updates renew a lease too; only what a subscriber can see counts as a change.
      (next, last) => next.status !== last.status || next.progress !== last.progress,
    );
  }

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

  get(caller: Caller, id: string): Promise<JobRecord> {
    return this.runs.get(caller, id);
  }

  /** A done job's whole result, for the CSV downloads (contract §18): INVALID_STATE before `done`. */
  async doneResult(caller: Caller, id: string): Promise<BacktestResult> {
    const row = await this.store.get(caller, id, true);
    if (!row) throw this.runs.notFound();
    if (row.status !== 'done' || !row.result) throw new AppError('INVALID_STATE', `the job is ${row.status}; its trades and curve exist once it is done`);
    return row.result;
  }

  cancel(caller: Caller, id: string, input: unknown): Promise<JobRecord> {
    return this.runs.cancel(caller, id, input);
  }

  /**
   * The `backtestJob` subscription: the job now, then on each status or
   * progress change, ending after a terminal state. NOT_FOUND (before any
   * event) unless `caller` may see the job.
   */
  watch(caller: Caller, id: string): Promise<AsyncIterable<JobRecord>> {
    return this.runs.watch(caller, id);
  }

  /** A job changed (NOTIFY from any process): tell this process's subscribers of it, if any. */
  jobChanged(id: string): Promise<void> {
    return this.runs.changed(id);
  }
}
