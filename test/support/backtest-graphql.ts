import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import type { Client } from 'graphql-ws';
import type { TemplateId, Timeframe } from '../graphql/generated';

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
