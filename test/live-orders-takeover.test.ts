import Decimal from 'decimal.js';
import { StrategyOrder } from '../src/entities/strategy-order.entity';
import type { PositionPage } from '../src/services/strategies/strategy-history';
import type { StrategyRecord } from '../src/services/strategies/strategy-records';
import { fastClock, zigzag } from './support/fast-clock';
import { request } from './support/http';
import { bearer, newAccount } from './support/identity';
import { spawnService, type ServiceProcess } from './support/service-process';
import { createTestDatabase, startTestService, type TestService } from './support/test-service';
import { startTradingWorld, strategyBody, type TradingWorld } from './support/trading-world';

const clock = fastClock(30);

async function waitFor<T>(read: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a live order in flight when its worker is killed (contract §12)', () => {
  let world: TradingWorld;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: TestService;
  let workers: ServiceProcess[] = [];

  beforeAll(async () => {
    world = await startTradingWorld({ now: clock.now });
    world.exchange.balances = { USDT: '100000' };
    database = await createTestDatabase();
    const env = {
      ...world.env,
      DATABASE_URL: database.url,
      // Processes sharing a database must share the secrets that seal keys and sign tokens.
      ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      APP_JWT_SECRET: 'live-orders-takeover-test-secret-0123456789',
      STRATEGY_TICK_MS: '100',
      STRATEGY_KLINE_POLL_MS: '200',
      UPSTREAM_TIMEOUT_MS: '20000',
      LOG_LEVEL: 'debug',
    };
    api = await startTestService({ ...env, ROLE: 'api', LOG_LEVEL: 'info' }, database);
    workers = await Promise.all([spawnService({ ...env, ROLE: 'worker' }), spawnService({ ...env, ROLE: 'worker' })]);
  }, 120_000);
  afterAll(async () => {
    world.exchange.releaseHeldOrders();
    for (const worker of workers) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
    await api.stop();
    await database.drop();
    await world.stop();
  });

  it('kill -9 between the intent and the fill, then takeover: exactly one position, the order settled, nothing orphaned', async () => {
    world.market.scriptCloses('NEARUSDT', zigzag(5, 0.1, 3));
    world.exchange.setMarkPrice('NEARUSDT', '5');
    world.exchange.addAccount('TAKEOVER-KEY', 'takeover-secret');
    const owner = await newAccount(api.url, world, 'takeover@example.com');
    const registered = await request(api.url, 'POST', '/api-key/register', {
      json: { api_key: 'TAKEOVER-KEY', api_secret: 'takeover-secret' },
      headers: bearer(owner.token),
    });
    expect(registered.status).toBe(200);
    const { body } = await owner.call<StrategyRecord>(
      'POST',
      '/v1/strategies',
      strategyBody({ symbols: ['NEARUSDT'], timeframe: '1m', capital: '100', leverage: 1 }),
    );
    world.exchange.holdOrders = true;
    expect((await owner.call('POST', `/v1/strategies/${body.id}/deploy`, {})).status).toBe(200);

    // the owning worker has recorded its intent and is waiting for the exchange's answer
    await waitFor(() => (world.exchange.heldOrders > 0 ? true : undefined));
    const intents = await api.service.orm.em.fork().find(StrategyOrder, { strategyId: body.id });
    expect(intents.map((row) => [row.purpose, row.status])).toEqual([['entry', 'intended']]);
    const owning = workers.findIndex((worker) => worker.output.some((line) => line.includes('"msg":"strategy evaluated"') && line.includes(body.id)));
    expect(owning).toBeGreaterThanOrEqual(0);
    workers[owning]!.child.kill('SIGKILL');
    await workers[owning]!.exited;
    // the exchange carries the order out; nobody hears the answer
    world.exchange.releaseHeldOrders();
    workers = workers.filter((_, index) => index !== owning);

    const position = await waitFor(async () => {
      const { body: page } = await owner.call<PositionPage>('GET', `/v1/strategies/${body.id}/positions`);
      return page.data[0];
    });
    expect((await owner.call('POST', `/v1/strategies/${body.id}/pause`, {})).status).toBe(200);

    const rows = await api.service.orm.em.fork().find(StrategyOrder, { strategyId: body.id }, { orderBy: { createdAt: 'asc' } });
    expect(rows.filter((row) => row.status === 'intended')).toEqual([]);
    expect(rows[0]).toMatchObject({ id: intents[0]!.id, status: 'filled', positionId: position.id });
    const exchangeOrders = world.exchange.ordersOf('TAKEOVER-KEY');
    // every order the exchange filled is recorded once, and nothing the service recorded is missing at the exchange
    expect(exchangeOrders.map((order) => order.clientOrderId).sort()).toEqual(
      rows
        .filter((row) => row.status === 'filled')
        .map((row) => row.id)
        .sort(),
    );
    expect(exchangeOrders[0]).toMatchObject({ clientOrderId: intents[0]!.id, status: 'FILLED', executedQty: position.quantity });
    const { body: positions } = await owner.call<PositionPage>('GET', `/v1/strategies/${body.id}/positions`);
    const open = positions.data.filter((row) => row.closed_at === null);
    expect(world.exchange.positionOf('TAKEOVER-KEY', 'NEARUSDT')).toBe(open.reduce((sum, row) => sum.plus(row.quantity), new Decimal(0)).toFixed());
    expect(positions.data.filter((row) => row.opened_at === position.opened_at)).toHaveLength(1);
  }, 120_000);
});
