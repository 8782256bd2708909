import type { EventPage, PositionPage } from '../../src/services/strategies/strategy-history';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { defined } from '../support/defined';
import { fastClock, zigzag } from '../support/fast-clock';
import { request } from '../support/http';
import { bearer, newAccount } from '../support/identity';
import { waitFor } from '../support/wait';
import { startLiveTrading, type LiveTrading } from '../support/live-trading';
import type { TestService } from '../support/test-service';
import { strategyBody, type TradingWorld } from '../support/trading-world';

/** 1-minute candles close twice a second of wall time. */
const clock = fastClock(120);
const COOLDOWN_BARS = 8;
const MINUTE = 60_000;
const RUNTIME_ENV = { STRATEGY_TICK_MS: '100', STRATEGY_KLINE_POLL_MS: '150', STRATEGY_FAILURE_LIMIT: '5', UPSTREAM_TIMEOUT_MS: '1500' };

describe('a live cooldown counts from the exits the exchange held (contract §19, issue 28)', () => {
  let world: TradingWorld;
  let service: TestService;
  let stop: LiveTrading['stop'];

  beforeAll(async () => {
    ({ world, service, stop } = await startLiveTrading('live-cooldown', clock.now, RUNTIME_ENV));
    // fills, and so the exchange-held stop's exit, happen on the exchange's clock, as the candles do
    world.exchange.now = clock.now;
  });
  afterAll(() => stop());

  it(`after a stop-loss the exchange executed, no entry fills until ${COOLDOWN_BARS} bars have passed; then entries resume`, async () => {
    world.market.scriptCloses('RUNEUSDT', zigzag(4.2, 0.1, 2));
    world.exchange.setMarkPrice('RUNEUSDT', '4.2');
    world.exchange.addAccount('COOL-KEY', 'cool-secret');
    const owner = await newAccount(service.url, world, 'cooldown@example.com');
    const registered = await request(service.url, 'POST', '/api-key/register', {
      json: { api_key: 'COOL-KEY', api_secret: 'cool-secret' },
      headers: bearer(owner.token),
    });
    expect(registered.status).toBe(200);
    const { body } = await owner.call<StrategyRecord>(
      'POST',
      '/v1/strategies',
      strategyBody({
        symbols: ['RUNEUSDT'],
        timeframe: '1m',
        capital: '100',
        leverage: 1,
        params: { fast: 2, slow: 3, side: 'both', stop_loss_pct: 1, cooldown_bars: COOLDOWN_BARS },
      }),
    );
    expect((await owner.call('POST', `/v1/strategies/${body.id}/deploy`, {})).status).toBe(200);
    const positions = async () => (await owner.call<PositionPage>('GET', `/v1/strategies/${body.id}/positions?limit=50`)).body.data;

    // the first entry, protected by the exchange's stop
    const first = await waitFor('the first entry, protected', async () => {
      const rows = await positions();
      return rows.length === 1 && world.exchange.algoOrdersOf('COOL-KEY').some((algo) => algo.algoStatus === 'NEW') ? rows[0] : undefined;
    });
    // the mark moves 2 % against it: the exchange's stop fills, the stream records the loss
    world.exchange.setMarkPrice('RUNEUSDT', first.side === 'long' ? '4.116' : '4.284');
    const stopped = await waitFor('the stop-loss close', async () =>
      (await positions()).find((row) => row.id === first.id && row.close_reason === 'stop_loss'),
    );
    const exitAt = Date.parse(defined(stopped.closed_at ?? undefined, 'the stop’s exit time'));

    // entries resume, and the first one after the stop fills no earlier than the cooldown allows
    const next = await waitFor('the next entry', async () => (await positions()).find((row) => row.id !== first.id), { timeoutMs: 30_000 });
    const events = (await owner.call<EventPage>('GET', `/v1/strategies/${body.id}/events?limit=100`)).body.data;
    const opened = defined(
      events.find((event) => event.type === 'strategy.position_opened' && event.data.position_id === next.id),
      'the next entry’s event',
    );
    const fillTime = Date.parse(opened.data.signal_bar_close as string) + 1;
    expect(fillTime).toBeGreaterThanOrEqual(exitAt + COOLDOWN_BARS * MINUTE);
    // the zigzag crosses every 2 bars: without the cooldown the template would have entered within 4
    expect(fillTime).toBeLessThan(exitAt + (COOLDOWN_BARS + 5) * MINUTE);
    await owner.call('POST', `/v1/strategies/${body.id}/pause`, {});
  }, 60_000);
});
