import { createTestCa, type TestCa } from '../stand-ins/test-ca';
import type { ExchangeStandIn } from '../stand-ins/exchange/exchange-stand-in';
import { WebhookReceiver } from '../stand-ins/webhook-receiver';
import { startBacktestWorld, type BacktestWorld } from '../support/backtest-world';
import { newAccount, type OutsideWorld } from '../support/identity';
import type { JobRecord } from '../../src/services/backtests/job-records';
import { createdJobId, jobBody, waitForJob } from '../support/backtest';
import { anyString, arrayContaining, matching } from '../support/matchers';
import { spawnService } from '../support/service-process';
import { startTestService, type TestService } from '../support/test-service';

describe('backtest job events and worker processes', () => {
  let ca: TestCa;
  let world: OutsideWorld;
  let service: TestService;
  let stop: BacktestWorld['stop'];
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    ca = await createTestCa();
    ({ world, service, stop } = await startBacktestWorld({
      workers: 1,
      ownDatabase: true,
      env: { WEBHOOK_EXTRA_CA_FILE: ca.caFile, WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8' },
    }));
    receiver = new WebhookReceiver(ca.server);
  });
  afterAll(async () => {
    await receiver.stop();
    await stop();
  });

  it('a finished job sends backtest.job_done with its metrics, and a failed one backtest.job_failed with its error, to a subscribed HTTPS webhook', async () => {
    const url = await receiver.start();
    const { call } = await newAccount(service.url, world, 'events@example.com', ['webhooks:write']);
    expect((await call('POST', '/v1/webhooks', { url, events: ['backtest.*'] })).status).toBe(200);
    const done = await waitForJob(call, await createdJobId(call, jobBody()));
    const failed = await waitForJob(call, await createdJobId(call, jobBody({ symbols: ['NOPEUSDT'] })));
    await receiver.waitFor(2);
    const events = receiver.received.map((request) => JSON.parse(request.body) as unknown);
    expect(events).toEqual(
      arrayContaining([
        {
          id: matching(/^evt_/),
          type: 'backtest.job_done',
          timestamp: anyString(),
          data: { job_id: done.id, status: 'done', metrics: done.result!.metrics },
        },
        {
          id: matching(/^evt_/),
          type: 'backtest.job_failed',
          timestamp: anyString(),
          data: { job_id: failed.id, status: 'failed', error: failed.error },
        },
      ]),
    );
  });
});

describe('a job whose worker process dies', () => {
  let world: OutsideWorld;
  let exchange: ExchangeStandIn;
  let database: BacktestWorld['database'];
  let env: Record<string, string>;
  let api: TestService;
  let stop: BacktestWorld['stop'];

  beforeAll(async () => ({ world, exchange, database, env, service: api, stop } = await startBacktestWorld({ workers: 1, ownDatabase: true, role: 'api' })));
  afterAll(() => stop());

  it('is not left running: another worker process takes it over at once (liveness lock gone) and finishes it', async () => {
    const { call } = await newAccount(api.url, world, 'crash@example.com');
    exchange.fault('/fapi/v1/klines', { delayMs: 4000 }, 1);
    const doomed = await spawnService({ ...env, ROLE: 'worker' });
    const created = await call<JobRecord>('POST', '/v1/backtest/jobs', jobBody());
    const running = await waitForJob(call, created.body.id, (job) => job.status === 'running');
    while (exchange.calls('/fapi/v1/klines') === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    const survivor = await startTestService({ ...env, ROLE: 'worker' }, database);
    try {
      const done = await waitForJob(call, created.body.id);
      expect(done).toMatchObject({ status: 'done', started_at: running.started_at, progress: 1 });
      const [row] = await api.service.orm.em
        .fork()
        .getConnection()
        .execute<{ attempts: number }[]>('SELECT attempts FROM backtest_jobs WHERE id = ?', [created.body.id]);
      expect(row?.attempts).toBe(2);
    } finally {
      await survivor.stop();
    }
  }, 60_000);
});
