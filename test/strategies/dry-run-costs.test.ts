import Decimal from 'decimal.js';
import { simulate, type BacktestTrade } from '../../src/engine';
import type { EventPage, PositionPage } from '../../src/services/strategies/strategy-history';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { fastClock, zigzag } from '../support/fast-clock';
import { request } from '../support/http';
import { newAccount } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, strategyBody, type TradingWorld } from '../support/trading-world';
import { waitFor } from '../support/wait';

/** 1-hour candles close every second of wall time, so a position held for ten bars passes at least one 8-hourly funding time. */
const clock = fastClock(3600);
const HOUR = 3_600_000;
const RUNTIME_ENV = { STRATEGY_TICK_MS: '100', STRATEGY_KLINE_POLL_MS: '200', STRATEGY_FAILURE_LIMIT: '5' };

describe('dry runs cost what live runs and backtests cost (contract §20)', () => {
  let world: TradingWorld;
  let service: TestService;

  beforeAll(async () => {
    world = await startTradingWorld({ now: clock.now });
    service = await startTestService({ ...world.env, ...RUNTIME_ENV });
  });
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  it('slippage_bps is set on create and PATCH, defaults to 0 and must be a non-negative decimal string', async () => {
    const owner = await newAccount(service.url, world, 'slippage@example.com');
    const plain = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
    expect(plain.body.slippage_bps).toBe('0');
    const patched = await owner.call<StrategyRecord>('PATCH', `/v1/strategies/${plain.body.id}`, { slippage_bps: '2.5' });
    expect(patched.body.slippage_bps).toBe('2.5');
    for (const bad of ['-1', 'abc', 3]) {
      const refused = await owner.call('POST', '/v1/strategies', strategyBody({ slippage_bps: bad }));
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: { code: 'INVALID_PARAMETER', message: expect.stringContaining('slippage_bps') as string, field: 'slippage_bps' } });
    }
  });

  it("a dry-run trade's fill prices, fees, funding and pnl equal the backtest's trade on the same bars", async () => {
    const symbol = 'LINKUSDT';
    world.market.scriptCloses(symbol, zigzag(20, 0.2, 10));
    const owner = await newAccount(service.url, world, 'costs@example.com');
    const created = await owner.call<StrategyRecord>(
      'POST',
      '/v1/strategies',
      strategyBody({ symbols: [symbol], timeframe: '1h', capital: '1000', leverage: 2, slippage_bps: '10' }),
    );
    const id = created.body.id;
    expect((await owner.call('POST', `/v1/strategies/${id}/deploy`, { dry_run: true })).status).toBe(200);
    const trade = await waitFor(
      'a closed dry-run position',
      async () => (await owner.call<PositionPage>('GET', `/v1/strategies/${id}/positions?status=closed`)).body.data[0],
      { timeoutMs: 40_000 },
    );
    await owner.call('POST', `/v1/strategies/${id}/pause`, {});
    const events = (await owner.call<EventPage>('GET', `/v1/strategies/${id}/events?limit=500`)).body.data;
    const opened = events.find((event) => event.type === 'strategy.position_opened' && event.data.position_id === trade.id)!;
    const entryBar = Date.parse(opened.data.signal_bar_close as string) + 1;
    const closedEvent = events.find((event) => event.type === 'strategy.position_closed' && event.data.position_id === trade.id)!;
    const exitBar = Date.parse(closedEvent.data.signal_bar_close as string) + 1;

    // the backtest of the same bars (as the stand-in serves them), from well before the entry
    const start = entryBar - 40 * HOUR;
    const end = Math.floor(exitBar / HOUR) * HOUR + 2 * HOUR;
    const klines = await request<unknown[][]>(
      world.market.url,
      'GET',
      `/fapi/v1/klines?symbol=${symbol}&interval=1h&startTime=${start}&endTime=${end}&limit=1500`,
    );
    const funding = await request<{ fundingTime: number; fundingRate: string }[]>(
      world.market.url,
      'GET',
      `/fapi/v1/fundingRate?symbol=${symbol}&startTime=${start}&endTime=${end}&limit=1000`,
    );
    const column = (index: number) => Float64Array.from(klines.body, (row) => Number(row[index]));
    const { result } = simulate({
      config: {
        templateId: 'sma_cross',
        params: { fast: 2, slow: 3 },
        symbols: [symbol],
        timeframe: '1h',
        start,
        end: end - HOUR,
        capital: '1000',
        leverage: 2,
        feeModel: 'tiered_maker_taker',
        slippageBps: '10',
      },
      candles: { [symbol]: { openTime: column(0), open: column(1), high: column(2), low: column(3), close: column(4), volume: column(5) } },
      funding: {
        [symbol]: {
          time: Float64Array.from(funding.body, (row) => row.fundingTime),
          rate: Float64Array.from(funding.body, (row) => Number(row.fundingRate)),
        },
      },
    });
    const twin = result.trades.find((row: BacktestTrade) => row.entry_time === new Date(entryBar).toISOString());
    expect(twin).toMatchObject({ side: trade.side, exit_time: new Date(exitBar).toISOString(), exit_reason: 'signal' });

    // per unit of quantity, so the two runs' different equity before this trade does not matter
    const perUnit = (value: Decimal.Value, quantity: string) => new Decimal(value).div(quantity).toNumber();
    expect(Number(trade.entry_price)).toBeCloseTo(Number(twin!.entry_price), 6);
    expect(Number(trade.exit_price)).toBeCloseTo(Number(twin!.exit_price), 6);
    expect(perUnit(new Decimal(trade.entry_fee).plus(trade.exit_fee!), trade.quantity)).toBeCloseTo(perUnit(twin!.fee, twin!.qty), 6);
    expect(perUnit(trade.pnl!, trade.quantity)).toBeCloseTo(perUnit(twin!.pnl, twin!.qty), 6);
    // the backtest's funding is what its pnl leaves of gross minus fees
    const direction = trade.side === 'long' ? 1 : -1;
    const twinFunding = new Decimal(twin!.exit_price).minus(twin!.entry_price).mul(twin!.qty).mul(direction).minus(twin!.fee).minus(twin!.pnl);
    expect(Number(trade.funding)).not.toBe(0);
    expect(perUnit(trade.funding, trade.quantity)).toBeCloseTo(perUnit(twinFunding, twin!.qty), 6);
    // slippage moved the entry against the order: above the entry bar's open for a long, below it for a short
    const entryOpen = klines.body.find((row) => row[0] === entryBar)![1] as string;
    expect(trade.entry_price).toBe(new Decimal(entryOpen).mul(1 + direction * 0.001).toFixed());
  }, 60_000);
});
