import type { Credentials } from './credentials';

/** Lowercase hex HMAC-SHA256 of `message` keyed with `secret`, by WebCrypto (the secret never leaves the page). */
async function hmacHex(secret: string, message: string): Promise<string> {
  if (!globalThis.crypto?.subtle) {
    throw new Error('This page is not a secure context (HTTPS or localhost), so the browser cannot sign requests: use an app token.');
  }
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Contract §6 headers of one request: signed over `timestamp + METHOD + path with query + body`, exactly as sent. */
export async function signedHeaders(
  credentials: Extract<Credentials, { kind: 'key' }>,
  method: string,
  pathWithQuery: string,
  body = '',
): Promise<Record<string, string>> {
  const timestamp = String(Date.now());
  return {
    'X-Service-API-Key': credentials.apiKey,
    'X-Service-Timestamp': timestamp,
    'X-Service-Signature': await hmacHex(credentials.secret, `${timestamp}${method}${pathWithQuery}${body}`),
  };
}

/** The headers of one POST /graphql carrying exactly `body`: signed with a key, or the app token as Bearer. */
export async function graphQLRequestHeaders(credentials: Credentials | null, body: string): Promise<Record<string, string>> {
  if (!credentials) return {};
  if (credentials.kind === 'token') return { authorization: `Bearer ${credentials.token}` };
  return signedHeaders(credentials, 'POST', '/graphql', body);
}

/** graphql-ws `connection_init` payload (contract §9): signed over `timestamp + "GET" + "/graphql"`, fresh at each (re)connect. */
export async function connectionParams(credentials: Credentials): Promise<Record<string, string>> {
  if (credentials.kind === 'token') return { authorization: `Bearer ${credentials.token}` };
  const timestamp = String(Date.now());
  return { apiKey: credentials.apiKey, timestamp, signature: await hmacHex(credentials.secret, `${timestamp}GET/graphql`) };
}
