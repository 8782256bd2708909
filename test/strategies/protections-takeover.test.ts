import Decimal from 'decimal.js';
import { StrategyOrder } from '../../src/entities/strategy-order.entity';
import { Strategy } from '../../src/entities/strategy.entity';
import type { EventPage, PositionPage } from '../../src/services/strategies/strategy-history';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { fastClock, zigzag } from '../support/fast-clock';
import { liveAccount } from '../support/live-trading';
import { startTakeoverWorld, type TakeoverWorld } from '../support/takeover-world';
import { strategyBody } from '../support/trading-world';
import { waitFor } from '../support/wait';

const clock = fastClock(30);

describe('a max drawdown whose owning worker is killed between the trip and the closing order (contract §19)', () => {
  let takeover: TakeoverWorld;

  beforeAll(async () => {
    takeover = await startTakeoverWorld({ STRATEGY_TICK_MS: '100', STRATEGY_KLINE_POLL_MS: '200', UPSTREAM_TIMEOUT_MS: '20000' }, { now: clock.now });
  }, 120_000);
  afterAll(() => takeover.stop());

  it('kill -9 with the protection close in flight, then takeover: the trip reported once, one closing order, the run paused, nothing left open', async () => {
    const { world, api } = takeover;
    world.market.scriptCloses('APTUSDT', zigzag(8, 0.2, 4));
    world.exchange.setMarkPrice('APTUSDT', '8');
    const owner = await liveAccount(api.url, world, 'prot-takeover');
    const { body } = await owner.call<StrategyRecord>(
      'POST',
      '/v1/strategies',
      strategyBody({ symbols: ['APTUSDT'], timeframe: '1m', capital: '100', leverage: 5, params: { fast: 2, slow: 3, max_drawdown_pct: 1 } }),
    );
    expect((await owner.call('POST', `/v1/strategies/${body.id}/deploy`, {})).status).toBe(200);
    const position = await waitFor(
      'a position opens',
      async () => (await owner.call<PositionPage>('GET', `/v1/strategies/${body.id}/positions`)).body.data[0],
      { timeoutMs: 40_000 },
    );
    // from now on the exchange holds order requests: the next one is the protection's close
    world.exchange.holdOrders = true;
    await waitFor('the exchange holds the closing order', () => world.exchange.heldOrders > 0, { timeoutMs: 40_000 });
    const inFlight = await api.service.orm.em.fork().find(StrategyOrder, { strategyId: body.id, status: 'intended' });
    expect(inFlight.map((row) => [row.purpose, row.closeReason])).toEqual([['exit', 'protection']]);
    const tripped = await api.service.orm.em.fork().findOneOrFail(Strategy, { id: body.id });
    expect(tripped.protectionState?.APTUSDT).toMatchObject({ stopped: true, closing: 'max_drawdown' });
    const owning = await takeover.owner('the worker running the strategy', (line) => line.includes('"msg":"strategy evaluated"') && line.includes(body.id));
    await takeover.kill(owning);
    world.exchange.releaseHeldOrders();

    await waitFor(
      'the strategy is paused by the survivor',
      async () => (await owner.call<StrategyRecord>('GET', `/v1/strategies/${body.id}`)).body.status === 'paused',
      { timeoutMs: 60_000 },
    );
    const { body: positions } = await owner.call<PositionPage>('GET', `/v1/strategies/${body.id}/positions`);
    expect(positions.data).toHaveLength(1);
    expect(positions.data[0]).toMatchObject({ id: position.id, close_reason: 'protection' });
    expect(world.exchange.positionOf(owner.apiKey, 'APTUSDT')).toBe('0');
    const rows = await api.service.orm.em.fork().find(StrategyOrder, { strategyId: body.id }, { orderBy: { createdAt: 'asc' } });
    expect(rows.filter((row) => row.status === 'intended')).toEqual([]);
    expect(rows.map((row) => [row.purpose, row.status])).toEqual([
      ['entry', 'filled'],
      ['exit', 'filled'],
    ]);
    expect(
      world.exchange
        .ordersOf(owner.apiKey)
        .map((order) => order.clientOrderId)
        .sort(),
    ).toEqual(rows.map((row) => row.id).sort());
    expect(new Decimal(world.exchange.ordersOf(owner.apiKey)[1]!.executedQty).toFixed()).toBe(new Decimal(position.quantity).toFixed());
    const { body: events } = await owner.call<EventPage>('GET', `/v1/strategies/${body.id}/events?limit=100`);
    expect(events.data.filter((event) => event.type === 'strategy.protection_triggered')).toHaveLength(1);
    expect(events.data.filter((event) => event.type === 'strategy.paused')).toHaveLength(1);
  }, 180_000);
});
