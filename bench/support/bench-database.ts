import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { makeTemplateDatabase } from '../../test/support/template-database';
import { createLogger } from '../../src/observability/logger';

/**
 * Starts the embedded PostgreSQL that `test/support/test-service.ts` expects
 * (as Jest's global setup does), so benchmarks reuse the tests' service
 * harness and stand-ins unchanged. Benchmarks started at once from several
 * working copies share the server in `folder` (and the first to end stops
 * it): one that measures PostgreSQL's CPU names a folder of its own.
 */
export async function startBenchDatabase(folder = 'futures-service-bench-db'): Promise<() => Promise<void>> {
  const database = await startEmbeddedPostgres(path.join(os.tmpdir(), folder), createLogger('warn'));
  process.env.TEST_ADMIN_DATABASE_URL = database.url.replace(/\/futures$/, '/postgres');
  // The services a benchmark starts take their databases from the tests' migrated template (test-service.ts).
  await makeTemplateDatabase(process.env.TEST_ADMIN_DATABASE_URL);
  return database.stop;
}

export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;
}
