import { StrategyPosition } from '../../src/entities/strategy-position.entity';
import type { EventPage, PositionPage } from '../../src/services/strategies/strategy-history';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { request } from '../support/http';
import { bearer, newAccount } from '../support/identity';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, strategyBody, type TradingWorld } from '../support/trading-world';

const HANDED_OVER_WITHIN_MS = 5_000;

async function waitFor<T>(read: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the user data stream across processes (contract §20)', () => {
  let world: TradingWorld;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: TestService;
  let workers: ServiceProcess[] = [];

  beforeAll(async () => {
    world = await startTradingWorld();
    world.exchange.balances = { USDT: '100000' };
    database = await createTestDatabase();
    const env = {
      ...world.env,
      DATABASE_URL: database.url,
      ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      APP_JWT_SECRET: 'account-stream-takeover-test-secret-0123456789',
      STRATEGY_TICK_MS: '200',
      STRATEGY_KLINE_POLL_MS: '600000',
    };
    api = await startTestService({ ...env, ROLE: 'api' }, database);
    workers = await Promise.all([spawnService({ ...env, ROLE: 'worker' }), spawnService({ ...env, ROLE: 'worker' })]);
  }, 120_000);
  afterAll(async () => {
    for (const worker of workers) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
    await api.stop();
    await database.drop();
    await world.stop();
  });

  it('hands the stream to another process within 5 s of a kill -9 of its owner, and a stop that fired meanwhile is recorded once', async () => {
    const apiKey = 'TAKEOVER-KEY';
    world.exchange.addAccount(apiKey, 'takeover-secret');
    world.exchange.setMarkPrice('TRXUSDT', '100');
    const owner = await newAccount(api.url, world, 'takeover@example.com');
    const registered = await request(api.url, 'POST', '/api-key/register', {
      json: { api_key: apiKey, api_secret: 'takeover-secret' },
      headers: bearer(owner.token),
    });
    expect(registered.status).toBe(200);
    const created = await owner.call<StrategyRecord>(
      'POST',
      '/v1/strategies',
      strategyBody({ symbols: ['TRXUSDT'], timeframe: '1h', params: { fast: 2, slow: 3, stop_loss_pct: 2 } }),
    );
    const id = created.body.id;
    world.exchange.setPosition(apiKey, 'TRXUSDT', '2');
    const em = api.service.orm.em.fork();
    const position = em.create(StrategyPosition, {
      id: 'pos_00000000000000aa',
      strategyId: id,
      symbol: 'TRXUSDT',
      side: 'long',
      quantity: '2',
      entryPrice: '100',
      entryFee: '0.08',
      openedAt: new Date(Date.now() - 1_000),
      exitPrice: null,
      exitFee: null,
      pnl: null,
      closedAt: null,
      closeReason: null,
      dryRun: false,
    });
    await em.flush();
    expect((await owner.call('POST', `/v1/strategies/${id}/deploy`, {})).status).toBe(200);
    await waitFor(() => (world.exchange.algoOrdersOf(apiKey).length === 1 && world.exchange.userStreams.open(apiKey) === 1 ? true : undefined));

    const connected = (worker: ServiceProcess) => worker.output.some((line) => line.includes('"msg":"user data stream connected"'));
    const streaming = await waitFor(() => {
      const owners = workers.filter(connected);
      return owners.length > 0 ? owners : undefined;
    });
    expect(streaming).toHaveLength(1);
    const killedAt = Date.now();
    streaming[0]!.child.kill('SIGKILL');
    await streaming[0]!.exited;
    world.exchange.setMarkPrice('TRXUSDT', '97');

    await waitFor(() => (world.exchange.userStreams.connections.filter((key) => key === apiKey).length === 2 ? true : undefined));
    expect(Date.now() - killedAt).toBeLessThan(HANDED_OVER_WITHIN_MS);
    const survivor = workers.find((worker) => worker !== streaming[0])!;
    // the new connection is the other process's (its log line follows the socket's open)
    await waitFor(() => (connected(survivor) ? true : undefined), 5_000);
    const closed = await waitFor(async () =>
      (await owner.call<PositionPage>('GET', `/v1/strategies/${id}/positions`)).body.data.find((row) => row.id === position.id && row.closed_at),
    );
    expect(closed).toMatchObject({ close_reason: 'stop_loss', exit_price: '97' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const events = (await owner.call<EventPage>('GET', `/v1/strategies/${id}/events?limit=500`)).body.data;
    expect(events.filter((event) => event.type === 'strategy.position_closed')).toHaveLength(1);
    workers = [survivor];
  }, 90_000);
});
