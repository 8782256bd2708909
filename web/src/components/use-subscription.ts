import { useEffect, useState } from 'preact/hooks';
import type { Credentials } from '../api/credentials';
import { subscribe, subscriptionClient } from '../api/subscriptions';
import type { TypedDocumentString } from '../graphql/generated';

/**
 * Subscribes to `document` while the component shows `key` (a new key
 * subscribes afresh) and hands each value to `onData`; returns the
 * subscription's error, if any.
 */
export function useSubscription<TResult, TVariables extends Record<string, unknown>>(
  credentials: Credentials,
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  key: string,
  onData: (data: TResult) => void,
): string | undefined {
  const [error, setError] = useState<string>();
  useEffect(() => {
    setError(undefined);
    const client = subscriptionClient(credentials);
    const stop = subscribe(client, document, variables, { next: onData, error: setError });
    return () => {
      stop();
      void client.dispose();
    };
  }, [key]);
  return error;
}
