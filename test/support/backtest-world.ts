import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startExchangeStandIn, type ExchangeStandIn } from '../stand-ins/exchange/exchange-stand-in';
import { newAccount, startOutsideWorld, type OutsideWorld } from './identity';
import { createTestDatabase, startTestService, type TestService } from './test-service';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

export interface BacktestWorldOptions {
  /** The service's engine threads (BACKTEST_WORKERS); the service's default when left out. */
  workers?: number;
  /** The scopes of every account `account` makes. */
  scopes?: string[];
  /** For tests that start more processes on the service's database: one of its own, and the secrets those processes must share. */
  ownDatabase?: boolean;
  /** Added to the environment of the service and of the processes a test starts (`env`). */
  env?: Record<string, string>;
  /** The service's ROLE; the processes a test starts choose their own. */
  role?: 'api';
}

/** A service running backtests, its candles from an exchange stand-in: one per test file. */
export interface BacktestWorld {
  world: OutsideWorld;
  exchange: ExchangeStandIn;
  service: TestService;
  /** What another process of this world starts with (its ROLE added). */
  env: Record<string, string>;
  /** The database of its own (`ownDatabase`), dropped by `stop`. */
  database?: TestDatabase;
  /** A new account (its own email each call) with the world's scopes, and its signed client. */
  account: () => ReturnType<typeof newAccount>;
  /** A lazy graphql-ws client on the service; `stop` disposes of it. */
  wsClient: (connectionParams: Record<string, unknown>) => Client;
  stop: () => Promise<void>;
}

export async function startBacktestWorld({
  workers,
  scopes = [],
  ownDatabase = false,
  env: extra = {},
  role,
}: BacktestWorldOptions = {}): Promise<BacktestWorld> {
  const world = await startOutsideWorld();
  const exchange = await startExchangeStandIn();
  const database = ownDatabase ? await createTestDatabase() : undefined;
  const env = {
    ...world.env,
    UPSTREAM_FAPI_URL: exchange.url,
    ...(workers === undefined ? {} : { BACKTEST_WORKERS: String(workers) }),
    ...(database ? { DATABASE_URL: database.url, ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') } : {}),
    ...extra,
  };
  const service = await startTestService(role ? { ...env, ROLE: role } : env, database);
  const clients: Client[] = [];
  let accounts = 0;
  return {
    world,
    exchange,
    service,
    env,
    database,
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
      await database?.drop();
      await exchange.close();
      await world.stop();
    },
  };
}
