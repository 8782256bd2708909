import type { SignedErrorBody } from '../../src/rest/error-responses';
import Decimal from 'decimal.js';
import { StrategyOrder } from '../../src/entities/strategy-order.entity';
import type { EventPage, PositionPage } from '../../src/services/strategies/strategy-history';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { STAND_IN_COMMISSION_RATE } from '../stand-ins/exchange-account';
import { fastClock, zigzag } from '../support/fast-clock';
import { startLiveTrading, type LiveAccount, type LiveTrading } from '../support/live-trading';
import type { TestService } from '../support/test-service';
import { strategyBody, type TradingWorld } from '../support/trading-world';
import { waitFor } from '../support/wait';

/** 1-minute candles close every second of wall time. */
const clock = fastClock(60);
/** The `{"error": {code, message}}` body of a `/v1` failure. */
describe('live orders on the exchange (contract §12)', () => {
  let live: LiveTrading;
  let world: TradingWorld;
  let service: TestService;
  const liveUser = () => live.account();

  beforeAll(async () => {
    live = await startLiveTrading('live', clock.now, { UPSTREAM_TIMEOUT_MS: '1500' });
    ({ world, service } = live);
  });
  afterAll(() => live.stop());

  async function createStrategy(owner: LiveAccount, overrides: Record<string, unknown>) {
    const { status, body } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody({ timeframe: '1m', ...overrides }));
    expect(status).toBe(200);
    return body.id;
  }

  const positionsOf = async (owner: LiveAccount, id: string) => (await owner.call<PositionPage>('GET', `/v1/strategies/${id}/positions?limit=100`)).body.data;
  const eventsOf = async (owner: LiveAccount, id: string) => (await owner.call<EventPage>('GET', `/v1/strategies/${id}/events?limit=500`)).body.data;
  const callsOf = (apiKey: string, path: string, method = 'POST') =>
    world.exchange.accepted.filter((call) => call.apiKey === apiKey && call.path === path && call.method === method);
  const ordersTable = (strategyId: string) => service.service.orm.em.fork().find(StrategyOrder, { strategyId }, { orderBy: { createdAt: 'asc' } });

  it("sets the run's leverage before the first order, sends quantities on the step with a unique client id, and takes price and fee from the exchange", async () => {
    world.market.scriptCloses('SOLUSDT', zigzag(150, 1, 2));
    world.exchange.setMarkPrice('SOLUSDT', '151.37');
    const owner = await liveUser();
    const id = await createStrategy(owner, { symbols: ['SOLUSDT'], capital: '333', leverage: 3 });
    expect((await owner.call('POST', `/v1/strategies/${id}/deploy`, {})).status).toBe(200);
    const [position] = await waitFor('a closed position', async () => {
      const positions = await positionsOf(owner, id);
      return positions.some((row) => row.closed_at) ? positions : undefined;
    });
    await owner.call('POST', `/v1/strategies/${id}/pause`, {});

    const leverage = callsOf(owner.apiKey, '/fapi/v1/leverage');
    const orders = callsOf(owner.apiKey, '/fapi/v1/order');
    expect(leverage.map((call) => Object.fromEntries(call.params))).toEqual([expect.objectContaining({ symbol: 'SOLUSDT', leverage: '3' })]);
    expect(world.exchange.accepted.indexOf(leverage[0]!)).toBeLessThan(world.exchange.accepted.indexOf(orders[0]!));
    // 333 × 3 / ~151 has many decimals: never sent with more than the 0.001 step allows
    expect(orders[0]!.params.get('quantity')).toMatch(/^\d+\.\d{1,3}$/);
    for (const order of orders) expect(new Decimal(order.params.get('quantity')!).mod('0.001').isZero()).toBe(true);
    const clientIds = orders.map((order) => order.params.get('newClientOrderId'));
    expect(new Set(clientIds).size).toBe(orders.length);
    expect(orders.every((order) => order.params.get('newOrderRespType') === 'RESULT')).toBe(true);
    // the closed position (oldest last): entry price and both fees are the exchange's own figures
    const closed = (await positionsOf(owner, id)).filter((row) => row.closed_at).at(-1)!;
    expect(closed).toMatchObject({ entry_price: '151.37', exit_price: '151.37', close_reason: 'signal', dry_run: false });
    expect(closed.entry_fee).toBe(new Decimal(closed.quantity).mul('151.37').mul(STAND_IN_COMMISSION_RATE).toFixed());
    expect(position).toBeDefined();
    const table = await ordersTable(id);
    expect(table.filter((row) => row.status === 'intended')).toEqual([]);
    expect(table.map((row) => row.id)).toEqual(expect.arrayContaining(clientIds as string[]));
  }, 40_000);

  it('answers a deploy the exchange refuses the leverage of with 502 UPSTREAM_FAILED and leaves the strategy in draft', async () => {
    world.exchange.maxLeverage.set('XRPUSDT', 5);
    const owner = await liveUser();
    const id = await createStrategy(owner, { symbols: ['XRPUSDT'], capital: '100', leverage: 10 });
    const response = await owner.call<SignedErrorBody>('POST', `/v1/strategies/${id}/deploy`, {});
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe('UPSTREAM_FAILED');
    expect((await owner.call<StrategyRecord>('GET', `/v1/strategies/${id}`)).body.status).toBe('draft');
    expect(callsOf(owner.apiKey, '/fapi/v1/order')).toEqual([]);
  });

  it.each([
    ['below_min_qty', 'BTCUSDT', { capital: '10', leverage: 1 }, 67_000],
    ['below_min_notional', 'LTCUSDT', { capital: '10', leverage: 1, params: { fast: 2, slow: 3, position_size: 0.05 } }, 80],
  ])(
    'skips an entry %s with strategy.order_skipped, sends no order and stays deployed',
    async (reason, symbol, overrides, base) => {
      world.market.scriptCloses(symbol, zigzag(base, base / 100, 2));
      const owner = await liveUser();
      const id = await createStrategy(owner, { symbols: [symbol], ...overrides });
      expect((await owner.call('POST', `/v1/strategies/${id}/deploy`, {})).status).toBe(200);
      const skipped = await waitFor('a strategy.order_skipped event', async () =>
        (await eventsOf(owner, id)).find((event) => event.type === 'strategy.order_skipped'),
      );
      expect(skipped.data).toMatchObject({ strategy_id: id, symbol, side: 'long', reason });
      expect((await owner.call<StrategyRecord>('GET', `/v1/strategies/${id}`)).body.status).toBe('deployed');
      await owner.call('POST', `/v1/strategies/${id}/pause`, {});
      expect(callsOf(owner.apiKey, '/fapi/v1/order')).toEqual([]);
    },
    30_000,
  );

  it.each([['lost-after-fill' as const], ['timeout-after-fill' as const]])(
    'an order whose answer is lost (%s) is looked up by its client id: exactly one position and one filled order',
    async (fault) => {
      world.market.scriptCloses('LINKUSDT', zigzag(14, 0.2, 3));
      world.exchange.setMarkPrice('LINKUSDT', '14');
      const owner = await liveUser();
      const id = await createStrategy(owner, { symbols: ['LINKUSDT'], capital: '200', leverage: 1 });
      world.exchange.orderFaults.push(fault);
      expect((await owner.call('POST', `/v1/strategies/${id}/deploy`, {})).status).toBe(200);
      const [position] = await waitFor('a position', async () => {
        const positions = await positionsOf(owner, id);
        return positions.length > 0 ? positions : undefined;
      });
      await owner.call('POST', `/v1/strategies/${id}/pause`, {});
      const placed = callsOf(owner.apiKey, '/fapi/v1/order');
      const lookUps = callsOf(owner.apiKey, '/fapi/v1/order', 'GET');
      // the lost order was looked up by its client id before any other order was sent
      expect(lookUps[0]!.params.get('origClientOrderId')).toBe(placed[0]!.params.get('newClientOrderId'));
      expect(world.exchange.accepted.indexOf(lookUps[0]!)).toBeLessThan(placed[1] ? world.exchange.accepted.indexOf(placed[1]) : Infinity);
      expect(world.exchange.ordersOf(owner.apiKey)[0]).toMatchObject({ status: 'FILLED', clientOrderId: placed[0]!.params.get('newClientOrderId') });
      const entries = (await ordersTable(id)).filter((row) => row.purpose === 'entry');
      expect(entries[0]).toMatchObject({ status: 'filled', positionId: position!.id });
      expect(position).toMatchObject({ quantity: placed[0]!.params.get('quantity'), entry_price: '14' });
      // one signal, one position: the exchange holds exactly what the service recorded
      const open = (await positionsOf(owner, id)).filter((row) => !row.closed_at);
      expect(world.exchange.positionOf(owner.apiKey, 'LINKUSDT')).toBe(open.reduce((sum, row) => sum.plus(row.quantity), new Decimal(0)).toFixed());
    },
    40_000,
  );

  it('after a 5xx the order is looked up before anything else is sent; an order that never arrived is recorded as missing and no position is made up', async () => {
    world.market.scriptCloses('DOTUSDT', zigzag(6, 0.1, 3));
    world.exchange.setMarkPrice('DOTUSDT', '6');
    const owner = await liveUser();
    const id = await createStrategy(owner, { symbols: ['DOTUSDT'], capital: '100', leverage: 1 });
    world.exchange.orderFaults.push('server-error');
    expect((await owner.call('POST', `/v1/strategies/${id}/deploy`, {})).status).toBe(200);
    const missing = await waitFor("an order marked 'missing'", async () => (await ordersTable(id)).find((row) => row.status === 'missing'), {
      timeoutMs: 30_000,
    });
    const placed = callsOf(owner.apiKey, '/fapi/v1/order');
    const lookUps = callsOf(owner.apiKey, '/fapi/v1/order', 'GET').filter((call) => call.params.get('origClientOrderId') === missing.id);
    expect(placed[0]!.params.get('newClientOrderId')).toBe(missing.id);
    expect(lookUps.length).toBeGreaterThan(0);
    const nextOrder = placed[1] ? world.exchange.accepted.indexOf(placed[1]) : Infinity;
    expect(world.exchange.accepted.indexOf(lookUps.at(-1)!)).toBeLessThan(nextOrder);
    await owner.call('POST', `/v1/strategies/${id}/pause`, {});
    // the service holds exactly the positions the exchange filled orders for
    const filledEntries = (await ordersTable(id)).filter((row) => row.purpose === 'entry' && row.status === 'filled');
    expect(await positionsOf(owner, id)).toHaveLength(filledEntries.length);
    expect(world.exchange.ordersOf(owner.apiKey).some((order) => order.clientOrderId === missing.id)).toBe(false);
  }, 45_000);

  it("places STOP_MARKET and TAKE_PROFIT_MARKET closing orders on the Algo Order API after an entry fills; the stop's fill closes the position with stop_loss at the exchange's price", async () => {
    world.market.scriptCloses('AVAXUSDT', zigzag(27, 0.5, 4));
    world.exchange.setMarkPrice('AVAXUSDT', '27');
    const owner = await liveUser();
    const id = await createStrategy(owner, {
      symbols: ['AVAXUSDT'],
      capital: '100',
      leverage: 2,
      params: { fast: 2, slow: 3, stop_loss_pct: 2, take_profit_pct: 5 },
    });
    expect((await owner.call('POST', `/v1/strategies/${id}/deploy`, {})).status).toBe(200);
    const [position] = await waitFor('a position with its two protective orders', async () => {
      const positions = await positionsOf(owner, id);
      return positions.length > 0 && world.exchange.algoOrdersOf(owner.apiKey).length === 2 ? positions : undefined;
    });
    const algos = callsOf(owner.apiKey, '/fapi/v1/algoOrder').map((call) => Object.fromEntries(call.params));
    expect(algos).toEqual([
      expect.objectContaining({
        algoType: 'CONDITIONAL',
        symbol: 'AVAXUSDT',
        side: 'SELL',
        type: 'STOP_MARKET',
        triggerPrice: '26.46',
        closePosition: 'true',
        workingType: 'MARK_PRICE',
      }),
      expect.objectContaining({
        algoType: 'CONDITIONAL',
        symbol: 'AVAXUSDT',
        side: 'SELL',
        type: 'TAKE_PROFIT_MARKET',
        triggerPrice: '28.35',
        closePosition: 'true',
        workingType: 'MARK_PRICE',
      }),
    ]);
    expect(algos.every((algo) => typeof algo.clientAlgoId === 'string' && algo.clientAlgoId.length > 0)).toBe(true);

    world.exchange.setMarkPrice('AVAXUSDT', '26.31');
    const closed = await waitFor('the position closes on its stop loss', async () =>
      (await positionsOf(owner, id)).find((row) => row.id === position!.id && row.closed_at),
    );
    await owner.call('POST', `/v1/strategies/${id}/pause`, {});
    expect(closed).toMatchObject({ close_reason: 'stop_loss', exit_price: '26.31' });
    expect(closed.exit_fee).toBe(new Decimal(closed.quantity).mul('26.31').mul(STAND_IN_COMMISSION_RATE).toFixed());
    const event = (await eventsOf(owner, id)).find((row) => row.type === 'strategy.position_closed' && row.data.position_id === position!.id);
    expect(event!.data).toMatchObject({ reason: 'stop_loss', exit_price: '26.31' });
    // the take-profit had nothing left to close and was cancelled
    expect(world.exchange.algoOrdersOf(owner.apiKey).map((algo) => [algo.orderType, algo.algoStatus])).toEqual([
      ['STOP_MARKET', 'FINISHED'],
      ['TAKE_PROFIT_MARKET', 'CANCELED'],
    ]);
    expect(world.exchange.positionOf(owner.apiKey, 'AVAXUSDT')).toBe('0');
  }, 40_000);

  it('pause with close_positions on a live run cancels the conditional orders and closes each position with an order of its own (close_reason pause)', async () => {
    world.market.scriptCloses('INJUSDT', zigzag(22, 0.4, 4));
    world.exchange.setMarkPrice('INJUSDT', '22');
    const owner = await liveUser();
    const id = await createStrategy(owner, { symbols: ['INJUSDT'], capital: '100', leverage: 1, params: { fast: 2, slow: 3, stop_loss_pct: 3 } });
    expect((await owner.call('POST', `/v1/strategies/${id}/deploy`, {})).status).toBe(200);
    const [position] = await waitFor('a position with its protective order', async () => {
      const positions = await positionsOf(owner, id);
      return positions.length > 0 && world.exchange.algoOrdersOf(owner.apiKey).length === 1 ? positions : undefined;
    });
    world.exchange.setMarkPrice('INJUSDT', '22.5');
    const paused = await owner.call<StrategyRecord>('POST', `/v1/strategies/${id}/pause`, { close_positions: true });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 'paused', stats: { open_positions: 0 } });
    const closed = (await positionsOf(owner, id)).find((row) => row.id === position!.id)!;
    expect(closed).toMatchObject({ close_reason: 'pause', exit_price: '22.5' });
    expect(world.exchange.algoOrdersOf(owner.apiKey).map((algo) => algo.algoStatus)).toEqual(['CANCELED']);
    expect(world.exchange.positionOf(owner.apiKey, 'INJUSDT')).toBe('0');
    const exit = callsOf(owner.apiKey, '/fapi/v1/order').at(-1)!;
    expect(Object.fromEntries(exit.params)).toMatchObject({ side: 'SELL', type: 'MARKET', reduceOnly: 'true', quantity: closed.quantity });
  }, 40_000);

  it('pause with close_positions answers 502 when the exchange fails, with the strategy paused and the position still open', async () => {
    world.market.scriptCloses('TIAUSDT', zigzag(6, 0.1, 4));
    world.exchange.setMarkPrice('TIAUSDT', '6');
    const owner = await liveUser();
    const id = await createStrategy(owner, { symbols: ['TIAUSDT'], capital: '100', leverage: 1 });
    expect((await owner.call('POST', `/v1/strategies/${id}/deploy`, {})).status).toBe(200);
    await waitFor('an open position', async () => (await positionsOf(owner, id)).some((row) => !row.closed_at));
    world.exchange.failing = true;
    try {
      const response = await owner.call<SignedErrorBody>('POST', `/v1/strategies/${id}/pause`, { close_positions: true });
      expect(response.status).toBe(502);
      expect(response.body.error.code).toBe('UPSTREAM_FAILED');
    } finally {
      world.exchange.failing = false;
    }
    expect((await owner.call<StrategyRecord>('GET', `/v1/strategies/${id}`)).body.status).toBe('paused');
    expect((await positionsOf(owner, id)).filter((row) => !row.closed_at)).toHaveLength(1);
  }, 40_000);

  it('a position the exchange no longer holds when the run resumes is closed as liquidated at the mark price', async () => {
    world.market.scriptCloses('APTUSDT', zigzag(8, 0.2, 4));
    world.exchange.setMarkPrice('APTUSDT', '8');
    const owner = await liveUser();
    const id = await createStrategy(owner, { symbols: ['APTUSDT'], capital: '100', leverage: 1 });
    expect((await owner.call('POST', `/v1/strategies/${id}/deploy`, {})).status).toBe(200);
    const open = await waitFor('an open position', async () => (await positionsOf(owner, id)).find((row) => !row.closed_at));
    expect((await owner.call('POST', `/v1/strategies/${id}/pause`, {})).status).toBe(200);
    // liquidated on the exchange while paused
    world.exchange.setPosition(owner.apiKey, 'APTUSDT', '0');
    world.exchange.setMarkPrice('APTUSDT', '7.1');
    expect((await owner.call('POST', `/v1/strategies/${id}/deploy`, {})).status).toBe(200);
    const closed = await waitFor('the position closes by liquidation', async () =>
      (await positionsOf(owner, id)).find((row) => row.id === open.id && row.closed_at),
    );
    await owner.call('POST', `/v1/strategies/${id}/pause`, {});
    expect(closed).toMatchObject({ close_reason: 'liquidation', exit_price: '7.1', exit_fee: '0' });
    expect(callsOf(owner.apiKey, '/fapi/v2/positionRisk', 'GET').length).toBeGreaterThan(0);
  }, 40_000);
});
