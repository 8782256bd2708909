import 'reflect-metadata';
import { Client } from 'pg';
import { migrate, openDatabase } from '../../src/db/orm';
import { createLogger } from '../../src/observability/logger';

/**
 * `migrate-template.ts <admin url> <name>`: migrates a new database from empty, once per test run, as the template
 * every test database is copied from. The migrations took about a second per service start, and the suite starts a
 * few hundred. A migration that fails from empty fails here, before any test; the process tests
 * (service-process.ts) still migrate clusters of their own.
 */
async function migrateTemplate(adminUrl: string, name: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const orm = await openDatabase(adminUrl.replace(/\/postgres$/, `/${name}`), { statementTimeoutMs: 60_000, connectTimeoutMs: 10_000 }, createLogger('warn'));
  try {
    await migrate(orm);
  } finally {
    await orm.close();
  }
}

const [adminUrl, name] = process.argv.slice(2);
if (!adminUrl || !name) throw new Error('usage: migrate-template.ts <admin database url> <template name>');
migrateTemplate(adminUrl, name).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
