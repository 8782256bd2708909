import type { Request } from 'express';
import { GraphQLError } from 'graphql';
import { isAppError } from '../errors/app-error';
import type { Caller } from './caller';
import type { Authenticator } from './authenticator';

/** The close code graphql-ws clients see when `connection_init` carries no valid credentials. */
export const WS_UNAUTHORIZED = 4401;

/**
 * The caller of a GraphQL HTTP request. Presented but invalid credentials fail
 * the whole request with HTTP 401 and `extensions.code` UNAUTHENTICATED,
 * rather than silently running it anonymously.
 */
export async function graphQLCallerFrom(authenticator: Authenticator, req: Request): Promise<Caller | undefined> {
  try {
    return await authenticator.fromHeaders(req.headers, { method: req.method, pathWithQuery: req.originalUrl, body: req.rawBody ?? '' });
  } catch (error) {
    if (isAppError(error)) throw new GraphQLError(error.message, { extensions: { code: error.code, http: { status: error.status } } });
    throw error;
  }
}

/** `connection_init` (contract §9): the caller, or null when the socket must be closed with 4401. */
export async function authenticateConnectionParams(
  authenticator: Authenticator,
  params: Readonly<Record<string, unknown>> | undefined,
): Promise<Caller | null> {
  try {
    return await authenticator.connectionParams(params);
  } catch (error) {
    if (isAppError(error) && error.code === 'UNAUTHENTICATED') return null;
    throw error;
  }
}
