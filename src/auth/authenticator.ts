import { AppError } from '../errors/app-error';
import type { AppTokens } from './app-tokens';
import { SCOPES, type Caller } from './caller';
import { isSignatureValid, isTimestampFresh, type SignedRequestParts } from './request-signature';

/** A service API key as the signature check needs it; `secret` is decrypted. */
export interface SigningKey {
  id: number;
  userId: number;
  scopes: string[];
  secret: string;
}

export interface SigningKeyLookup {
  findSigningKey(apiKey: string): Promise<SigningKey | null>;
}

/** The three signed-request headers, as received (any may be missing). */
export interface SignedCredentials {
  apiKey?: string;
  timestamp?: string;
  signature?: string;
}

/** Request headers as node gives them (lower-case names). */
export type RequestHeaders = Record<string, string | string[] | undefined>;

export function signedCredentialsFrom(headers: RequestHeaders): SignedCredentials {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return { apiKey: header('x-service-api-key'), timestamp: header('x-service-timestamp'), signature: header('x-service-signature') };
}

function unauthenticated(message: string): AppError {
  return new AppError('UNAUTHENTICATED', message);
}

/**
 * Turns credentials into a `Caller`: app tokens (Bearer), signed requests
 * (contract §6) and graphql-ws `connection_init` params (contract §9). Every
 * failure is `UNAUTHENTICATED`; the message never says which part was wrong
 * beyond what the client already knows.
 */
export class Authenticator {
  constructor(
    private readonly appTokens: AppTokens,
    private readonly signingKeys: SigningKeyLookup,
    private readonly toleranceMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async bearer(authorization: string | undefined): Promise<Caller> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (token === undefined) throw unauthenticated('missing bearer token');
    const claims = await this.appTokens.verify(token);
    return { userId: claims.userId, apiKeyId: null, scopes: [...SCOPES] };
  }

  async signed(credentials: SignedCredentials, request: Omit<SignedRequestParts, 'timestamp'>): Promise<Caller> {
    const { apiKey, timestamp, signature } = credentials;
    if (!apiKey || !timestamp || !signature) throw unauthenticated('missing X-Service-API-Key, X-Service-Timestamp or X-Service-Signature');
    if (!isTimestampFresh(timestamp, this.now(), this.toleranceMs)) throw unauthenticated('timestamp outside the allowed window');
    const key = await this.signingKeys.findSigningKey(apiKey);
    if (!key || !isSignatureValid(key.secret, { ...request, timestamp }, signature)) throw unauthenticated('invalid API key or signature');
    return { userId: key.userId, apiKeyId: key.id, scopes: key.scopes };
  }

  /**
   * GraphQL over HTTP: a Bearer token or the signed headers (signature over
   * the POST exactly as for REST); no credentials at all is an anonymous
   * caller, for the public operations.
   */
  async fromHeaders(headers: RequestHeaders, request: Omit<SignedRequestParts, 'timestamp'>): Promise<Caller | undefined> {
    const credentials = signedCredentialsFrom(headers);
    if (typeof headers.authorization === 'string') return this.bearer(headers.authorization);
    if (credentials.apiKey || credentials.timestamp || credentials.signature) return this.signed(credentials, request);
    return undefined;
  }

  /** graphql-ws `connection_init` (contract §9): `{authorization: "Bearer …"}` or `{apiKey, timestamp, signature}` over `timestamp + "GET" + "/graphql"`. */
  async connectionParams(params: Readonly<Record<string, unknown>> | undefined): Promise<Caller> {
    const text = (name: string) => (typeof params?.[name] === 'string' ? params[name] : undefined);
    if (text('authorization') !== undefined) return this.bearer(text('authorization'));
    return this.signed(
      { apiKey: text('apiKey'), timestamp: text('timestamp'), signature: text('signature') },
      { method: 'GET', pathWithQuery: '/graphql', body: '' },
    );
  }
}
