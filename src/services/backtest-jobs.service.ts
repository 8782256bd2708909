import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Caller } from '../auth/caller';
import { isoUtc, resolveJobConfig, type JobConfig } from '../backtest/job-config';
import { JOB_STATUSES, jobRecord, type JobRecord, type JobRow } from '../backtest/job-records';
import { MAX_ACTIVE_JOBS, type JobStore } from '../backtest/job-store';
import { templateCatalogue, type TemplateListing } from '../engine';
import { AppError } from '../errors/app-error';
import { parseOrInvalidParameter } from '../errors/validation';
import { decodeCursor, pageOf } from './pagination';

const listSchema = z.object({
  status: z.enum(JOB_STATUSES).optional(),
  template_id: z.string().min(1).optional(),
  from: isoUtc.optional(),
  to: isoUtc.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().optional(),
});

const cancelSchema = z.object({ reason: z.string().max(200).optional() });

/** Spec "Backtest jobs" and contract §7: the job API of both edges. Jobs run in the backtest worker (workers/backtest-runner.ts). */
export class BacktestJobsService {
  constructor(private readonly store: JobStore) {}

  templates(): TemplateListing[] {
    return templateCatalogue();
  }

  async create(caller: Caller, input: unknown): Promise<JobRecord> {
    const config = this.resolveConfig(caller, input);
    const row = await this.store.insertQueued(caller, `bt_${randomBytes(4).toString('hex')}`, config);
    if (!row) throw new AppError('RATE_LIMITED', `at most ${MAX_ACTIVE_JOBS} backtest jobs may be queued or running at once; wait for one to finish or cancel one`);
    return jobRecord(row, true);
  }

  /**
   * The request → the resolved config. A stored strategy's config (spec
   * `strategy_id`) is to be merged in here, as the base the request overrides,
   * before validation.
   */
  resolveConfig(_caller: Caller, input: unknown): JobConfig {
    return resolveJobConfig(input);
  }

  async list(caller: Caller, query: unknown): Promise<{ data: JobRecord[]; next_cursor: string | null }> {
    const { limit, cursor, ...filters } = parseOrInvalidParameter(listSchema, query ?? {});
    const after = cursor ? decodeCursor(cursor, filters) : undefined;
    const rows = await this.store.list(
      caller,
      { status: filters.status, template_id: filters.template_id, from: filters.from ? new Date(filters.from) : undefined, to: filters.to ? new Date(filters.to) : undefined },
      after,
      limit + 1,
    );
    const page = pageOf(rows, limit, (row: JobRow) => ({ at: new Date(row.submitted_at), id: row.id }), filters);
    return { data: page.data.map((row) => jobRecord(row, false)), next_cursor: page.next_cursor };
  }

  async get(caller: Caller, id: string): Promise<JobRecord> {
    const row = await this.store.get(caller, id, true);
    if (!row) throw notFound();
    return jobRecord(row, true);
  }

  async cancel(caller: Caller, id: string, input: unknown): Promise<JobRecord> {
    const { reason } = parseOrInvalidParameter(cancelSchema, input ?? {});
    const outcome = await this.store.cancel(caller, id, reason ?? null);
    if (!outcome) throw notFound();
    if (outcome === 'terminal') throw new AppError('INVALID_STATE', 'the job has already ended (done, failed or cancelled)');
    return jobRecord(outcome, true);
  }

  /** For the `backtestJob` subscription: the job if `caller` may see it. */
  async visibleTo(caller: Caller, id: string): Promise<JobRecord | undefined> {
    const row = await this.store.get(caller, id, true);
    return row ? jobRecord(row, true) : undefined;
  }
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'no such backtest job');
}
