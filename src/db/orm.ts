import { MikroORM, defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ENTITIES } from '../entities';
import type { Logger } from '../observability/logger';
import { MIGRATIONS } from './migrations';

export type Orm = MikroORM;

export function ormOptions(databaseUrl: string, logger?: Logger) {
  return defineConfig({
    clientUrl: databaseUrl,
    entities: ENTITIES,
    extensions: [Migrator],
    // Timestamps without zone are written and read as UTC whatever the host's TZ.
    forceUtcTimezone: true,
    // Webhook attempts, backtest jobs and API requests share the pool; 20 keeps one busy worker from starving requests.
    pool: { min: 0, max: 20 },
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, tableName: 'mikro_orm_migrations' },
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: false,
    logger: (message) => logger?.debug({ component: 'orm' }, message),
  });
}

export async function openDatabase(databaseUrl: string, logger: Logger): Promise<Orm> {
  return MikroORM.init(ormOptions(databaseUrl, logger));
}

/**
 * Several processes may start at once against one database; a session-level
 * advisory lock makes exactly one of them apply pending migrations while the
 * others wait and then find nothing to do.
 */
export async function migrate(orm: Orm): Promise<void> {
  const MIGRATION_LOCK = 727_001;
  const connection = orm.em.getConnection();
  const knex = connection.getKnex();
  await knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
    await orm.getMigrator().up({ transaction: trx });
  });
}
