import { HeaderMap } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/database-unavailable';
import { isAppError, type AppError } from '../errors/app-error';

/**
 * GraphQL's side of the error mapping: an AppError keeps its code in
 * `extensions.code` (with `field` and FastAPI-style `issues` where present);
 * anything unexpected is masked. GraphQL's own validation errors pass through.
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  let original = unwrapResolverError(error);
  if (isDatabaseUnavailable(original)) original = databaseUnavailable();
  // A failure while building the context (authentication reads the database) reaches here wrapped by Apollo.
  if (original instanceof GraphQLError && isAppError(original.originalError)) original = original.originalError;
  if (isAppError(original)) {
    return {
      message: original.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: {
        code: original.code,
        ...(original.field ? { field: original.field } : {}),
        ...(original.issues ? { issues: original.issues } : {}),
      },
    };
  }
  // Apollo's own failures (context creation: "connect ECONNREFUSED ...") carry this code too: their text is the server's, not the client's.
  if (formatted.extensions?.code !== 'INTERNAL_SERVER_ERROR') return formatted;
  return { message: 'internal error', locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/** Client mistakes found before execution: HTTP 400 with a code (contract §14). */
export function badUserInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
}

/** An AppError raised before execution (weight, scope, per-IP limit), with its code and HTTP status. */
export function graphQLErrorFrom(error: AppError): GraphQLError {
  const headers = error.retryAfterSeconds === undefined ? undefined : new HeaderMap([['retry-after', String(error.retryAfterSeconds)]]);
  return new GraphQLError(error.message, { extensions: { code: error.code, http: { status: error.status, ...(headers ? { headers } : {}) } } });
}
