import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/database-unavailable';
import { isAppError } from '../errors/app-error';

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
  if (original instanceof GraphQLError || formatted.extensions?.code !== 'INTERNAL_SERVER_ERROR') return formatted;
  return { message: 'internal error', locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}
