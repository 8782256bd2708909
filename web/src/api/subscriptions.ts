import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { createClient, type Client } from 'graphql-ws';
import type { Credentials } from './credentials';
import { connectionParams } from './signing';

/** Close codes after which retrying cannot help: bad credentials (contract §9) and forbidden. */
const FINAL_CLOSE_CODES = new Set([4401, 4403]);

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting';

/**
 * One graphql-ws connection for the signed-in user. It reconnects after any
 * drop with backoff, signing a fresh `connection_init` each time, and
 * graphql-ws then resubscribes every active subscription.
 */
export function subscriptionClient(credentials: Credentials, onState: (state: ConnectionState) => void = () => undefined): Client {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
  const client = createClient({
    url,
    lazy: true,
    connectionParams: () => connectionParams(credentials),
    retryAttempts: Infinity,
    shouldRetry: (event) => !(event instanceof CloseEvent && FINAL_CLOSE_CODES.has(event.code)),
    retryWait: async (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 500 * 2 ** retries))),
  });
  client.on('connecting', (isRetry) => onState(isRetry ? 'reconnecting' : 'connecting'));
  client.on('connected', () => onState('connected'));
  client.on('closed', () => onState('reconnecting'));
  return client;
}

export interface SubscriptionSink<TResult> {
  next(data: TResult): void;
  error(message: string): void;
}

/** Subscribes to a typed operation; returns the unsubscribe function. */
export function subscribe<TResult, TVariables extends Record<string, unknown>>(
  client: Client,
  document: DocumentTypeDecoration<TResult, TVariables>,
  variables: TVariables,
  sink: SubscriptionSink<TResult>,
): () => void {
  return client.subscribe<TResult>(
    { query: String(document), variables },
    {
      next: (value) => {
        const [error] = value.errors ?? [];
        if (error) sink.error(`${String(error.extensions?.code ?? 'ERROR')}: ${error.message}`);
        else if (value.data) sink.next(value.data);
      },
      error: (error) => sink.error(error instanceof Error ? error.message : Array.isArray(error) ? String(error[0]?.message) : 'connection closed'),
      complete: () => undefined,
    },
  );
}
