import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startExchangeStandIn, type ExchangeStandIn } from '../stand-ins/exchange/exchange-stand-in';
import type { TemplateId, Timeframe } from '../graphql/generated';
import { startOutsideWorld, type OutsideWorld } from './identity';
import { startTestService, type TestService } from './test-service';

/** A service running backtests on one engine thread, its candles from an exchange stand-in, and the graphql-ws clients a test opens on it. */
export interface BacktestGraphqlWorld {
  world: OutsideWorld;
  exchange: ExchangeStandIn;
  service: TestService;
  /** A lazy graphql-ws client on the service; `stop` disposes of it. */
  wsClient: (connectionParams: Record<string, unknown>) => Client;
  stop: () => Promise<void>;
}

export async function startBacktestGraphqlWorld(): Promise<BacktestGraphqlWorld> {
  const world = await startOutsideWorld();
  const exchange = await startExchangeStandIn();
  const service = await startTestService({ ...world.env, UPSTREAM_FAPI_URL: exchange.url, BACKTEST_WORKERS: '1' });
  const clients: Client[] = [];
  return {
    world,
    exchange,
    service,
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

/** A REST test body (a job's or a sweep's) in GraphQL's field names. */
export function graphqlRunInput(rest: Record<string, unknown>) {
  return {
    templateId: rest.template_id as TemplateId,
    params: rest.params as Record<string, unknown>,
    symbols: rest.symbols as string[],
    // GraphQL's Timeframe enum names the body's `1h` H1.
    timeframe: 'H1' as Timeframe,
    start: rest.start as string,
    end: rest.end as string,
    capital: rest.capital as string,
  };
}

/** Every event of one subscription (`pick` takes it out of the data) until the server completes it or answers errors. */
export function collectSubscription<TData, TVariables extends Record<string, unknown>, TEvent>(
  client: Client,
  document: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  pick: (data: TData) => TEvent,
): Promise<{ events: TEvent[]; errors?: unknown }> {
  const events: TEvent[] = [];
  return new Promise((resolve) => {
    client.subscribe<TData>(
      { query: print(document), variables },
      {
        next: (value) => (value.errors || !value.data ? resolve({ events, errors: value.errors }) : events.push(pick(value.data))),
        error: (errors) => resolve({ events, errors }),
        complete: () => resolve({ events }),
      },
    );
  });
}
