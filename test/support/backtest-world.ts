import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startExchangeStandIn, type ExchangeStandIn } from '../stand-ins/exchange/exchange-stand-in';
import { newAccount, startOutsideWorld, type OutsideWorld } from './identity';
import { startTestService, type TestService } from './test-service';

export interface BacktestWorldOptions {
  /** The service's engine threads (BACKTEST_WORKERS); the service's default when left out. */
  workers?: number;
  /** The scopes of every account `account` makes. */
  scopes?: string[];
}

/** A service running backtests, its candles from an exchange stand-in: one per test file. */
export interface BacktestWorld {
  world: OutsideWorld;
  exchange: ExchangeStandIn;
  service: TestService;
  /** A new account (its own email each call) with the world's scopes, and its signed client. */
  account: () => ReturnType<typeof newAccount>;
  /** A lazy graphql-ws client on the service; `stop` disposes of it. */
  wsClient: (connectionParams: Record<string, unknown>) => Client;
  stop: () => Promise<void>;
}

export async function startBacktestWorld({ workers, scopes = [] }: BacktestWorldOptions = {}): Promise<BacktestWorld> {
  const world = await startOutsideWorld();
  const exchange = await startExchangeStandIn();
  const service = await startTestService({
    ...world.env,
    UPSTREAM_FAPI_URL: exchange.url,
    ...(workers === undefined ? {} : { BACKTEST_WORKERS: String(workers) }),
  });
  const clients: Client[] = [];
  let accounts = 0;
  return {
    world,
    exchange,
    service,
    account: () => newAccount(service.url, world, `backtester${(accounts += 1)}@example.com`, scopes),
    wsClient: (connectionParams) => {
      const client = createClient({
        url: `${service.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams,
        retryAttempts: 0,
        lazy: true,
      });
      clients.push(client);
      return client;
    },
    stop: async () => {
      await Promise.all(clients.map(async (client) => client.dispose()));
      await service.stop();
      await exchange.close();
      await world.stop();
    },
  };
}
