import type { PositionPage } from '../../src/services/strategies/strategy-history';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { fastClock, zigzag } from '../support/fast-clock';
import { startLiveTrading, type LiveTrading } from '../support/live-trading';
import { subscribeStrategyEvents, type StrategySubscriber } from '../support/strategy-subscriber';
import type { TestService } from '../support/test-service';
import { strategyBody, type TradingWorld } from '../support/trading-world';
import { waitFor } from '../support/wait';

/** 1-minute candles close every second of wall time. */
const clock = fastClock(60);
/** Jest's asymmetric matchers are typed `any`; this gives one a type. */
const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern);

describe('protections in live runs against the strict exchange stand-in (contract §19)', () => {
  let live: LiveTrading;
  let world: TradingWorld;
  let service: TestService;
  const subscribers: StrategySubscriber[] = [];
  const liveUser = () => live.account();

  beforeAll(async () => {
    live = await startLiveTrading('liveprot', clock.now, { UPSTREAM_TIMEOUT_MS: '1500' });
    ({ world, service } = live);
  });
  afterAll(async () => {
    await Promise.all(subscribers.map((subscriber) => subscriber.close()));
    await live.stop();
  });

  const callsOf = (apiKey: string) =>
    world.exchange.accepted.filter((call) => call.apiKey === apiKey && call.path === '/fapi/v1/algoOrder' && call.method === 'POST');

  it('once the entry fills, places a TRAILING_STOP_MARKET algo order; its fill closes the position as trailing_stop at the exchange’s price', async () => {
    world.market.scriptCloses('INJUSDT', zigzag(22, 0.4, 4));
    world.exchange.setMarkPrice('INJUSDT', '22');
    const owner = await liveUser();
    const { body } = await owner.call<StrategyRecord>(
      'POST',
      '/v1/strategies',
      strategyBody({ symbols: ['INJUSDT'], timeframe: '1m', capital: '100', leverage: 1, params: { fast: 2, slow: 3, trailing_stop_pct: 1.5 } }),
    );
    expect((await owner.call('POST', `/v1/strategies/${body.id}/deploy`, {})).status).toBe(200);
    const position = await waitFor('a position with its trailing stop placed', async () => {
      const rows = (await owner.call<PositionPage>('GET', `/v1/strategies/${body.id}/positions?limit=10`)).body.data;
      return rows.length > 0 && world.exchange.algoOrdersOf(owner.apiKey).length === 1 ? rows[0] : undefined;
    });
    const [placed] = callsOf(owner.apiKey);
    expect(Object.fromEntries(placed!.params)).toMatchObject({
      algoType: 'CONDITIONAL',
      symbol: 'INJUSDT',
      side: position.side === 'long' ? 'SELL' : 'BUY',
      type: 'TRAILING_STOP_MARKET',
      callbackRate: '1.5',
      reduceOnly: 'true',
      quantity: position.quantity,
      clientAlgoId: matching(/^ots_[0-9a-f]{16}$/),
    });
    expect(Object.fromEntries(placed!.params)).not.toHaveProperty('closePosition');
    // the mark moves 3 % against the position: the trailing stop fires
    world.exchange.setMarkPrice('INJUSDT', position.side === 'long' ? '21.34' : '22.66');
    const closed = await waitFor('the position closes on the trailing stop', async () => {
      const rows = (await owner.call<PositionPage>('GET', `/v1/strategies/${body.id}/positions?limit=10`)).body.data;
      return rows.find((row) => row.id === position.id && row.closed_at);
    });
    expect(closed).toMatchObject({ close_reason: 'trailing_stop', exit_price: position.side === 'long' ? '21.34' : '22.66' });
    expect(world.exchange.positionOf(owner.apiKey, 'INJUSDT')).toBe('0');
    await owner.call('POST', `/v1/strategies/${body.id}/pause`, {});
  }, 60_000);

  it('a max drawdown closes the live position with a reduce-only order as protection, cancels its trailing stop and pauses the run', async () => {
    world.market.scriptCloses('APTUSDT', zigzag(8, 0.2, 4));
    world.exchange.setMarkPrice('APTUSDT', '8');
    const owner = await liveUser();
    const { body } = await owner.call<StrategyRecord>(
      'POST',
      '/v1/strategies',
      strategyBody({
        symbols: ['APTUSDT'],
        timeframe: '1m',
        capital: '100',
        leverage: 5,
        params: { fast: 2, slow: 3, max_drawdown_pct: 1, trailing_stop_pct: 10 },
      }),
    );
    const subscriber = await subscribeStrategyEvents(service.url, { authorization: `Bearer ${owner.token}` }, body.id);
    subscribers.push(subscriber);
    expect((await owner.call('POST', `/v1/strategies/${body.id}/deploy`, {})).status).toBe(200);
    const triggered = await subscriber.waitFor((event) => event.type === 'strategy.protection_triggered', 40_000);
    expect(triggered.data).toMatchObject({ strategy_id: body.id, reason: 'max_drawdown', symbol: 'APTUSDT' });
    await subscriber.waitFor((event) => event.type === 'strategy.paused', 20_000);
    const rows = (await owner.call<PositionPage>('GET', `/v1/strategies/${body.id}/positions?limit=10`)).body.data;
    expect(rows.filter((row) => !row.closed_at)).toEqual([]);
    expect(rows.filter((row) => row.close_reason === 'protection')).toHaveLength(1);
    expect(world.exchange.positionOf(owner.apiKey, 'APTUSDT')).toBe('0');
    expect(world.exchange.algoOrdersOf(owner.apiKey).every((algo) => algo.algoStatus !== 'NEW')).toBe(true);
    expect((await owner.call<StrategyRecord>('GET', `/v1/strategies/${body.id}`)).body.status).toBe('paused');
    expect(subscriber.events.filter((event) => event.type === 'strategy.protection_triggered')).toHaveLength(1);
  }, 60_000);
});
