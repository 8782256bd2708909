import type { SignedErrorBody } from '../../src/rest/error-responses';
import Decimal from 'decimal.js';
import { StrategyOrder } from '../../src/entities/strategy-order.entity';
import { STAND_IN_COMMISSION_RATE } from '../stand-ins/exchange-account';
import { CloseStrategyPositionDocument } from '../graphql/generated';
import type { EventPage, PositionPage } from '../../src/services/strategies/strategy-history';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { fastClock } from '../support/fast-clock';
import { graphql, request } from '../support/http';
import { bearer, newAccount } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, strategyBody, type TradingWorld } from '../support/trading-world';
import { waitFor } from '../support/wait';

/** The `{"error": {code, message}}` body of a `/v1` failure. */
/** 1-minute candles close every second of wall time. */
const clock = fastClock(60);
const RUNTIME_ENV = { STRATEGY_TICK_MS: '100', STRATEGY_KLINE_POLL_MS: '200', STRATEGY_FAILURE_LIMIT: '5' };
const barNow = () => Math.floor(clock.now() / 60_000);

/** Closes that fall until a few bars from now and rise for good after: an SMA cross goes long once and stays long. */
function turnUp(base: number): (barIndex: number) => number {
  const pivot = barNow() + 3;
  return (index) => base + 0.1 * (index - pivot) * (index < pivot ? -1 : 1);
}

describe('closing one position by hand (contract §20)', () => {
  let world: TradingWorld;
  let service: TestService;
  let counter = 0;
  const account = () => newAccount(service.url, world, `close${(counter += 1)}@example.com`);
  type Owner = Awaited<ReturnType<typeof account>>;

  beforeAll(async () => {
    world = await startTradingWorld({ now: clock.now });
    service = await startTestService({ ...world.env, ...RUNTIME_ENV });
  });
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  const positionsOf = async (owner: Owner, id: string) => (await owner.call<PositionPage>('GET', `/v1/strategies/${id}/positions?limit=100`)).body.data;
  const closeEvents = async (owner: Owner, id: string) =>
    (await owner.call<EventPage>('GET', `/v1/strategies/${id}/events?limit=500`)).body.data.filter((event) => event.type === 'strategy.position_closed');

  /** A deployed dry run of `symbol` once it holds an open long. */
  async function openDryRun(owner: Owner, symbol: string) {
    const script = turnUp(100);
    world.market.scriptCloses(symbol, script);
    const created = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody({ symbols: [symbol], timeframe: '1m' }));
    expect((await owner.call('POST', `/v1/strategies/${created.body.id}/deploy`, { dry_run: true })).status).toBe(200);
    const open = await waitFor('an open position', async () => (await positionsOf(owner, created.body.id)).find((row) => !row.closed_at));
    return { id: created.body.id, open, script };
  }

  it('GraphQL closeStrategyPosition closes a dry-run position at the last price with close_reason manual, once, and leaves the strategy deployed', async () => {
    const owner = await account();
    const { id, open, script } = await openDryRun(owner, 'DOTUSDT');
    const before = barNow();
    const closed = await graphql(service.url, CloseStrategyPositionDocument, { strategyId: id, symbol: 'dotusdt' }, bearer(owner.token));
    const after = barNow();
    expect(closed.errors).toBeUndefined();
    const position = closed.data!.closeStrategyPosition;
    expect(position).toMatchObject({ id: open.id, symbol: 'DOTUSDT', side: 'long', closeReason: 'manual', dryRun: true });
    // the forming bar's latest close when the call was made
    const prices = Array.from({ length: after - before + 2 }, (_, offset) => script(before - 1 + offset).toFixed(2));
    expect(prices).toContain(new Decimal(position.exitPrice!).toFixed(2));
    expect(position.exitFee).toBe(new Decimal(open.quantity).mul(position.exitPrice!).mul('0.0005').toFixed());
    const gross = new Decimal(position.exitPrice!).minus(open.entry_price).mul(open.quantity);
    expect(position.pnl).toBe(gross.minus(open.entry_fee).minus(position.exitFee!).minus(position.funding).toFixed());

    expect((await owner.call<StrategyRecord>('GET', `/v1/strategies/${id}`)).body.status).toBe('deployed');
    const events = await closeEvents(owner, id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ position_id: open.id, reason: 'manual' });

    const again = await graphql(service.url, CloseStrategyPositionDocument, { strategyId: id, symbol: 'DOTUSDT' }, bearer(owner.token));
    expect(again.errors?.[0]?.extensions?.code).toBe('INVALID_STATE');
    expect(again.errors?.[0]?.message).toMatch(/no open position on DOTUSDT/);
    await owner.call('POST', `/v1/strategies/${id}/pause`, {});
  }, 40_000);

  it("GraphQL closeStrategyPosition is NOT_FOUND for an unknown strategy and for another user's", async () => {
    const owner = await account();
    const stranger = await account();
    const created = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
    for (const [strategyId, token] of [
      ['strat_0000000000000000', owner.token],
      [created.body.id, stranger.token],
    ] as const) {
      const answer = await graphql(service.url, CloseStrategyPositionDocument, { strategyId, symbol: 'BTCUSDT' }, bearer(token));
      expect(answer.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(answer.data).toBeNull();
    }
  });

  it('POST /v1/strategies/{id}/positions/{symbol}/close closes a live position with a reduce-only MARKET order at the exchange fill price and commission', async () => {
    world.exchange.balances = { USDT: '100000' };
    world.exchange.setMarkPrice('ATOMUSDT', '10');
    world.market.scriptCloses('ATOMUSDT', turnUp(10));
    const owner = await account();
    world.exchange.addAccount('CLOSE-KEY', 'close-secret');
    const registered = await request(service.url, 'POST', '/api-key/register', {
      json: { api_key: 'CLOSE-KEY', api_secret: 'close-secret' },
      headers: bearer(owner.token),
    });
    expect(registered.status).toBe(200);
    const created = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody({ symbols: ['ATOMUSDT'], timeframe: '1m', capital: '100' }));
    const id = created.body.id;
    expect((await owner.call('POST', `/v1/strategies/${id}/deploy`, {})).status).toBe(200);
    const open = await waitFor('an open position', async () => (await positionsOf(owner, id)).find((row) => !row.closed_at));
    world.exchange.setMarkPrice('ATOMUSDT', '10.4');

    const closed = await owner.call<PositionPage['data'][number]>('POST', `/v1/strategies/${id}/positions/ATOMUSDT/close`, {});
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ id: open.id, close_reason: 'manual', exit_price: '10.4', funding: '0', dry_run: false });
    expect(closed.body.exit_fee).toBe(new Decimal(open.quantity).mul('10.4').mul(STAND_IN_COMMISSION_RATE).toFixed());
    const exit = world.exchange.accepted.filter((call) => call.apiKey === 'CLOSE-KEY' && call.path === '/fapi/v1/order' && call.method === 'POST').at(-1)!;
    expect(Object.fromEntries(exit.params)).toMatchObject({ symbol: 'ATOMUSDT', side: 'SELL', type: 'MARKET', reduceOnly: 'true', quantity: open.quantity });
    const orders = await service.service.orm.em.fork().find(StrategyOrder, { strategyId: id, purpose: 'exit' });
    expect(orders.map((order) => [order.id, order.status, order.closeReason])).toEqual([[exit.params.get('newClientOrderId'), 'filled', 'manual']]);
    expect(world.exchange.positionOf('CLOSE-KEY', 'ATOMUSDT')).toBe('0');
    expect((await owner.call<StrategyRecord>('GET', `/v1/strategies/${id}`)).body.status).toBe('deployed');
    const events = await closeEvents(owner, id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ position_id: open.id, reason: 'manual' });
    await owner.call('POST', `/v1/strategies/${id}/pause`, {});
  }, 40_000);

  it("POST .../positions/{symbol}/close answers 409 INVALID_STATE without an open position there, 404 NOT_FOUND for an unknown or another key's strategy", async () => {
    const owner = await account();
    const stranger = await account();
    const created = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
    const none = await owner.call<SignedErrorBody>('POST', `/v1/strategies/${created.body.id}/positions/BTCUSDT/close`, {});
    expect(none.status).toBe(409);
    expect(none.body.error).toEqual({ code: 'INVALID_STATE', message: 'the strategy has no open position on BTCUSDT' });
    const unknown = await owner.call<SignedErrorBody>('POST', '/v1/strategies/strat_0000000000000000/positions/BTCUSDT/close', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'NOT_FOUND', message: 'strategy not found' });
    const foreign = await stranger.call<SignedErrorBody>('POST', `/v1/strategies/${created.body.id}/positions/BTCUSDT/close`, {});
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
  });
});
