import Decimal from 'decimal.js';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { STAND_IN_COMMISSION_RATE } from '../stand-ins/exchange-account';
import { closedPosition, closeEvents, connectionsOf, protectedLong as longOn, STREAM_RUNTIME_ENV, type LiveRun as Run } from '../support/live-stream';
import { waitFor } from '../support/wait';
import { startLiveTrading, type LiveTrading } from '../support/live-trading';
import type { TestService } from '../support/test-service';
import type { TradingWorld } from '../support/trading-world';

const RECORDED_WITHIN_MS = 2_000;

describe("the exchange's user data stream (contract §20)", () => {
  let world: TradingWorld;
  let service: TestService;
  let stop: LiveTrading['stop'];

  beforeAll(async () => ({ world, service, stop } = await startLiveTrading('account-stream', Date.now, STREAM_RUNTIME_ENV)));
  afterAll(() => stop());

  const protectedLong = (symbol: string) => longOn(service, world, symbol);

  const commission = (price: string) => new Decimal(2).mul(price).mul(STAND_IN_COMMISSION_RATE).toFixed();

  it.each([
    ['stop_loss', 'the stop fires', (_run: Run) => world.exchange.setMarkPrice('DOGEUSDT', '97.5'), 'DOGEUSDT', '97.5'],
    ['take_profit', 'the take-profit fires', (_run: Run) => world.exchange.setMarkPrice('SUIUSDT', '105.5'), 'SUIUSDT', '105.5'],
    ['liquidation', 'the exchange liquidates', (run: Run) => world.exchange.liquidate(run.apiKey, 'OPUSDT'), 'OPUSDT', '100'],
    ['external', 'the user closes it on the exchange', (run: Run) => world.exchange.closeByHand(run.apiKey, 'ARBUSDT'), 'ARBUSDT', '100'],
  ] as const)('records close_reason %s within 2 s when %s, at the fill price with its commission, once', async (reason, _when, act, symbol, price) => {
    const run = await protectedLong(symbol);
    const since = Date.now();
    act(run);
    const { position, after } = await closedPosition(run, since);
    expect(after).toBeLessThan(RECORDED_WITHIN_MS);
    expect(position).toMatchObject({ close_reason: reason, exit_price: price, exit_fee: commission(price) });
    // nothing further arrives: one close event, both conditional orders settled
    await new Promise((resolve) => setTimeout(resolve, 500));
    const events = await closeEvents(run);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ position_id: run.positionId, reason });
    expect(world.exchange.algoOrdersOf(run.apiKey).filter((algo) => algo.algoStatus === 'NEW')).toEqual([]);
    expect((await run.owner.call<StrategyRecord>('GET', `/v1/strategies/${run.id}`)).body.status).toBe('deployed');
  });

  it('repairs a stop that fired while the socket was down through the reconciliation after the reconnect, with no duplicate event', async () => {
    const run = await protectedLong('NEARUSDT');
    world.exchange.userStreams.drop(run.apiKey);
    world.exchange.setMarkPrice('NEARUSDT', '97');
    const { position } = await closedPosition(run, Date.now());
    expect(position).toMatchObject({ close_reason: 'stop_loss', exit_price: '97', exit_fee: commission('97') });
    // the repair may land before the stand-in has counted the new socket: it comes with the reconnect, not after it
    await waitFor('the stream reconnected', () => connectionsOf(world, run.apiKey) === 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await closeEvents(run)).toHaveLength(1);
  });

  it('closes once when every event arrives twice', async () => {
    const run = await protectedLong('FILUSDT');
    world.exchange.userStreams.duplicateEvents = true;
    try {
      world.exchange.liquidate(run.apiKey, 'FILUSDT');
      const { position } = await closedPosition(run, Date.now());
      expect(position.close_reason).toBe('liquidation');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await closeEvents(run)).toHaveLength(1);
    } finally {
      world.exchange.userStreams.duplicateEvents = false;
    }
  });

  it('takes a new listenKey when the exchange says the old one expired, and keeps recording', async () => {
    const run = await protectedLong('SEIUSDT');
    world.exchange.userStreams.expire(run.apiKey);
    await waitFor('a second connection', () => connectionsOf(world, run.apiKey) === 2);
    await waitFor('one open stream', () => world.exchange.userStreams.open(run.apiKey) === 1);
    const since = Date.now();
    world.exchange.closeByHand(run.apiKey, 'SEIUSDT');
    const { position, after } = await closedPosition(run, since);
    expect(after).toBeLessThan(RECORDED_WITHIN_MS);
    expect(position.close_reason).toBe('external');
  });
});
