import { MikroORM, defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ENTITIES } from '../entities';
import type { Logger } from '../observability/logger';
import { MIGRATIONS } from './migrations';

export type Orm = MikroORM;

/** How long any one statement may take, and how long to wait for a connection (contract §14: a frozen database answers 503, it does not hang requests). */
export interface DatabaseTimeouts {
  statementTimeoutMs: number;
  connectTimeoutMs: number;
}

export function ormOptions(databaseUrl: string, timeouts: DatabaseTimeouts, logger?: Logger) {
  return defineConfig({
    clientUrl: databaseUrl,
    entities: ENTITIES,
    extensions: [Migrator],
    // Timestamps without zone are written and read as UTC whatever the host's TZ.
    forceUtcTimezone: true,
    // Webhook attempts, backtest jobs and API requests share the pool; 20 keeps one busy worker from starving requests.
    pool: { min: 0, max: 20 },
    driverOptions: {
      connection: {
        // Server side: a slow statement is cancelled (57014) and its connection stays usable.
        statement_timeout: timeouts.statementTimeoutMs,
        // Client side, for a server that does not answer at all (stopped, frozen, cut off): a little later than the server's own limit.
        query_timeout: timeouts.statementTimeoutMs + 1000,
        connectionTimeoutMillis: timeouts.connectTimeoutMs,
        keepAlive: true,
      },
      // Waiting for a free pooled connection counts against the same few seconds.
      acquireConnectionTimeout: timeouts.connectTimeoutMs + timeouts.statementTimeoutMs,
      // knex prints pool trouble ("Connection Error: ...") with console.log; keep it in the structured log, one line each.
      log: {
        warn: (message: unknown) => logger?.warn({ component: 'knex' }, String(message)),
        error: (message: unknown) => logger?.warn({ component: 'knex' }, String(message)),
        deprecate: (message: unknown) => logger?.debug({ component: 'knex' }, String(message)),
        debug: (message: unknown) => logger?.debug({ component: 'knex' }, String(message)),
      },
    },
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, tableName: 'mikro_orm_migrations' },
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: false,
    logger: (message) => logger?.debug({ component: 'orm' }, message),
  });
}

export async function openDatabase(databaseUrl: string, timeouts: DatabaseTimeouts, logger: Logger): Promise<Orm> {
  return MikroORM.init(ormOptions(databaseUrl, timeouts, logger));
}

/**
 * Applies pending migrations and returns how many.
 * Several processes may start at once against one database; a session-level
 * advisory lock makes exactly one of them apply pending migrations while the
 * others wait and then find nothing to do.
 */
export async function migrate(orm: Orm): Promise<number> {
  const MIGRATION_LOCK = 727_001;
  const connection = orm.em.getConnection();
  const knex = connection.getKnex();
  return knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
    return (await orm.getMigrator().up({ transaction: trx })).length;
  });
}

/** Flushes every page dirtied since the last checkpoint, so a later shutdown has little left to write. */
export async function checkpoint(orm: Orm): Promise<void> {
  await orm.em.getConnection().execute('CHECKPOINT');
}

/**
 * The ORM's knex client, for rate-limiter-flexible's PostgreSQL store (the
 * per-IP limit and the per-key weight budget): the library writes and runs
 * its own statements on the ORM's pool, so no feature holds SQL for it.
 */
export function rateLimiterStoreClient(orm: Orm): ReturnType<ReturnType<Orm['em']['getConnection']>['getKnex']> {
  return orm.em.getConnection().getKnex();
}
