import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { createLogger } from '../../src/observability/logger';
import { makeTemplateDatabase } from './template-database';

/** One embedded PostgreSQL for the whole run; each test file makes its own database in it (see test-service.ts). */
export default async function globalSetup(): Promise<void> {
  // One folder per checkout, so test runs in two clones of the repository never share (and stop) each other's server.
  const checkout = createHash('sha256').update(path.resolve(__dirname, '../..')).digest('hex').slice(0, 12);
  const dataDir = path.join(os.tmpdir(), `futures-service-test-db-${checkout}`);
  await mkdir(dataDir, { recursive: true });
  const database = await startEmbeddedPostgres(dataDir, createLogger('warn'));
  process.env.TEST_ADMIN_DATABASE_URL = database.url.replace(/\/futures$/, '/postgres');
  await makeTemplateDatabase(process.env.TEST_ADMIN_DATABASE_URL);
  (globalThis as { stopTestDatabase?: () => Promise<void> }).stopTestDatabase = database.stop;
}
