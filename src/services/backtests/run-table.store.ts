import type { EntityManager } from '@mikro-orm/postgresql';
import { ownedBy, type Caller } from '../../auth/caller';
import type { StoreSql } from '../../db/native-query';
import type { CursorPosition } from '../pagination';
import type { JobStatus } from './run-records';

/**
 * The statements backtest jobs and sweeps run alike, on their own table: the
 * two tables share the owner, status and submission columns, and one limit
 * of runs queued or running per user.
 */

export interface ListFilters {
  status?: JobStatus;
  template_id?: string;
  from?: Date;
  to?: Date;
}

/** The owner condition of a job or sweep the caller may see (see `ownedBy`). */
export function ownerSql(caller: Caller): { sql: string; params: unknown[] } {
  const owner = ownedBy(caller);
  return owner.apiKeyId === undefined
    ? { sql: 'user_id = ?', params: [owner.userId] }
    : { sql: 'user_id = ? AND api_key_id = ?', params: [owner.userId, owner.apiKeyId] };
}

/** The WHERE clause of a newest-first list of jobs or sweeps. */
export function listConditions(caller: Caller, filters: ListFilters, after: CursorPosition | undefined): { where: string; params: unknown[] } {
  const owner = ownerSql(caller);
  const where = [owner.sql];
  const params: unknown[] = [...owner.params];
  const add = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    params.push(...values);
  };
  if (filters.status) add('status = ?', filters.status);
  if (filters.template_id) add('template_id = ?', filters.template_id);
  if (filters.from) add('submitted_at >= ?', filters.from);
  if (filters.to) add('submitted_at < ?', filters.to);
  if (after) add('(submitted_at, id) < (?, ?)', after.at, after.id);
  return { where: where.join(' AND '), params };
}

/**
 * Contract §13: jobs and sweeps share one limit of runs queued or running
 * per user. Takes the user's creation lock (until `em`'s transaction ends)
 * and says whether one more than the `maxActiveRuns` there may start.
 */
export async function lockRoomForRun(sql: StoreSql, userId: number, maxActiveRuns: number, em: EntityManager): Promise<boolean> {
  await sql.all(`SELECT pg_advisory_xact_lock(hashtext('backtest_jobs'), ?)`, [userId], em);
  const { room } = await sql.one<{ room: boolean }>(
    `SELECT (SELECT count(*) FROM backtest_jobs WHERE user_id = ? AND status IN ('queued', 'running'))
          + (SELECT count(*) FROM backtest_sweeps WHERE user_id = ? AND status IN ('queued', 'running')) < ? AS room`,
    [userId, userId, maxActiveRuns],
    em,
  );
  return room;
}

/** The reads and the cancel of one run table; `Row` is what `columns` select. */
export class RunTable<Row> {
  constructor(
    private readonly sql: StoreSql,
    private readonly table: 'backtest_jobs' | 'backtest_sweeps',
  ) {}

  list(columns: string, caller: Caller, filters: ListFilters, after: CursorPosition | undefined, limit: number): Promise<Row[]> {
    const { where, params } = listConditions(caller, filters, after);
    return this.sql.all<Row>(`SELECT ${columns} FROM ${this.table} WHERE ${where} ORDER BY submitted_at DESC, id DESC LIMIT ?`, [...params, limit]);
  }

  /** The caller's run, or with `caller` null anyone's (for the subscription bridge, which checks the owner itself). */
  async get(columns: string, caller: Caller | null, id: string): Promise<Row | undefined> {
    const owner = caller ? ownerSql(caller) : { sql: 'true', params: [] };
    const [row] = await this.sql.all<Row>(`SELECT ${columns} FROM ${this.table} WHERE id = ? AND ${owner.sql}`, [id, ...owner.params]);
    return row;
  }

  /**
   * Cancels the caller's queued or running run: `clear` is the rest of its
   * SET list, `returning` the columns answered, `cancelled` what else the
   * transaction does. `undefined`: no such run for this caller; `terminal`:
   * already ended.
   */
  cancel(
    caller: Caller,
    id: string,
    reason: string | null,
    cancelling: { clear: string; returning: string; cancelled: (em: EntityManager) => Promise<void> },
  ): Promise<Row | 'terminal' | undefined> {
    return this.sql.transaction(async (em) => {
      const owner = ownerSql(caller);
      const [current] = await this.sql.all<{ status: JobStatus }>(
        `SELECT status FROM ${this.table} WHERE id = ? AND ${owner.sql} FOR UPDATE`,
        [id, ...owner.params],
        em,
      );
      if (!current) return undefined;
      if (current.status !== 'queued' && current.status !== 'running') return 'terminal';
      const [row] = await this.sql.all<Row>(
        `UPDATE ${this.table} SET status = 'cancelled', finished_at = now(), cancel_reason = ?, ${cancelling.clear}
          WHERE id = ? RETURNING ${cancelling.returning}`,
        [reason, id],
        em,
      );
      await cancelling.cancelled(em);
      return row;
    });
  }
}
