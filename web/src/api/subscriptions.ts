import { createClient, type Client } from 'graphql-ws';
import type { TypedDocumentString } from '../graphql/generated';
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

/** graphql-ws fails a sink with an Error, a list of GraphQL errors, or the socket's CloseEvent. */
function connectionErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error instanceof CloseEvent) return `connection closed (${error.code}${error.reason ? `: ${error.reason}` : ''})`;
  if (Array.isArray(error)) {
    const [first] = error as { message?: unknown }[];
    if (typeof first?.message === 'string') return first.message;
  }
  return 'connection closed';
}

export interface SubscriptionSink<TResult> {
  next: (data: TResult) => void;
  error: (message: string) => void;
}

/** Subscribes to a typed operation; returns the unsubscribe function. */
export function subscribe<TResult, TVariables extends Record<string, unknown>>(
  client: Client,
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  sink: SubscriptionSink<TResult>,
): () => void {
  return client.subscribe<TResult>(
    { query: document.toString(), variables },
    {
      next: (value) => {
        const [error] = value.errors ?? [];
        const code = error?.extensions?.code;
        if (error) sink.error(`${typeof code === 'string' ? code : 'ERROR'}: ${error.message}`);
        else if (value.data) sink.next(value.data);
      },
      error: (error: unknown) => sink.error(connectionErrorMessage(error)),
      complete: () => undefined,
    },
  );
}
