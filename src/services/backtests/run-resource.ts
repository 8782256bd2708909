import type { Caller } from '../../auth/caller';
import { AppError } from '../../errors/app-error';
import { parseOrInvalidParameter } from '../../errors/validation';
import { decodeCursor, pageOf, type CursorPosition } from '../pagination';
import { cancelSchema, listSchema } from './run-input';
import type { JobStatus } from './run-records';
import type { ListFilters } from './run-table.store';
import { RunWatchers } from './run-watchers';

/** A list query checked: the store's filters, the cursor's position, and what `pageOf` needs to cut pages. */
export interface ListQuery {
  filters: ListFilters;
  after: CursorPosition | undefined;
  limit: number;
  /** The wire filters a cursor is bound to. */
  cursorFilters: Record<string, unknown>;
}

export function parseListQuery(query: unknown): ListQuery {
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

export function pageOfRuns<Row extends { id: string; submitted_at: Date | string }, Wire>(
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

/** How a run kind's store reads and cancels its rows. */
export interface RunRows<Row> {
  get(caller: Caller, id: string): Promise<Row | undefined>;
  /** By id alone, for the subscription bridge. */
  getAny(id: string): Promise<Row | undefined>;
  cancel(caller: Caller, id: string, reason: string | null): Promise<Row | 'terminal' | undefined>;
}

/**
 * What the job and the sweep APIs answer alike about one run: get, cancel
 * and the subscription (the run now, then on each change a subscriber can
 * see, ending after a terminal state), over the kind's store and the shape
 * of its whole resource.
 */
export class RunResource<Row, Run extends { status: JobStatus; progress: number }> {
  /** The subscribers of this process, keyed by run id; fed by the kind's subscription bridge. */
  private readonly watchers: RunWatchers<Run>;

  constructor(
    private readonly kind: 'job' | 'sweep',
    private readonly rows: RunRows<Row>,
    private readonly record: (row: Row) => Run | Promise<Run>,
    /** Whether a re-read run differs from the last one yielded in a way a subscriber can see. */
    isNews: (next: Run, last: Run) => boolean,
  ) {
    this.watchers = new RunWatchers<Run>(isNews);
  }

  async get(caller: Caller, id: string): Promise<Run> {
    const row = await this.rows.get(caller, id);
    if (!row) throw this.notFound();
    return this.record(row);
  }

  async cancel(caller: Caller, id: string, input: unknown): Promise<Run> {
    const { reason } = parseOrInvalidParameter(cancelSchema, input ?? {});
    const outcome = await this.rows.cancel(caller, id, reason ?? null);
    if (!outcome) throw this.notFound();
    if (outcome === 'terminal') throw new AppError('INVALID_STATE', `the ${this.kind} has already ended (done, failed or cancelled)`);
    return this.record(outcome);
  }

  /** The subscription; NOT_FOUND (before any event) unless `caller` may see the run. */
  async watch(caller: Caller, id: string): Promise<AsyncIterable<Run>> {
    const runs = await this.watchers.watch(id, async () => {
      const row = await this.rows.get(caller, id);
      return row && this.record(row);
    });
    if (!runs) throw this.notFound();
    return runs;
  }

  /** A run changed (NOTIFY from any process): tell this process's subscribers of it, if any. */
  changed(id: string): Promise<void> {
    return this.watchers.changed(id, async () => {
      const row = await this.rows.getAny(id);
      return row && this.record(row);
    });
  }

  notFound(): AppError {
    return new AppError('NOT_FOUND', `no such backtest ${this.kind}`);
  }
}
