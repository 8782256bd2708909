import Decimal from 'decimal.js';
import { StrategyOrder } from '../../src/entities/strategy-order.entity';
import type { PositionPage } from '../../src/services/strategies/strategy-history';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { fastClock, zigzag } from '../support/fast-clock';
import { liveAccount } from '../support/live-trading';
import { startTakeoverWorld, type TakeoverWorld } from '../support/takeover-world';
import { strategyBody } from '../support/trading-world';
import { waitFor } from '../support/wait';

const clock = fastClock(30);

describe('a live order in flight when its worker is killed (contract §12)', () => {
  let takeover: TakeoverWorld;

  beforeAll(async () => {
    takeover = await startTakeoverWorld({ STRATEGY_TICK_MS: '100', STRATEGY_KLINE_POLL_MS: '200', UPSTREAM_TIMEOUT_MS: '20000' }, { now: clock.now });
  }, 120_000);
  afterAll(() => takeover.stop());

  it('kill -9 between the intent and the fill, then takeover: exactly one position, the order settled, nothing orphaned', async () => {
    const { world, api } = takeover;
    world.market.scriptCloses('NEARUSDT', zigzag(5, 0.1, 3));
    world.exchange.setMarkPrice('NEARUSDT', '5');
    const owner = await liveAccount(api.url, world, 'takeover');
    const { body } = await owner.call<StrategyRecord>(
      'POST',
      '/v1/strategies',
      strategyBody({ symbols: ['NEARUSDT'], timeframe: '1m', capital: '100', leverage: 1 }),
    );
    world.exchange.holdOrders = true;
    expect((await owner.call('POST', `/v1/strategies/${body.id}/deploy`, {})).status).toBe(200);

    // the owning worker has recorded its intent and is waiting for the exchange's answer
    await waitFor('the exchange holds the order', () => world.exchange.heldOrders > 0, { timeoutMs: 30_000 });
    const intents = await api.service.orm.em.fork().find(StrategyOrder, { strategyId: body.id });
    expect(intents.map((row) => [row.purpose, row.status])).toEqual([['entry', 'intended']]);
    const owning = await takeover.owner('the worker running the strategy', (line) => line.includes('"msg":"strategy evaluated"') && line.includes(body.id));
    await takeover.kill(owning);
    // the exchange carries the order out; nobody hears the answer
    world.exchange.releaseHeldOrders();

    const position = await waitFor(
      'the position is recorded by the survivor',
      async () => {
        const { body: page } = await owner.call<PositionPage>('GET', `/v1/strategies/${body.id}/positions`);
        return page.data[0];
      },
      { timeoutMs: 30_000 },
    );
    expect((await owner.call('POST', `/v1/strategies/${body.id}/pause`, {})).status).toBe(200);

    const rows = await api.service.orm.em.fork().find(StrategyOrder, { strategyId: body.id }, { orderBy: { createdAt: 'asc' } });
    expect(rows.filter((row) => row.status === 'intended')).toEqual([]);
    expect(rows[0]).toMatchObject({ id: intents[0]!.id, status: 'filled', positionId: position.id });
    const exchangeOrders = world.exchange.ordersOf(owner.apiKey);
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
    expect(world.exchange.positionOf(owner.apiKey, 'NEARUSDT')).toBe(open.reduce((sum, row) => sum.plus(row.quantity), new Decimal(0)).toFixed());
    expect(positions.data.filter((row) => row.opened_at === position.opened_at)).toHaveLength(1);
  }, 120_000);
});
