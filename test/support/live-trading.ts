import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { request } from './http';
import { bearer, newAccount } from './identity';
import { subscribeStrategyEvents, type StrategySubscriber } from './strategy-subscriber';
import { startTestService, type TestService } from './test-service';
import { startTradingWorld, type TradingWorld } from './trading-world';

/** A strategy runtime that evaluates every 100 ms and reads candles every 200 ms, so a run on a fast clock trades within seconds. */
export const LIVE_RUNTIME_ENV = { STRATEGY_TICK_MS: '100', STRATEGY_KLINE_POLL_MS: '200', STRATEGY_FAILURE_LIMIT: '5' };
/** The same runtime for dry runs, where three failures in a row move a strategy to `error`. */
export const DRY_RUNTIME_ENV = { ...LIVE_RUNTIME_ENV, STRATEGY_FAILURE_LIMIT: '3' };

/** A user whose exchange key (one the exchange stand-in knows) is registered with the service, with a signed client for the service. */
export async function liveAccount(baseUrl: string, world: TradingWorld, name: string) {
  const apiKey = `${name.toUpperCase()}-KEY`;
  const apiSecret = `${name}-secret`;
  world.exchange.addAccount(apiKey, apiSecret);
  const owner = await newAccount(baseUrl, world, `${name}@example.com`);
  const registered = await request(baseUrl, 'POST', '/api-key/register', { json: { api_key: apiKey, api_secret: apiSecret }, headers: bearer(owner.token) });
  if (registered.status !== 200) throw new Error(`registering ${apiKey}: ${registered.status} ${JSON.stringify(registered.body)}`);
  return { ...owner, apiKey };
}

export type LiveAccount = Awaited<ReturnType<typeof liveAccount>>;

export interface LiveTrading {
  world: TradingWorld;
  service: TestService;
  /** A new user with a registered exchange key; each call makes another (`${prefix}1`, `${prefix}2`, …). */
  account: () => Promise<LiveAccount>;
  stop: () => Promise<void>;
}

/** The stand-ins on `now`'s clock with a funded exchange, and one service whose runtime trades fast (`env` adds to it). */
export async function startLiveTrading(prefix: string, now: () => number, env: Record<string, string> = {}): Promise<LiveTrading> {
  const world = await startTradingWorld({ now });
  world.exchange.balances = { USDT: '100000' };
  const service = await startTestService({ ...world.env, ...LIVE_RUNTIME_ENV, ...env });
  let accounts = 0;
  return {
    world,
    service,
    account: () => liveAccount(service.url, world, `${prefix}${(accounts += 1)}`),
    stop: async () => {
      await service.stop();
      await world.stop();
    },
  };
}

/** A user of the signed API (no exchange key). */
export type DryAccount = Awaited<ReturnType<typeof newAccount>>;

export interface DryTrading {
  world: TradingWorld;
  service: TestService;
  /** What the service was started with, for a test that starts another on the same stand-ins. */
  env: Record<string, string>;
  /** A new user without an exchange key; each call makes another (`${prefix}1@example.com`, …). */
  account: () => Promise<DryAccount>;
  /** Creates `owner`'s strategy from `body`, subscribes to its events and deploys it (`deployBody`: a dry run unless told otherwise). */
  deploy: (owner: DryAccount, body: Record<string, unknown>, deployBody?: Record<string, unknown>) => Promise<{ id: string; subscriber: StrategySubscriber }>;
  stop: () => Promise<void>;
}

/** The stand-ins on `now`'s clock and one service whose runtime evaluates dry runs fast; `stop` closes the subscribers `deploy` opened. */
export async function startDryTrading(prefix: string, now: () => number): Promise<DryTrading> {
  const world = await startTradingWorld({ now });
  const env = { ...world.env, ...DRY_RUNTIME_ENV };
  const service = await startTestService(env);
  const subscribers: StrategySubscriber[] = [];
  let accounts = 0;
  return {
    world,
    service,
    env,
    account: () => newAccount(service.url, world, `${prefix}${(accounts += 1)}@example.com`),
    deploy: async (owner, body, deployBody = { dry_run: true }) => {
      const created = await owner.call<StrategyRecord>('POST', '/v1/strategies', body);
      if (created.status !== 200) throw new Error(`creating the strategy: ${created.status} ${JSON.stringify(created.body)}`);
      const subscriber = await subscribeStrategyEvents(service.url, { authorization: `Bearer ${owner.token}` }, created.body.id);
      subscribers.push(subscriber);
      const deployed = await owner.call('POST', `/v1/strategies/${created.body.id}/deploy`, deployBody);
      if (deployed.status !== 200) throw new Error(`deploying ${created.body.id}: ${deployed.status} ${JSON.stringify(deployed.body)}`);
      return { id: created.body.id, subscriber };
    },
    stop: async () => {
      await Promise.all(subscribers.map((subscriber) => subscriber.close()));
      await service.stop();
      await world.stop();
    },
  };
}
