import Decimal from 'decimal.js';
import { StrategyOrder } from '../../src/entities/strategy-order.entity';
import { StrategyPosition } from '../../src/entities/strategy-position.entity';
import { STAND_IN_COMMISSION_RATE } from '../stand-ins/exchange-account';
import { closedPosition, closeEvents, connectionsOf, positionOf, protectedLong, STREAM_RUNTIME_ENV, type LiveRun } from '../support/live-stream';
import { waitFor } from '../support/wait';
import { startLiveTrading, type LiveTrading } from '../support/live-trading';
import type { TestService } from '../support/test-service';
import type { TradingWorld } from '../support/trading-world';

const RECORDED_WITHIN_MS = 2_000;
/** Long enough for anything still on its way (a duplicate, a settle delay) to have arrived. */
const QUIET_MS = 800;
const commission = (quantity: string, price: string) => new Decimal(quantity).mul(price).mul(STAND_IN_COMMISSION_RATE).toFixed();

describe('reconciliation after a (re)connect and ACCOUNT_UPDATE alone (contract §20)', () => {
  let world: TradingWorld;
  let service: TestService;
  let stop: LiveTrading['stop'];

  beforeAll(async () => ({ world, service, stop } = await startLiveTrading('account-reconciliation', Date.now, STREAM_RUNTIME_ENV)));
  afterAll(() => stop());

  const ordersOf = (run: LiveRun) => service.service.orm.em.fork().find(StrategyOrder, { strategyId: run.id }, { orderBy: { purpose: 'asc' } });
  const askedSince = (run: LiveRun, path: string, since: number) =>
    world.exchange.accepted.filter((call) => call.apiKey === run.apiKey && call.path === path && Number(call.params.get('timestamp')) >= since).length;
  /** Drops the account's socket, runs `meanwhile`, and waits for the reconnect. */
  async function whileDisconnected(run: LiveRun, meanwhile: () => void | Promise<void>) {
    world.exchange.userStreams.drop(run.apiKey);
    await meanwhile();
    await waitFor('the stream reconnected', () => connectionsOf(world, run.apiKey) === 2 && world.exchange.userStreams.open(run.apiKey) === 1);
  }

  it('a trailing stop that fired while the socket was down closes the position at its fill and commission, once', async () => {
    const run = await protectedLong(service, world, 'ADAUSDT', { trailing_stop_pct: 1 }, 1);
    const since = Date.now();
    await whileDisconnected(run, () => world.exchange.setMarkPrice('ADAUSDT', '98.5'));
    const { position } = await closedPosition(run);
    expect(position).toMatchObject({ close_reason: 'trailing_stop', exit_price: '98.5', exit_fee: commission('2', '98.5') });
    // the reconciliation asked for the exchange's open orders and open conditional orders
    // (the orders step comes after the funding and positions steps, which may already have closed the position)
    await waitFor('the open conditional orders asked for', () => askedSince(run, '/fapi/v1/openAlgoOrders', since) >= 1);
    await waitFor('the open orders asked for', () => askedSince(run, '/fapi/v1/openOrders', since) >= 1);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(await closeEvents(run)).toHaveLength(1);
    expect((await ordersOf(run)).map((order) => [order.purpose, order.status])).toEqual([['trailing_stop', 'filled']]);
  });

  it('a stop the user cancelled on the exchange while the socket was down is recorded cancelled; the position stays open', async () => {
    const run = await protectedLong(service, world, 'AVAXUSDT');
    const stop = (await ordersOf(run)).find((order) => order.purpose === 'stop_loss')!;
    await whileDisconnected(run, () => world.exchange.cancelAlgoByHand(run.apiKey, stop.id));
    await waitFor('the stop recorded cancelled', async () => (await ordersOf(run)).find((order) => order.id === stop.id)?.status === 'cancelled');
    expect((await ordersOf(run)).map((order) => [order.purpose, order.status])).toEqual([
      ['stop_loss', 'cancelled'],
      ['take_profit', 'open'],
    ]);
    expect((await positionOf(run)).closed_at).toBeNull();
    expect(world.exchange.algoOrdersOf(run.apiKey).filter((algo) => algo.algoStatus === 'NEW')).toHaveLength(1);
  });

  it('conditional orders the exchange still holds for a position closed here are cancelled', async () => {
    const run = await protectedLong(service, world, 'ATOMUSDT');
    await whileDisconnected(run, async () => {
      // as when the position closed here while its orders' cancels were lost
      await service.service.orm.em
        .fork()
        .nativeUpdate(StrategyPosition, { id: run.positionId }, { closedAt: new Date(), closeReason: 'manual', exitPrice: '100', exitFee: '0', pnl: '-0.08' });
      world.exchange.setPosition(run.apiKey, 'ATOMUSDT', '0');
    });
    await waitFor('the orphan orders cancelled on the exchange', () => world.exchange.algoOrdersOf(run.apiKey).every((algo) => algo.algoStatus === 'CANCELED'));
    await waitFor('the orphan orders recorded cancelled', async () => (await ordersOf(run)).every((order) => order.status === 'cancelled'));
    expect(await closeEvents(run)).toHaveLength(0);
  });

  it('the order event before the ACCOUNT_UPDATE, each arriving twice, closes the position once', async () => {
    const run = await protectedLong(service, world, 'LINKUSDT');
    // every account's events arrive twice meanwhile: the other cases must not mind either
    world.exchange.userStreams.duplicateEvents = true;
    world.exchange.closeByHand(run.apiKey, 'LINKUSDT', { events: 'order-first' });
    const { position } = await closedPosition(run).finally(() => {
      world.exchange.userStreams.duplicateEvents = false;
    });
    expect(position).toMatchObject({ close_reason: 'external', exit_price: '100', exit_fee: commission('2', '100') });
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(await closeEvents(run)).toHaveLength(1);
    const pnl = new Decimal(0).minus('0.08').minus(commission('2', '100'));
    expect(new Decimal(position.pnl!).eq(pnl)).toBe(true);
  });

  it('an ACCOUNT_UPDATE that only reduces the amount closes nothing', async () => {
    const run = await protectedLong(service, world, 'DOTUSDT');
    world.exchange.closeByHand(run.apiKey, 'DOTUSDT', { quantity: '1', events: 'account-only' });
    expect(world.exchange.positionOf(run.apiKey, 'DOTUSDT')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect((await positionOf(run)).closed_at).toBeNull();
    expect(await closeEvents(run)).toHaveLength(0);
  });

  // (the cases run one at a time, so no other setup loads the 2 s it is allowed)
  it('an ACCOUNT_UPDATE showing the symbol flat, with no order event, closes the position as external within 2 s at the trade’s price', async () => {
    const run = await protectedLong(service, world, 'TIAUSDT');
    world.exchange.setMarkPrice('TIAUSDT', '101');
    const since = Date.now();
    world.exchange.closeByHand(run.apiKey, 'TIAUSDT', { events: 'account-only' });
    const { position, after } = await closedPosition(run, since);
    expect(after).toBeLessThan(RECORDED_WITHIN_MS);
    expect(position).toMatchObject({ close_reason: 'external', exit_price: '101', exit_fee: commission('2', '101') });
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(await closeEvents(run)).toHaveLength(1);
    expect(world.exchange.algoOrdersOf(run.apiKey).filter((algo) => algo.algoStatus === 'NEW')).toEqual([]);
  });
});
