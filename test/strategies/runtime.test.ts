import Decimal from 'decimal.js';
import { Client } from 'pg';
import { StrategyPosition } from '../../src/entities/strategy-position.entity';
import { Strategy } from '../../src/entities/strategy.entity';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { fastClock, zigzag } from '../support/fast-clock';
import { request } from '../support/http';
import { bearer, newAccount } from '../support/identity';
import { startDryTrading, type DryTrading } from '../support/live-trading';
import { containing } from '../support/matchers';
import { firstRoundTrip, positionEventData } from '../support/strategy-subscriber';
import { createTestDatabase, startTestService, type TestService } from '../support/test-service';
import { strategyBody } from '../support/trading-world';
import { defined } from '../support/defined';
import { waitFor } from '../support/wait';

/** 1-minute candles close every 2 s of wall time. */
const clock = fastClock(30);

describe('the strategy runtime (contract §8): dry runs evaluated on each closed candle', () => {
  let dry: DryTrading;

  beforeAll(async () => {
    dry = await startDryTrading('runtime', clock.now);
  });
  afterAll(() => dry.stop());

  it("opens and closes positions on the template's signals within one candle, streams the events and keeps stats equal to the stored trades", async () => {
    const script = zigzag(100, 2, 3);
    dry.world.market.scriptCloses('BNBUSDT', script);
    const owner = await dry.account();
    const { id, subscriber } = await dry.deploy(owner, strategyBody({ symbols: ['BNBUSDT'], timeframe: '1m', capital: '1000', leverage: 2 }));

    const { opened: openedEvent, closed: closedEvent } = await firstRoundTrip(subscriber, 20_000);
    const [opened, closed] = [positionEventData(openedEvent), positionEventData(closedEvent)];
    for (const [event, fill] of [
      [openedEvent, opened.entry_price],
      [closedEvent, closed.exit_price],
    ] as const) {
      const signalClose = Date.parse(defined(positionEventData(event).signal_bar_close, 'the signal bar close'));
      const lag = Date.parse(event.timestamp) - clock.realTimeOf(signalClose);
      expect(lag).toBeLessThanOrEqual(clock.candleMs);
      // filled at the next price: the open of the bar after the signal, which is the signal bar's close
      const signalBar = Math.floor(signalClose / 60_000);
      expect(Number(fill)).toBe(script(signalBar));
    }
    expect(opened).toMatchObject({ strategy_id: id, symbol: 'BNBUSDT', side: 'long', dry_run: true });
    // notional = position_size 1 × equity 1000 × leverage 2 at the entry price
    expect(Number(opened.quantity)).toBeCloseTo(2000 / Number(opened.entry_price), 6);
    const exitPrice = defined(closed.exit_price, 'the exit price');
    const expectedPnl = new Decimal(exitPrice)
      .minus(opened.entry_price)
      .mul(opened.quantity)
      .minus(new Decimal(opened.quantity).mul(opened.entry_price).mul('0.0005'))
      .minus(new Decimal(opened.quantity).mul(exitPrice).mul('0.0005'));
    expect(new Decimal(defined(closed.pnl, 'the pnl')).toFixed(8)).toBe(expectedPnl.toFixed(8));

    const paused = await owner.call<StrategyRecord>('POST', `/v1/strategies/${id}/pause`, { close_positions: true });
    expect(paused.status).toBe(200);
    const trades = await dry.service.service.orm.em.fork().find(StrategyPosition, { strategyId: id });
    const closedTrades = trades.filter((trade) => trade.closedAt);
    expect(trades.every((trade) => trade.closedAt)).toBe(true);
    const totalPnl = closedTrades.reduce((sum, trade) => sum.plus(trade.pnl!), new Decimal(0));
    const wins = closedTrades.filter((trade) => new Decimal(trade.pnl!).gt(0)).length;
    expect(paused.body.stats).toEqual({
      open_positions: 0,
      total_trades: closedTrades.length,
      total_pnl: totalPnl.toFixed(),
      win_rate: new Decimal(wins).div(closedTrades.length).toDecimalPlaces(4).toFixed(),
    });
    const deployedAgain = await owner.call<StrategyRecord>('POST', `/v1/strategies/${id}/deploy`, { dry_run: true });
    expect(deployedAgain.body.stats.total_trades).toBe(closedTrades.length);
  });

  it("applies the template's stop-loss and take-profit to running strategies by the backtest's rule", async () => {
    // A 6-minute cycle: the cross up at 100 fills long at 100; the bar 101 → 103 reaches a 3% take-profit; the bar 103 → 90 a 1% stop.
    const cycle = [100, 100, 101, 103, 90, 90];
    const cases = [
      { symbol: 'LINKUSDT', exits: { stop_loss_pct: 1 }, reason: 'stop_loss', exitPrice: 99 },
      { symbol: 'ADAUSDT', exits: { stop_loss_pct: 1, take_profit_pct: 3 }, reason: 'take_profit', exitPrice: 103 },
    ];
    const owner = await dry.account();
    await Promise.all(
      cases.map(async ({ symbol, exits, reason, exitPrice }) => {
        dry.world.market.scriptCloses(symbol, (index) => defined(cycle[((index % 6) + 6) % 6], 'a close of the cycle'));
        const { id, subscriber } = await dry.deploy(owner, strategyBody({ symbols: [symbol], timeframe: '1m', params: { fast: 2, slow: 3, ...exits } }));
        const trip = await firstRoundTrip(subscriber, 30_000);
        const [opened, closed] = [positionEventData(trip.opened), positionEventData(trip.closed)];
        await owner.call('POST', `/v1/strategies/${id}/pause`, {});
        expect(Number(opened.entry_price)).toBe(100);
        expect(closed).toMatchObject({ reason });
        expect(Number(closed.exit_price)).toBe(exitPrice);
      }),
    );
  }, 60_000);

  it("places live orders on the exchange with the user's registered key, signed, and records the exchange's fill price", async () => {
    const { world } = dry;
    world.market.scriptCloses('DOTUSDT', zigzag(5, 0.1, 2));
    world.exchange.addAccount('RUNTIME-LIVE-KEY', 'runtime-live-secret');
    world.exchange.balances = { USDT: '5000' };
    world.exchange.fillPrice = '5.1234';
    const owner = await dry.account();
    const registered = await request(dry.service.url, 'POST', '/api-key/register', {
      json: { api_key: 'RUNTIME-LIVE-KEY', api_secret: 'runtime-live-secret' },
      headers: bearer(owner.token),
    });
    expect(registered.status).toBe(200);
    const before = world.exchange.orders().length;
    const { id, subscriber } = await dry.deploy(owner, strategyBody({ symbols: ['DOTUSDT'], timeframe: '1m', capital: '100', leverage: 1 }), {});
    const opened = positionEventData(await subscriber.waitFor((event) => event.type === 'strategy.position_opened', 20_000));
    const closed = positionEventData(await subscriber.waitFor((event) => event.type === 'strategy.position_closed', 20_000));
    await owner.call('POST', `/v1/strategies/${id}/pause`, {});
    expect(opened).toMatchObject({ dry_run: false, entry_price: '5.1234' });
    const orders = world.exchange
      .orders()
      .slice(before)
      .filter((order) => order.params.get('symbol') === 'DOTUSDT');
    // every order reached the stand-in with a valid signature of the registered key (it records only those)
    expect(orders.length).toBeGreaterThanOrEqual(2);
    expect(orders[0]?.apiKey).toBe('RUNTIME-LIVE-KEY');
    expect(Object.fromEntries(defined(orders[0], 'the opening order').params)).toMatchObject({
      symbol: 'DOTUSDT',
      side: 'BUY',
      type: 'MARKET',
      quantity: opened.quantity,
    });
    expect(Object.fromEntries(defined(orders[1], 'the closing order').params)).toMatchObject({
      symbol: 'DOTUSDT',
      side: 'SELL',
      type: 'MARKET',
      reduceOnly: 'true',
      quantity: closed.quantity,
    });
    world.exchange.fillPrice = '0';
  });

  it('resumes evaluating a deployed strategy after the service restarts', async () => {
    dry.world.market.scriptCloses('AVAXUSDT', zigzag(30, 1, 2));
    const database = await createTestDatabase();
    const env = {
      ...dry.env,
      ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
      APP_JWT_SECRET: 'strategy-runtime-restart-test-secret-0123456789',
    };
    let first: TestService | undefined = await startTestService(env, database);
    let second: TestService | undefined;
    try {
      const owner = await newAccount(first.url, dry.world, 'restart@example.com');
      const { body } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody({ symbols: ['AVAXUSDT'], timeframe: '1m' }));
      await owner.call('POST', `/v1/strategies/${body.id}/deploy`, { dry_run: true });
      const cursorOf = async (svc: TestService) => (await svc.service.orm.em.fork().findOneOrFail(Strategy, { id: body.id })).lastBars?.AVAXUSDT ?? 0;
      await waitFor('the first strategy is evaluated', async () => (await cursorOf(first!)) > 0);
      await first.stop();
      first = undefined;
      const client = new Client({ connectionString: database.url });
      await client.connect();
      const [stopped] = (await client.query<{ last_bars: Record<string, number> }>('SELECT last_bars FROM strategies WHERE id = $1', [body.id])).rows;
      const stoppedAt = Number(defined(stopped, 'the stored strategy').last_bars.AVAXUSDT);
      await client.end();
      second = await startTestService(env, database);
      await waitFor('the second strategy is evaluated past the stop', async () => (await cursorOf(second!)) > stoppedAt);
      const resumed = await second.service.orm.em.fork().findOneOrFail(Strategy, { id: body.id });
      expect(resumed.status).toBe('deployed');
      expect(defined(resumed.lastBars?.AVAXUSDT, 'the AVAXUSDT cursor') - stoppedAt).toBeGreaterThanOrEqual(60_000);
    } finally {
      await first?.stop();
      await second?.stop();
      await database.drop();
    }
  });

  it('moves a strategy to error with a strategy.error event after repeated upstream failures', async () => {
    const owner = await dry.account();
    dry.world.market.fault('/fapi/v1/klines', { status: 503 });
    try {
      const { id, subscriber } = await dry.deploy(owner, strategyBody({ symbols: ['LTCUSDT'], timeframe: '1m' }));
      const failed = await subscriber.waitFor((event) => event.type === 'strategy.error', 20_000);
      expect(failed.data).toMatchObject({ strategy_id: id, consecutive_failures: 3, message: containing('LTCUSDT') });
      expect((await owner.call<StrategyRecord>('GET', `/v1/strategies/${id}`)).body.status).toBe('error');
      const stored = await dry.service.service.orm.em.fork().findOneOrFail(Strategy, { id });
      expect(stored.workerId).toBeNull();
    } finally {
      dry.world.market.clearFaults();
    }
  });
});
