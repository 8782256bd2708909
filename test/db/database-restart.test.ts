import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createTestCa, type TestCa } from '../stand-ins/test-ca';
import { WebhookReceiver } from '../stand-ins/webhook-receiver';
import type { JobRecord } from '../../src/services/backtests/job-records';
import { jobBody, waitForJob } from '../support/backtest';
import { fastClock, zigzag } from '../support/fast-clock';
import { newAccount, signedClient } from '../support/identity';
import { postmaster, restartPostgres } from '../support/postgres-process';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { startTradingWorld, strategyBody, type TradingWorld } from '../support/trading-world';
import { waitFor } from '../support/wait';

const clock = fastClock(30);

/**
 * Contract §14 / issue 10: an API process owning the embedded PostgreSQL of
 * DATA_DIR and two worker processes sharing it. Background work must come back
 * by itself after the database restarts, and after its owner restarts.
 */
describe('background work across database restarts', () => {
  let world: TradingWorld;
  let ca: TestCa;
  let receiver: WebhookReceiver;
  let dataDir: string;
  let env: Record<string, string>;
  let api: ServiceProcess;
  let workers: ServiceProcess[] = [];
  let restarted: { stop: () => Promise<void> } | undefined;

  const stopProcess = async (service: ServiceProcess) => {
    if (service.child.exitCode === null) service.child.kill('SIGTERM');
    await service.exited;
  };

  /** A connection of the test's own to the shared database, for what the API does not show. */
  async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const password = (await readFile(path.join(dataDir, 'postgres.password'), 'utf8')).trim();
    const { port } = await postmaster(path.join(dataDir, 'postgres'));
    const client = new Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:${port}/futures` });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    world = await startTradingWorld({ now: clock.now });
    ca = await createTestCa();
    receiver = new WebhookReceiver(ca.server);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'database-restart-'));
    env = {
      ...world.env,
      DATA_DIR: dataDir,
      WEBHOOK_EXTRA_CA_FILE: ca.caFile,
      WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8',
      ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
      APP_JWT_SECRET: 'database-restart-test-secret-0123456789abcdef',
      STRATEGY_TICK_MS: '100',
      STRATEGY_KLINE_POLL_MS: '200',
      BACKTEST_WORKERS: '1',
      DB_RECONNECT_MAX_DELAY_MS: '200',
      LOG_LEVEL: 'debug',
    };
    api = await spawnService({ ...env, ROLE: 'api', LOG_LEVEL: 'info' });
    workers = await Promise.all([spawnService({ ...env, ROLE: 'worker' }), spawnService({ ...env, ROLE: 'worker' })]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([...workers, api].map(stopProcess));
    await restarted?.stop();
    await receiver.stop();
    await world.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const evaluations = (strategyId: string) =>
    workers.map((worker) => worker.output.filter((line) => line.includes('"msg":"strategy evaluated"') && line.includes(strategyId)).length);

  it('a worker sharing DATA_DIR resumes when the process owning the embedded PostgreSQL restarts (the server keeps its port)', async () => {
    const owner = await newAccount(api.url, world, 'owner-restart@example.com');
    await stopProcess(api);
    api = await spawnService({ ...env, ROLE: 'api', LOG_LEVEL: 'info' });
    expect(api.output.join('\n')).toContain('"msg":"embedded PostgreSQL started"');

    // Only the workers run jobs: this one completes only if one of them found the database again.
    const call = signedClient(api.url, owner.key);
    const created = await call<JobRecord>('POST', '/v1/backtest/jobs', jobBody());
    expect(created.status).toBe(200);
    expect((await waitForJob(call, created.body.id, undefined, 20_000)).status).toBe('done');
  }, 60_000);

  it('after PostgreSQL restarts under a running backtest, pending deliveries and a deployed strategy: the job completes, each delivery arrives, the strategy keeps one owner', async () => {
    const url = await receiver.start();
    // Slow answers keep deliveries pending and in flight across the restart.
    receiver.behaviour = { kind: 'slow', delayMs: 400 };
    const owner = await newAccount(api.url, world, 'database-restart@example.com', ['webhooks:write']);
    expect((await owner.call('POST', '/v1/webhooks', { url, events: ['backtest.*'] })).status).toBe(200);

    world.market.scriptCloses('ADAUSDT', zigzag(1, 0.05, 2));
    const strategy = await owner.call<{ id: string }>('POST', '/v1/strategies', strategyBody({ symbols: ['ADAUSDT'], timeframe: '1m', capital: '500' }));
    expect((await owner.call('POST', `/v1/strategies/${strategy.body.id}/deploy`, { dry_run: true })).status).toBe(200);
    await waitFor('the strategy is evaluated', () => evaluations(strategy.body.id).some((count) => count > 0), { timeoutMs: 10_000 });

    // The job's funding history arrives only after the restart: it is running (loading) throughout.
    world.market.fault('/fapi/v1/fundingRate', { delayMs: 2_000 }, 1);
    const job = await owner.call<JobRecord>('POST', '/v1/backtest/jobs', jobBody({ symbols: ['ETHUSDT'] }));
    await waitForJob(owner.call, job.body.id, (row: JobRecord) => row.status === 'running');

    const [user] = await query<{ user_id: number }>('SELECT user_id FROM strategies WHERE id = $1', [strategy.body.id]);
    const eventIds = Array.from({ length: 8 }, () => `evt_${randomUUID().replace(/-/g, '').slice(0, 20)}`);
    for (const id of eventIds) {
      await query(`INSERT INTO outbox_events (id, user_id, type, data, created_at) VALUES ($1, $2, 'backtest.job_failed', '{}', now())`, [id, user!.user_id]);
    }
    await query(`SELECT pg_notify('outbox_events', '')`);
    await receiver.waitFor(1, 5_000);

    restarted = await restartPostgres(path.join(dataDir, 'postgres'));
    const back = Date.now();
    const before = evaluations(strategy.body.id);
    // Work resumes within 5 s of the database coming back.
    await waitFor('the strategy is evaluated again', () => evaluations(strategy.body.id).some((count, index) => count > before[index]!), { timeoutMs: 5_000 });
    expect(Date.now() - back).toBeLessThan(5_000);

    expect((await waitForJob(owner.call, job.body.id, undefined, 30_000)).status).toBe('done');
    const arrived = () => new Set(receiver.received.map((request) => request.headers['webhook-id']));
    await waitFor('every delivery arrives', () => eventIds.every((id) => arrived().has(id)), { timeoutMs: 30_000 });
    const counts = evaluations(strategy.body.id);
    expect(counts.filter((count) => count > 0)).toHaveLength(1);
    const [stored] = await query<{ status: string }>('SELECT status FROM strategies WHERE id = $1', [strategy.body.id]);
    expect(stored!.status).toBe('deployed');
  }, 90_000);
});
