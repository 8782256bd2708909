import { AppError } from '../errors/app-error';

/** The scopes a service API key may hold (contract §5); more may come. */
export const SCOPES = ['webhooks:write'] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * Who is calling a signed `/v1` endpoint or GraphQL. `apiKeyId` is the signing
 * key, or null for an app-token (Bearer) caller, whose reach is all of the
 * user's keys and who holds every scope (it is the user themself).
 */
export interface Caller {
  userId: number;
  apiKeyId: number | null;
  scopes: string[];
}

/** The columns that name a resource's owner; every owned table of a later feature carries both. */
export interface Owner {
  userId: number;
  apiKeyId: number | null;
}

/**
 * Query filter for resources the caller may see: a key caller sees what that
 * key owns (another key's id is then simply not found, hence 404), an
 * app-token caller sees the user's resources across all their keys.
 */
export function ownedBy(caller: Caller): { userId: number; apiKeyId?: number } {
  return caller.apiKeyId === null ? { userId: caller.userId } : { userId: caller.userId, apiKeyId: caller.apiKeyId };
}

/** The owner columns to store on a resource the caller creates. */
export function ownerFor(caller: Caller): Owner {
  return { userId: caller.userId, apiKeyId: caller.apiKeyId };
}

export function hasScope(caller: Caller, scope: string): boolean {
  return caller.scopes.includes(scope);
}

/** For operations that need a caller (GraphQL resolvers, subscriptions): anonymous is `UNAUTHENTICATED`. */
export function requireCaller(caller: Caller | undefined): Caller {
  if (!caller) throw new AppError('UNAUTHENTICATED', 'authentication required: a Bearer app token or the signed request headers');
  return caller;
}

/** Account management (API keys, the exchange key) is for the user themself: an app token, not one of their API keys. */
export function requireUserCaller(caller: Caller | undefined): Caller {
  const known = requireCaller(caller);
  if (known.apiKeyId !== null) throw new AppError('INSUFFICIENT_PERMISSION', 'this operation needs an app token, not an API key');
  return known;
}
