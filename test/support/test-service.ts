import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { loadConfig } from '../../src/config/config';
import { createLogger } from '../../src/observability/logger';
import { startService, type RunningService } from '../../src/service';
import { capturedLines } from './captured-output';
import { TEMPLATE_DATABASE } from './template-database';

export interface TestService {
  url: string;
  databaseUrl: string;
  service: RunningService;
  /** Every log line the service wrote, for tests that check what is (not) logged. */
  logs: string[];
  stop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_ADMIN_DATABASE_URL;
  if (!url) throw new Error('TEST_ADMIN_DATABASE_URL is not set: run the tests through jest (test/support/global-setup.ts)');
  return url;
}

/** Creates a database on the run's embedded server, migrated: a copy of the run's template (global-setup.ts). */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  await admin.end();
  return {
    url: adminUrl().replace(/\/postgres$/, `/${name}`),
    drop: async () => {
      const client = new Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Starts the real service (HTTP server, GraphQL, REST) on a free port against
 * its own fresh database, configured like production except for `env` (and engine threads kept warm).
 */
export async function startTestService(env: Record<string, string> = {}, database?: { url: string; drop(): Promise<void> }): Promise<TestService> {
  const db = database ?? (await createTestDatabase());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'futures-service-test-'));
  const { stream: sink, lines: logs } = capturedLines();
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    LOG_LEVEL: 'info',
    UPSTREAM_FAPI_URL: 'http://127.0.0.1:9',
    UPSTREAM_WEB_URL: 'http://127.0.0.1:9',
    // Never the real archive from a test: tests of it point it at the archive stand-in.
    UPSTREAM_ARCHIVE_URL: 'off',
    // An engine thread kept between a file's jobs: starting one from sources costs about 0.3 s of CPU, and the suite runs
    // many small jobs seconds apart. The one-second default only returns memory sooner.
    BACKTEST_THREAD_IDLE_MS: '60000',
    ...env,
  });
  const service = await startService(config, createLogger(config.logLevel, sink));
  return {
    url: service.url as string,
    databaseUrl: db.url,
    service,
    logs,
    stop: async () => {
      await service.stop();
      if (!database) await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
