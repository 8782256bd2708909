import Decimal from 'decimal.js';
import { StrategyOrder } from '../../src/entities/strategy-order.entity';
import { Strategy } from '../../src/entities/strategy.entity';
import type { EventPage, PositionPage } from '../../src/services/strategies/strategy-history';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { fastClock, zigzag } from '../support/fast-clock';
import { request } from '../support/http';
import { bearer, newAccount } from '../support/identity';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, strategyBody, type TradingWorld } from '../support/trading-world';

const clock = fastClock(30);

async function waitFor<T>(read: () => Promise<T | undefined> | T | undefined, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a max drawdown whose owning worker is killed between the trip and the closing order (contract §19)', () => {
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
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      APP_JWT_SECRET: 'protections-takeover-test-secret-0123456789',
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

  it('kill -9 with the protection close in flight, then takeover: the trip reported once, one closing order, the run paused, nothing left open', async () => {
    world.market.scriptCloses('APTUSDT', zigzag(8, 0.2, 4));
    world.exchange.setMarkPrice('APTUSDT', '8');
    world.exchange.addAccount('PROT-TAKEOVER-KEY', 'prot-takeover-secret');
    const owner = await newAccount(api.url, world, 'prot-takeover@example.com');
    const registered = await request(api.url, 'POST', '/api-key/register', {
      json: { api_key: 'PROT-TAKEOVER-KEY', api_secret: 'prot-takeover-secret' },
      headers: bearer(owner.token),
    });
    expect(registered.status).toBe(200);
    const { body } = await owner.call<StrategyRecord>(
      'POST',
      '/v1/strategies',
      strategyBody({ symbols: ['APTUSDT'], timeframe: '1m', capital: '100', leverage: 5, params: { fast: 2, slow: 3, max_drawdown_pct: 1 } }),
    );
    expect((await owner.call('POST', `/v1/strategies/${body.id}/deploy`, {})).status).toBe(200);
    const position = await waitFor(async () => (await owner.call<PositionPage>('GET', `/v1/strategies/${body.id}/positions`)).body.data[0]);
    // from now on the exchange holds order requests: the next one is the protection's close
    world.exchange.holdOrders = true;
    await waitFor(() => (world.exchange.heldOrders > 0 ? true : undefined));
    const inFlight = await api.service.orm.em.fork().find(StrategyOrder, { strategyId: body.id, status: 'intended' });
    expect(inFlight.map((row) => [row.purpose, row.closeReason])).toEqual([['exit', 'protection']]);
    const tripped = await api.service.orm.em.fork().findOneOrFail(Strategy, { id: body.id });
    expect(tripped.protectionState?.APTUSDT).toMatchObject({ stopped: true, closing: 'max_drawdown' });
    const owning = workers.findIndex((worker) => worker.output.some((line) => line.includes('"msg":"strategy evaluated"') && line.includes(body.id)));
    expect(owning).toBeGreaterThanOrEqual(0);
    workers[owning]!.child.kill('SIGKILL');
    await workers[owning]!.exited;
    world.exchange.releaseHeldOrders();
    workers = workers.filter((_, index) => index !== owning);

    await waitFor(async () => ((await owner.call<StrategyRecord>('GET', `/v1/strategies/${body.id}`)).body.status === 'paused' ? true : undefined), 60_000);
    const { body: positions } = await owner.call<PositionPage>('GET', `/v1/strategies/${body.id}/positions`);
    expect(positions.data).toHaveLength(1);
    expect(positions.data[0]).toMatchObject({ id: position.id, close_reason: 'protection' });
    expect(world.exchange.positionOf('PROT-TAKEOVER-KEY', 'APTUSDT')).toBe('0');
    const rows = await api.service.orm.em.fork().find(StrategyOrder, { strategyId: body.id }, { orderBy: { createdAt: 'asc' } });
    expect(rows.filter((row) => row.status === 'intended')).toEqual([]);
    expect(rows.map((row) => [row.purpose, row.status])).toEqual([
      ['entry', 'filled'],
      ['exit', 'filled'],
    ]);
    expect(
      world.exchange
        .ordersOf('PROT-TAKEOVER-KEY')
        .map((order) => order.clientOrderId)
        .sort(),
    ).toEqual(rows.map((row) => row.id).sort());
    expect(new Decimal(world.exchange.ordersOf('PROT-TAKEOVER-KEY')[1]!.executedQty).toFixed()).toBe(new Decimal(position.quantity).toFixed());
    const { body: events } = await owner.call<EventPage>('GET', `/v1/strategies/${body.id}/events?limit=100`);
    expect(events.data.filter((event) => event.type === 'strategy.protection_triggered')).toHaveLength(1);
    expect(events.data.filter((event) => event.type === 'strategy.paused')).toHaveLength(1);
  }, 180_000);
});
