import { request } from './http';
import { bearer, newAccount } from './identity';
import { startTestService, type TestService } from './test-service';
import { startTradingWorld, type TradingWorld } from './trading-world';

/** A strategy runtime that evaluates every 100 ms and reads candles every 200 ms, so a run on a fast clock trades within seconds. */
export const LIVE_RUNTIME_ENV = { STRATEGY_TICK_MS: '100', STRATEGY_KLINE_POLL_MS: '200', STRATEGY_FAILURE_LIMIT: '5' };

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
