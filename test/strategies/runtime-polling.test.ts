import { StrategyRuntime } from '../../src/services/strategies/strategy-runtime';
import { newAccount } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, strategyBody, type TradingWorld } from '../support/trading-world';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';

const HOUR = 3_600_000;

describe('the strategy runtime asks the exchange once per symbol and timeframe per candle close', () => {
  let world: TradingWorld;
  let service: TestService;

  beforeAll(async () => {
    world = await startTradingWorld();
    // ROLE=api runs no background worker: the runtime below, on a clock the test moves, is the only one
    service = await startTestService({ ...world.env, ROLE: 'api' });
  });
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  it('shares one klines call between strategies on the same symbol and timeframe, and calls again only after the next close', async () => {
    const owner = await newAccount(service.url, world, 'polling@example.com');
    for (const timeframe of ['1h', '1h', '4h']) {
      const { body } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody({ symbols: ['ETHUSDT'], timeframe }));
      expect((await owner.call('POST', `/v1/strategies/${body.id}/deploy`, { dry_run: true })).status).toBe(200);
    }
    // 10 minutes into the second hour of the previous 4-hour window: the next hour's close is never also a 4h close.
    let now = Math.floor(Date.now() / (4 * HOUR)) * 4 * HOUR - 3 * HOUR + 10 * 60_000;
    const { store, market, trader, live } = service.service.services.strategyTrading;
    const runtime = new StrategyRuntime(
      store,
      market,
      trader,
      live,
      { workerId: 424242, klinePollMs: 0, failureLimit: 3, now: () => now },
      service.service.logger,
    );
    const klineCalls = () => world.market.calls('/fapi/v1/klines');
    const intervalsAsked: string[] = [];
    const tickCounting = async () => {
      const before = klineCalls();
      await runtime.tick();
      intervalsAsked.push(world.market.lastQuery('/fapi/v1/klines')?.get('interval') ?? '');
      return klineCalls() - before;
    };

    expect(await tickCounting()).toBe(2); // history for ETHUSDT 1h (two strategies) and 4h
    expect(await tickCounting()).toBe(0);
    now += 55 * 60_000; // 5 minutes past the next hour, so the 1h candle has closed
    expect(await tickCounting()).toBe(1);
    expect(intervalsAsked.at(-1)).toBe('1h');
    expect(world.market.lastQuery('/fapi/v1/klines')?.get('limit')).toBe('5');
    expect(await tickCounting()).toBe(0);
  });
});
