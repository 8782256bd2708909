import { createHmac } from 'node:crypto';
import { ExchangeAccountStandIn } from '../stand-ins/exchange-account';
import { IdentityProviderStandIn } from '../stand-ins/identity-provider';
import { request } from './http';
import type { CreatedApiKey } from '../../src/services/identity/api-keys.service';
import type { SignInResult } from '../../src/services/identity/users.service';

/** Both identity providers and the exchange, started for one test file. */
export interface OutsideWorld {
  providerA: IdentityProviderStandIn;
  providerB: IdentityProviderStandIn;
  exchange: ExchangeAccountStandIn;
  /** The service environment pointing at them. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startOutsideWorld(): Promise<OutsideWorld> {
  const providerA = await new IdentityProviderStandIn('https://accounts.provider-a.test', 'client-a').start();
  const providerB = await new IdentityProviderStandIn('https://appleid.provider-b.test', 'client-b').start();
  const exchange = await new ExchangeAccountStandIn().start();
  return {
    providerA,
    providerB,
    exchange,
    env: {
      PROVIDER_A_JWKS_URL: providerA.jwksUrl,
      PROVIDER_A_ISSUERS: `accounts.provider-a.test,${providerA.issuer}`,
      PROVIDER_A_AUDIENCES: `other-client,${providerA.audience}`,
      PROVIDER_B_JWKS_URL: providerB.jwksUrl,
      PROVIDER_B_ISSUERS: providerB.issuer,
      PROVIDER_B_AUDIENCES: providerB.audience,
      UPSTREAM_FAPI_URL: exchange.url,
    },
    stop: async () => {
      await Promise.all([providerA.stop(), providerB.stop(), exchange.stop()]);
    },
  };
}

/** Signs in through provider A and returns the app token and the user. */
export async function signIn(baseUrl: string, world: OutsideWorld, email: string, subject = `sub-${email}`) {
  const idToken = await world.providerA.mint({ sub: subject, email, email_verified: true, name: email.split('@')[0] });
  const response = await request<SignInResult>(baseUrl, 'POST', '/auth/mobile/provider-a', { json: { id_token: idToken } });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { token: response.body.access_token, user: response.body.user, idToken };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** The contract §6 signature, computed independently of the service's code. */
export function signature(secret: string, timestamp: string, method: string, pathWithQuery: string, body = ''): string {
  return createHmac('sha256', secret).update(`${timestamp}${method}${pathWithQuery}${body}`).digest('hex');
}

export function signedHeaders(
  key: { api_key: string; api_secret: string },
  method: string,
  pathWithQuery: string,
  body = '',
  timestamp = String(Date.now()),
): Record<string, string> {
  return {
    'X-Service-API-Key': key.api_key,
    'X-Service-Timestamp': timestamp,
    'X-Service-Signature': signature(key.api_secret, timestamp, method, pathWithQuery, body),
  };
}

/** Creates a service API key for the signed-in user over REST. */
export async function createApiKey(baseUrl: string, token: string, body: unknown = {}) {
  const response = await request<CreatedApiKey>(baseUrl, 'POST', '/account/api-keys', {
    json: body,
    headers: bearer(token),
  });
  if (response.status !== 200) throw new Error(`create API key failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A client of the signed `/v1` API for one key: signs the exact bytes it sends, as contract §6 says. */
export function signedClient(baseUrl: string, key: { api_key: string; api_secret: string }) {
  // `T` names the answer's wire shape where the caller knows it.
  return <T = unknown>(method: string, pathWithQuery: string, json?: unknown) => {
    const body = json === undefined ? '' : JSON.stringify(json);
    const headers = { ...signedHeaders(key, method, pathWithQuery, body), ...(json === undefined ? {} : { 'content-type': 'application/json' }) };
    return request<T>(baseUrl, method, pathWithQuery, json === undefined ? { headers } : { headers, body });
  };
}

export type SignedClient = ReturnType<typeof signedClient>;

/** A signed-in user with an API key holding `scopes`, and a signed client for that key. */
export async function newAccount(baseUrl: string, world: OutsideWorld, email: string, scopes: string[] = []) {
  const session = await signIn(baseUrl, world, email);
  const key = await createApiKey(baseUrl, session.token, { scopes });
  return { ...session, key, call: signedClient(baseUrl, key) };
}
