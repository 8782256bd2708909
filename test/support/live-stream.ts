import { Strategy } from '../../src/entities/strategy.entity';
import type { EventPage, PositionPage } from '../../src/services/strategies/strategy-history';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { request } from './http';
import { bearer, newAccount } from './identity';
import { storeOpenPosition } from './stored-positions';
import type { TestService } from './test-service';
import { strategyBody, type TradingWorld } from './trading-world';
import { waitFor } from './wait';

/**
 * The runtime evaluates rarely (every 10 minutes), so only the user data
 * stream can record what the exchange does while a test watches.
 */
export const STREAM_RUNTIME_ENV = { STRATEGY_TICK_MS: '200', STRATEGY_KLINE_POLL_MS: '600000', STRATEGY_FAILURE_LIMIT: '5' };

let counter = 0;

/** Stores a live long of 2 at 100 opened a second ago, as a run holds it: the strategy's first reconciliation protects it. */
export function storeOpenLong(service: TestService, position: { id: string; strategyId: string; symbol: string }): Promise<void> {
  return storeOpenPosition(service, {
    ...position,
    side: 'long',
    quantity: '2',
    entryPrice: '100',
    entryFee: '0.08',
    openedAt: new Date(Date.now() - 1_000),
    dryRun: false,
  });
}

/**
 * A deployed live strategy on its own exchange account holding a long of 2
 * at 100 on `symbol` (by default protected by the exchange's stop at 98 and
 * take-profit at 105), once its first reconciliation placed the conditional
 * orders, its account's stream is connected and its first evaluation is over.
 */
export async function protectedLong(
  service: TestService,
  world: TradingWorld,
  symbol: string,
  params: Record<string, unknown> = { stop_loss_pct: 2, take_profit_pct: 5 },
  conditionalOrders = 2,
) {
  const serial = (counter += 1);
  const tag = `${process.pid}-${serial}`;
  const apiKey = `STREAM-KEY-${tag}`;
  world.exchange.addAccount(apiKey, `stream-secret-${tag}`);
  world.exchange.setMarkPrice(symbol, '100');
  const owner = await newAccount(service.url, world, `stream${tag}@example.com`);
  const registered = await request(service.url, 'POST', '/api-key/register', {
    json: { api_key: apiKey, api_secret: `stream-secret-${tag}` },
    headers: bearer(owner.token),
  });
  if (registered.status !== 200) throw new Error(`key registration failed: ${registered.status}`);
  const created = await owner.call<StrategyRecord>(
    'POST',
    '/v1/strategies',
    strategyBody({ symbols: [symbol], timeframe: '1h', capital: '1000', params: { fast: 2, slow: 3, ...params } }),
  );
  const id = created.body.id;
  const positionId = `pos_${serial.toString(16).padStart(16, '0')}`;
  // a position the run holds on the exchange: the run's first reconciliation places its conditional orders
  world.exchange.setPosition(apiKey, symbol, '2');
  await storeOpenLong(service, { id: positionId, strategyId: id, symbol });
  const deployed = await owner.call('POST', `/v1/strategies/${id}/deploy`, {});
  if (deployed.status !== 200) throw new Error(`deploy failed: ${deployed.status}`);
  await waitFor(
    'the conditional orders placed and the stream connected',
    () => world.exchange.algoOrdersOf(apiKey).length === conditionalOrders && world.exchange.userStreams.open(apiKey) === 1,
  );
  await waitFor('the run evaluated once', async () => Boolean((await service.service.orm.em.fork().findOne(Strategy, { id }))?.lastBars));
  return { owner, apiKey, id, positionId, symbol };
}

export type LiveRun = Awaited<ReturnType<typeof protectedLong>>;

/** The run's position once closed, and how long after `since` it was seen closed. */
export async function closedPosition(run: LiveRun, since = Date.now()) {
  const position = await waitFor('the position closed', async () =>
    (await run.owner.call<PositionPage>('GET', `/v1/strategies/${run.id}/positions`)).body.data.find((row) => row.id === run.positionId && row.closed_at),
  );
  return { position, after: Date.now() - since };
}

/** The run's position as the API shows it now. */
export async function positionOf(run: LiveRun) {
  return (await run.owner.call<PositionPage>('GET', `/v1/strategies/${run.id}/positions`)).body.data.find((row) => row.id === run.positionId)!;
}

export async function closeEvents(run: LiveRun) {
  const events = (await run.owner.call<EventPage>('GET', `/v1/strategies/${run.id}/events?limit=500`)).body.data;
  return events.filter((event) => event.type === 'strategy.position_closed');
}

/** How many times the account's stream connected (a reconnect is a second). */
export function connectionsOf(world: TradingWorld, apiKey: string): number {
  return world.exchange.userStreams.connections.filter((each) => each === apiKey).length;
}
