import type { TypedDocumentString } from '../graphql/generated';
import type { Credentials } from './credentials';
import { graphQLRequestHeaders } from './signing';

/** A GraphQL error answer, with the service's `extensions.code` (UNAUTHENTICATED, INVALID_PARAMETER, ...) and, for a bad input, its `field`. */
export class GraphQLRequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

interface GraphQLAnswer<TResult> {
  data?: TResult | null;
  errors?: { message: string; extensions?: { code?: string; field?: string } }[];
}

/** Sends one typed operation (generated from `web/src/graphql/*.graphql`) to POST /graphql, signed for `credentials`. */
export async function execute<TResult, TVariables>(
  credentials: Credentials | null,
  document: TypedDocumentString<TResult, TVariables>,
  variables?: TVariables,
): Promise<TResult> {
  const body = JSON.stringify({ query: document.toString(), variables });
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(await graphQLRequestHeaders(credentials, body)) },
    body,
  });
  const answer = (await response.json().catch(() => ({}))) as GraphQLAnswer<TResult>;
  const [error] = answer.errors ?? [];
  if (error) throw new GraphQLRequestError(error.message, error.extensions?.code ?? 'ERROR', error.extensions?.field);
  if (!answer.data) throw new GraphQLRequestError(`the service answered ${response.status} without data`, 'ERROR');
  return answer.data;
}

/** A message fit for an alert: the service's own message, prefixed with its code. */
export function errorMessage(error: unknown): string {
  if (error instanceof GraphQLRequestError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
