import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { createLogger } from '../../src/observability/logger';

/** One embedded PostgreSQL for the whole run; each test file makes its own database in it (see test-service.ts). */
export default async function globalSetup(): Promise<void> {
  const dataDir = path.join(os.tmpdir(), 'futures-service-test-db');
  await mkdir(dataDir, { recursive: true });
  const database = await startEmbeddedPostgres(dataDir, createLogger('warn'));
  process.env.TEST_ADMIN_DATABASE_URL = database.url.replace(/\/futures$/, '/postgres');
  (globalThis as { stopTestDatabase?: () => Promise<void> }).stopTestDatabase = database.stop;
}
