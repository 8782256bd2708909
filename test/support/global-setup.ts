import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import 'reflect-metadata';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { migrate, openDatabase } from '../../src/db/orm';
import { createLogger } from '../../src/observability/logger';
import { TEMPLATE_DATABASE } from './template-database';

/**
 * Migrates one database from empty, once per run, as the template every test database is copied from: the
 * migrations took about a second per service start, and the suite starts a few hundred. A migration that fails
 * from empty fails here, before any test; the process tests (service-process.ts) still migrate clusters of their own.
 */
async function makeTemplate(adminUrl: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const orm = await openDatabase(
    adminUrl.replace(/\/postgres$/, `/${TEMPLATE_DATABASE}`),
    { statementTimeoutMs: 60_000, connectTimeoutMs: 10_000 },
    createLogger('warn'),
  );
  try {
    await migrate(orm);
  } finally {
    await orm.close();
  }
}

/** One embedded PostgreSQL for the whole run; each test file makes its own database in it (see test-service.ts). */
export default async function globalSetup(): Promise<void> {
  // One folder per checkout, so test runs in two clones of the repository never share (and stop) each other's server.
  const checkout = createHash('sha256').update(path.resolve(__dirname, '../..')).digest('hex').slice(0, 12);
  const dataDir = path.join(os.tmpdir(), `futures-service-test-db-${checkout}`);
  await mkdir(dataDir, { recursive: true });
  const database = await startEmbeddedPostgres(dataDir, createLogger('warn'));
  process.env.TEST_ADMIN_DATABASE_URL = database.url.replace(/\/futures$/, '/postgres');
  await makeTemplate(process.env.TEST_ADMIN_DATABASE_URL);
  (globalThis as { stopTestDatabase?: () => Promise<void> }).stopTestDatabase = database.stop;
}
