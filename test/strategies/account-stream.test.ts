import Decimal from 'decimal.js';
import { StrategyPosition } from '../../src/entities/strategy-position.entity';
import { Strategy } from '../../src/entities/strategy.entity';
import type { EventPage, PositionPage } from '../../src/services/strategies/strategy-history';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { STAND_IN_COMMISSION_RATE } from '../stand-ins/exchange-account';
import { request } from '../support/http';
import { bearer, newAccount } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, strategyBody, type TradingWorld } from '../support/trading-world';
import { waitFor } from '../support/wait';

/** The runtime evaluates rarely, so only the user data stream can record what the exchange does within the 2 s asked for. */
const RUNTIME_ENV = { STRATEGY_TICK_MS: '200', STRATEGY_KLINE_POLL_MS: '600000', STRATEGY_FAILURE_LIMIT: '5' };
const RECORDED_WITHIN_MS = 2_000;

describe("the exchange's user data stream (contract §20)", () => {
  let world: TradingWorld;
  let service: TestService;
  let counter = 0;

  beforeAll(async () => {
    world = await startTradingWorld();
    world.exchange.balances = { USDT: '100000' };
    service = await startTestService({ ...world.env, ...RUNTIME_ENV });
  });
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  /**
   * A deployed live strategy holding a long of 2 at 100 on `symbol`, protected
   * by the exchange's stop at 98 and take-profit at 105, with its account's
   * stream connected.
   */
  async function protectedLong(symbol: string) {
    counter += 1;
    const apiKey = `STREAM-KEY-${counter}`;
    world.exchange.addAccount(apiKey, `stream-secret-${counter}`);
    world.exchange.setMarkPrice(symbol, '100');
    const owner = await newAccount(service.url, world, `stream${counter}@example.com`);
    const registered = await request(service.url, 'POST', '/api-key/register', {
      json: { api_key: apiKey, api_secret: `stream-secret-${counter}` },
      headers: bearer(owner.token),
    });
    expect(registered.status).toBe(200);
    const created = await owner.call<StrategyRecord>(
      'POST',
      '/v1/strategies',
      strategyBody({ symbols: [symbol], timeframe: '1h', capital: '1000', params: { fast: 2, slow: 3, stop_loss_pct: 2, take_profit_pct: 5 } }),
    );
    const id = created.body.id;
    // a position the run holds on the exchange: the run's first reconciliation places its conditional orders
    world.exchange.setPosition(apiKey, symbol, '2');
    const em = service.service.orm.em.fork();
    em.create(StrategyPosition, {
      id: `pos_${counter.toString(16).padStart(16, '0')}`,
      strategyId: id,
      symbol,
      side: 'long',
      quantity: '2',
      entryPrice: '100',
      entryFee: '0.08',
      openedAt: new Date(Date.now() - 1_000),
      exitPrice: null,
      exitFee: null,
      pnl: null,
      closedAt: null,
      closeReason: null,
      dryRun: false,
    });
    await em.flush();
    expect((await owner.call('POST', `/v1/strategies/${id}/deploy`, {})).status).toBe(200);
    await waitFor(
      'the protective orders are placed and the user data stream opened',
      () => world.exchange.algoOrdersOf(apiKey).length === 2 && world.exchange.userStreams.open(apiKey) === 1,
    );
    // and the runtime's first evaluation is over: until its next one (10 minutes on) only the stream can see the exchange's closes
    await waitFor('the first evaluation is over', async () => (await service.service.orm.em.fork().findOne(Strategy, { id }))?.lastBars);
    const positionId = `pos_${counter.toString(16).padStart(16, '0')}`;
    return { owner, apiKey, id, positionId };
  }

  type Run = Awaited<ReturnType<typeof protectedLong>>;

  /** The position once closed, and how long after `since` it was seen closed. */
  async function closedPosition(run: Run, since: number) {
    const position = await waitFor('the position closes from the stream', async () =>
      (await run.owner.call<PositionPage>('GET', `/v1/strategies/${run.id}/positions`)).body.data.find((row) => row.id === run.positionId && row.closed_at),
    );
    return { position, after: Date.now() - since };
  }

  async function closeEvents(run: Run) {
    const events = (await run.owner.call<EventPage>('GET', `/v1/strategies/${run.id}/events?limit=500`)).body.data;
    return events.filter((event) => event.type === 'strategy.position_closed');
  }

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
    expect(world.exchange.userStreams.connections.filter((apiKey) => apiKey === run.apiKey)).toHaveLength(2);
    // no duplicate: an absence has no event to await
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
      // no duplicate: an absence has no event to await
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await closeEvents(run)).toHaveLength(1);
    } finally {
      world.exchange.userStreams.duplicateEvents = false;
    }
  });

  it('takes a new listenKey when the exchange says the old one expired, and keeps recording', async () => {
    const run = await protectedLong('SEIUSDT');
    world.exchange.userStreams.expire(run.apiKey);
    await waitFor('the user data stream reconnects', () => world.exchange.userStreams.connections.filter((apiKey) => apiKey === run.apiKey).length === 2);
    await waitFor('one user data stream is open', () => world.exchange.userStreams.open(run.apiKey) === 1);
    const since = Date.now();
    world.exchange.closeByHand(run.apiKey, 'SEIUSDT');
    const { position, after } = await closedPosition(run, since);
    expect(after).toBeLessThan(RECORDED_WITHIN_MS);
    expect(position.close_reason).toBe('external');
  });
});
