import type { EventPage, PositionPage } from '../../src/services/strategies/strategy-history';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { storeOpenLong } from '../support/live-stream';
import { liveAccount } from '../support/live-trading';
import { startTakeoverWorld, type TakeoverWorld } from '../support/takeover-world';
import { strategyBody } from '../support/trading-world';
import { waitFor } from '../support/wait';

const HANDED_OVER_WITHIN_MS = 5_000;

describe('the user data stream across processes (contract §20)', () => {
  let takeover: TakeoverWorld;

  beforeAll(async () => {
    takeover = await startTakeoverWorld({ STRATEGY_TICK_MS: '200', STRATEGY_KLINE_POLL_MS: '600000' });
  }, 120_000);
  afterAll(() => takeover.stop());

  it('hands the stream to another process within 5 s of a kill -9 of its owner, and a stop that fired meanwhile is recorded once', async () => {
    const { world, api } = takeover;
    world.exchange.setMarkPrice('TRXUSDT', '100');
    const owner = await liveAccount(api.url, world, 'takeover');
    const apiKey = owner.apiKey;
    const created = await owner.call<StrategyRecord>(
      'POST',
      '/v1/strategies',
      strategyBody({ symbols: ['TRXUSDT'], timeframe: '1h', params: { fast: 2, slow: 3, stop_loss_pct: 2 } }),
    );
    const id = created.body.id;
    world.exchange.setPosition(apiKey, 'TRXUSDT', '2');
    const position = { id: 'pos_00000000000000aa', strategyId: id, symbol: 'TRXUSDT' };
    await storeOpenLong(api, position);
    expect((await owner.call('POST', `/v1/strategies/${id}/deploy`, {})).status).toBe(200);
    await waitFor(
      'the stop order is placed and the user data stream opened',
      () => world.exchange.algoOrdersOf(apiKey).length === 1 && world.exchange.userStreams.open(apiKey) === 1,
      { timeoutMs: 30_000 },
    );

    const connected = (line: string) => line.includes('"msg":"user data stream connected"');
    const streaming = await takeover.owner('the worker holding the user data stream', connected);
    const killedAt = Date.now();
    await takeover.kill(streaming);
    world.exchange.setMarkPrice('TRXUSDT', '97');

    await waitFor(
      'the user data stream is connected a second time',
      () => world.exchange.userStreams.connections.filter((key) => key === apiKey).length === 2,
      { timeoutMs: 30_000 },
    );
    expect(Date.now() - killedAt).toBeLessThan(HANDED_OVER_WITHIN_MS);
    // the new connection is the other process's (its log line follows the socket's open)
    await takeover.owner('the surviving worker connects the user data stream', connected);
    const closed = await waitFor(
      'the position closes on the stop',
      async () => (await owner.call<PositionPage>('GET', `/v1/strategies/${id}/positions`)).body.data.find((row) => row.id === position.id && row.closed_at),
      { timeoutMs: 30_000 },
    );
    expect(closed).toMatchObject({ close_reason: 'stop_loss', exit_price: '97' });
    // no second close from the killed owner's late work: an absence has no event to await
    await new Promise((resolve) => setTimeout(resolve, 500));
    const events = (await owner.call<EventPage>('GET', `/v1/strategies/${id}/events?limit=500`)).body.data;
    expect(events.filter((event) => event.type === 'strategy.position_closed')).toHaveLength(1);
  }, 90_000);
});
