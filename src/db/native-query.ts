import type { EntityManager } from '@mikro-orm/postgresql';
import type { Knex } from 'knex';

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

/** Raises a NOTIFY on `channel`, delivered to listeners when `em`'s transaction commits (at once outside one). */
export async function notify(em: EntityManager, channel: string, payload: string): Promise<void> {
  await nativeQuery(em, 'SELECT pg_notify(?, ?)', [channel, payload]);
}

/** `?, ?, …`, one placeholder per value, for an `IN (…)` list. */
export function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}
