import { createClient, type Client } from 'graphql-ws';
import type { TypedDocumentString } from '../graphql/generated';
import type { Credentials } from './credentials';
import { connectionParams } from './signing';

/** Close codes after which retrying cannot help: bad credentials (contract §9) and forbidden. */
const FINAL_CLOSE_CODES = new Set([4401, 4403]);

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting';

function connectionOptions(credentials: Credentials) {
  return {
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
    lazy: true,
    connectionParams: () => connectionParams(credentials),
  };
}

/** A dropped connection is worth retrying; bad credentials are not. */
function isRetryable(error: unknown): boolean {
  return !(error instanceof CloseEvent && FINAL_CLOSE_CODES.has(error.code));
}

const retryDelay = (retries: number) => Math.min(10_000, 500 * 2 ** retries);

/**
 * One graphql-ws connection for the signed-in user. It reconnects after any
 * drop with backoff, signing a fresh `connection_init` each time, and
 * graphql-ws then resubscribes every active subscription.
 */
export function subscriptionClient(credentials: Credentials, onState: (state: ConnectionState) => void = () => undefined): Client {
  const client = createClient({
    ...connectionOptions(credentials),
    retryAttempts: Infinity,
    shouldRetry: isRetryable,
    retryWait: async (retries) => new Promise((resolve) => setTimeout(resolve, retryDelay(retries))),
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

/** A GraphQL error in a result, as `CODE: message`; undefined for a result without errors. */
function resultError(errors: readonly { message: string; extensions?: Record<string, unknown> }[] | undefined): string | undefined {
  const [error] = errors ?? [];
  if (!error) return undefined;
  const code = error.extensions?.code;
  return `${typeof code === 'string' ? code : 'ERROR'}: ${error.message}`;
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
        const error = resultError(value.errors);
        if (error) sink.error(error);
        else if (value.data) sink.next(value.data);
      },
      error: (error: unknown) => sink.error(connectionErrorMessage(error)),
      complete: () => undefined,
    },
  );
}

export interface ResumingSink<TResult> extends SubscriptionSink<TResult> {
  state: (state: ConnectionState) => void;
}

/**
 * A subscription of items with ids that resumes after a drop from the last
 * id it delivered. graphql-ws would resubscribe with the first request's
 * variables, so this client does not retry by itself: after a drop it
 * subscribes again with `variablesAfter(lastId)`, and the service replays
 * what was missed, none twice (contract §11 `strategyEvents(after)`).
 * Returns the unsubscribe function.
 */
export function subscribeResuming<TResult, TVariables extends Record<string, unknown>>(
  credentials: Credentials,
  document: TypedDocumentString<TResult, TVariables>,
  variablesAfter: (after: string | undefined) => TVariables,
  idOf: (data: TResult) => string,
  sink: ResumingSink<TResult>,
  after?: string,
): () => void {
  const client = createClient({ ...connectionOptions(credentials), retryAttempts: 0 });
  let lastId = after;
  let retries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: () => void = () => undefined;
  let stopped = false;
  client.on('connected', () => {
    retries = 0;
    sink.state('connected');
  });
  const start = () => {
    unsubscribe = client.subscribe<TResult>(
      { query: document.toString(), variables: variablesAfter(lastId) },
      {
        next: (value) => {
          const error = resultError(value.errors);
          if (error) return sink.error(error);
          if (!value.data) return;
          lastId = idOf(value.data);
          sink.next(value.data);
        },
        error: (error: unknown) => {
          if (stopped) return;
          if (!isRetryable(error) || Array.isArray(error)) return sink.error(connectionErrorMessage(error));
          sink.state('reconnecting');
          retryTimer = setTimeout(start, retryDelay(retries));
          retries += 1;
        },
        complete: () => undefined,
      },
    );
  };
  sink.state('connecting');
  start();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    unsubscribe();
    void client.dispose();
  };
}
