import type { EntityManager } from '@mikro-orm/postgresql';
import type { Knex } from 'knex';
import type { Orm } from './orm';

/**
 * Runs SQL with its parameters sent to PostgreSQL as bound values, in `em`'s
 * transaction if it has one. MikroORM's `execute` inlines parameters into the
 * SQL text instead, which for a multi-megabyte JSON document or bytea means
 * escaping it character by character and PostgreSQL parsing it back.
 *
 * `preparedAs` names a statement run hundreds of times a second (a queue
 * claim): each connection then parses it once and PostgreSQL may reuse its
 * plan, where planning a large statement afresh costs about a millisecond.
 * The SQL text under one name must never vary (no array parameters, which
 * expand into a placeholder per element).
 */
export async function nativeQuery<T>(em: EntityManager, sql: string, params: unknown[], preparedAs?: string): Promise<T[]> {
  const query = em
    .getConnection()
    .getKnex()
    .raw(sql, params as Knex.RawBinding[]);
  if (preparedAs) query.options({ name: preparedAs });
  const transaction = em.getTransactionContext<Knex.Transaction>();
  if (transaction) query.transacting(transaction);
  const result = (await query) as { rows: T[] };
  return result.rows;
}

/**
 * The one way a store runs SQL (issue 25): each statement on a fresh fork of
 * the ORM's EntityManager or inside the transaction `em` carries, always
 * through `nativeQuery`, and transactions on a fresh fork. A store holds one
 * and declares no query helpers of its own.
 */
export class StoreSql {
  constructor(private readonly orm: Orm) {}

  all<T>(sql: string, params: unknown[] = [], em?: EntityManager): Promise<T[]> {
    return nativeQuery<T>(em ?? this.orm.em.fork(), sql, params);
  }

  /** A statement that always answers one row (a count, an INSERT … RETURNING). */
  async one<T>(sql: string, params: unknown[] = [], em?: EntityManager): Promise<T> {
    const [row] = await this.all<T>(sql, params, em);
    if (row === undefined) throw new Error('the statement answered no row');
    return row;
  }

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional(work);
  }
}

/** Raises a NOTIFY on `channel`, delivered to listeners when `em`'s transaction commits (at once outside one). */
export async function notify(em: EntityManager, channel: string, payload: string): Promise<void> {
  await nativeQuery(em, 'SELECT pg_notify(?, ?)', [channel, payload]);
}

/** `?, ?, …`, one placeholder per value, for an `IN (…)` list. */
export function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}
