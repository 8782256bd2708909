import { Strategy } from '../../src/entities/strategy.entity';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { fastClock, zigzag } from '../support/fast-clock';
import { newAccount } from '../support/identity';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { subscribeStrategyEvents, type StrategySubscriber } from '../support/strategy-subscriber';
import { createTestDatabase, startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, strategyBody, type TradingWorld } from '../support/trading-world';
import { defined } from '../support/defined';

const clock = fastClock(30);

describe('the strategy runtime across processes', () => {
  let world: TradingWorld;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: TestService;
  let workers: ServiceProcess[] = [];
  let subscriber: StrategySubscriber | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    world = await startTradingWorld({ now: clock.now });
    database = await createTestDatabase();
    env = {
      ...world.env,
      DATABASE_URL: database.url,
      // Processes sharing a database must share the secrets that seal keys and sign tokens.
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      APP_JWT_SECRET: 'strategy-runtime-processes-test-secret-0123456789',
      STRATEGY_TICK_MS: '100',
      STRATEGY_KLINE_POLL_MS: '200',
      LOG_LEVEL: 'debug',
    };
    api = await startTestService({ ...env, ROLE: 'api', LOG_LEVEL: 'info' }, database);
    workers = await Promise.all([spawnService({ ...env, ROLE: 'worker' }), spawnService({ ...env, ROLE: 'worker' })]);
  }, 120_000);
  afterAll(async () => {
    await subscriber?.close();
    for (const worker of workers) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
    await api.stop();
    await database.drop();
    await world.stop();
  });

  const evaluatedBy = (strategyId: string) =>
    workers.map((worker) => worker.output.filter((line) => line.includes('"msg":"strategy evaluated"') && line.includes(strategyId)).length);

  it('evaluates a deployed strategy in exactly one worker, delivers its events to a subscriber on the API process, and moves it to the other worker when the first dies', async () => {
    world.market.scriptCloses('ADAUSDT', zigzag(1, 0.05, 2));
    const owner = await newAccount(api.url, world, 'processes@example.com');
    const { body } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody({ symbols: ['ADAUSDT'], timeframe: '1m', capital: '500' }));
    subscriber = await subscribeStrategyEvents(api.url, { authorization: `Bearer ${owner.token}` }, body.id);
    expect((await owner.call('POST', `/v1/strategies/${body.id}/deploy`, { dry_run: true })).status).toBe(200);

    const opened = await subscriber.waitFor((event) => event.type === 'strategy.position_opened', 30_000);
    expect(opened.data.strategy_id).toBe(body.id);
    await subscriber.waitFor((event) => event.type === 'strategy.position_closed', 30_000);
    const counts = evaluatedBy(body.id);
    expect(counts.filter((count) => count > 0)).toHaveLength(1);
    const owning = counts.findIndex((count) => count > 0);
    const stored = await api.service.orm.em.fork().findOneOrFail(Strategy, { id: body.id });
    expect(stored.workerId).not.toBeNull();

    const killed = defined(workers[owning], 'the owning worker');
    const survivor = defined(workers[1 - owning], 'the other worker');
    killed.child.kill('SIGKILL');
    await killed.exited;
    const seen = subscriber.events.length;
    await subscriber.waitFor((event) => event.type === 'strategy.position_opened' && subscriber!.events.indexOf(event) >= seen, 30_000);
    expect(evaluatedBy(body.id)[1 - owning]).toBeGreaterThan(0);
    const takenOver = await api.service.orm.em.fork().findOneOrFail(Strategy, { id: body.id });
    expect(takenOver.workerId).not.toBe(stored.workerId);
    expect(takenOver.status).toBe('deployed');
    workers = [survivor];
  }, 120_000);
});
