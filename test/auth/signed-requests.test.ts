import { request as httpRequest } from 'node:http';
import { Client } from 'pg';
import { request, type GraphQLAnswer } from '../support/http';
import { createApiKey, signIn, signedHeaders, signature, startOutsideWorld, type OutsideWorld } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { anyString } from '../support/matchers';

const BUDGET = 6;

describe('signed /v1 requests (contract §6)', () => {
  let world: OutsideWorld;
  let service: TestService;
  let key: { api_key: string; api_secret: string };
  let userId: number;
  const unauthenticated = { error: { code: 'UNAUTHENTICATED', message: anyString() } };

  /** Each test starts with a fresh window, so the small budget of this file never leaks between tests. */
  async function resetWeightWindows(): Promise<void> {
    const client = new Client({ connectionString: service.databaseUrl });
    await client.connect();
    await client.query("DELETE FROM rate_limits WHERE key LIKE 'weight%'");
    await client.end();
  }

  /** fetch refuses a body on GET; /v1/account is the only signed endpoint of this feature, so send it raw. */
  function getWithBody(path: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
    return new Promise((resolve, reject) => {
      const call = httpRequest(
        `${service.url}${path}`,
        { method: 'GET', headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }));
        },
      );
      call.on('error', reject);
      call.end(body);
    });
  }

  beforeAll(async () => {
    world = await startOutsideWorld();
    service = await startTestService({ ...world.env, SIGNED_WEIGHT_PER_MIN: String(BUDGET), SIGNED_TOLERANCE_MS: '30000' });
    const session = await signIn(service.url, world, 'signer@example.com');
    userId = session.user.id;
    key = await createApiKey(service.url, session.token, { label: 'bot', scopes: ['webhooks:write'] });
  });
  beforeEach(() => resetWeightWindows());
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  it('a correctly signed GET without query answers 200 with the caller and the used weight', async () => {
    const response = await request(service.url, 'GET', '/v1/account', { headers: signedHeaders(key, 'GET', '/v1/account') });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ user_id: userId, api_key: key.api_key, label: 'bot', scopes: ['webhooks:write'] });
    expect(response.headers.get('x-service-used-weight-1m')).toBe('1');
  });

  it('the query string is signed exactly as sent', async () => {
    const path = '/v1/account?b=2&a=1&a=%20x';
    const response = await request(service.url, 'GET', path, { headers: signedHeaders(key, 'GET', path) });
    expect(response.status).toBe(200);
    const reordered = await request(service.url, 'GET', path, { headers: signedHeaders(key, 'GET', '/v1/account?a=1&a=%20x&b=2') });
    expect(reordered.status).toBe(401);
    expect(reordered.body).toEqual(unauthenticated);
  });

  it('a body is signed as its raw bytes', async () => {
    const body = '{ "z": 1,  "a": [1, 2], "s": "é" }';
    expect((await getWithBody('/v1/account', body, signedHeaders(key, 'GET', '/v1/account', body))).status).toBe(200);
    const reformatted = signedHeaders(key, 'GET', '/v1/account', JSON.stringify(JSON.parse(body)));
    const response = await getWithBody('/v1/account', body, reformatted);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(unauthenticated);
  });

  it.each<[string, () => Record<string, string>]>([
    ['a wrong signature', () => ({ ...signedHeaders(key, 'GET', '/v1/account'), 'X-Service-Signature': 'ab'.repeat(32) })],
    ['a signature made with another secret', () => signedHeaders({ ...key, api_secret: 'f'.repeat(64) }, 'GET', '/v1/account')],
    ['a signature over another method', () => signedHeaders(key, 'POST', '/v1/account')],
    ['a stale timestamp (31 s old)', () => signedHeaders(key, 'GET', '/v1/account', '', String(Date.now() - 31_000))],
    ['a future timestamp (31 s ahead)', () => signedHeaders(key, 'GET', '/v1/account', '', String(Date.now() + 31_000))],
    ['a timestamp in seconds', () => signedHeaders(key, 'GET', '/v1/account', '', String(Math.floor(Date.now() / 1000)))],
    ['a non-numeric timestamp', () => signedHeaders(key, 'GET', '/v1/account', '', 'yesterday')],
    ['an unknown key', () => signedHeaders({ api_key: 'ak_0000', api_secret: key.api_secret }, 'GET', '/v1/account')],
    ['no headers', () => ({})],
    [
      'no signature header',
      () => {
        const { 'X-Service-Signature': _omitted, ...rest } = signedHeaders(key, 'GET', '/v1/account');
        return rest;
      },
    ],
  ])('%s answers 401 UNAUTHENTICATED and spends no weight', async (_label, headers) => {
    const response = await request(service.url, 'GET', '/v1/account', { headers: headers() });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(unauthenticated);
    expect(response.headers.get('x-service-used-weight-1m')).toBeNull();
    const next = await request(service.url, 'GET', '/v1/account', { headers: signedHeaders(key, 'GET', '/v1/account') });
    expect(next.headers.get('x-service-used-weight-1m')).toBe('1');
  });

  it('a timestamp 29 s off either way is still inside the tolerance', async () => {
    for (const offset of [-29_000, 29_000]) {
      const response = await request(service.url, 'GET', '/v1/account', { headers: signedHeaders(key, 'GET', '/v1/account', '', String(Date.now() + offset)) });
      expect(response.status).toBe(200);
    }
  });

  it('the weight budget runs out with 429 RATE_LIMITED and Retry-After, then recovers when the window ends', async () => {
    const used: (string | null)[] = [];
    for (let index = 0; index < BUDGET; index += 1) {
      const response = await request(service.url, 'GET', '/v1/account', { headers: signedHeaders(key, 'GET', '/v1/account') });
      expect(response.status).toBe(200);
      used.push(response.headers.get('x-service-used-weight-1m'));
    }
    expect(used).toEqual(['1', '2', '3', '4', '5', '6']);
    const limited = await request(service.url, 'GET', '/v1/account', { headers: signedHeaders(key, 'GET', '/v1/account') });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: { code: 'RATE_LIMITED', message: anyString() } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(Number(limited.headers.get('x-service-used-weight-1m'))).toBeGreaterThan(BUDGET);

    // The minute passing, without waiting for it: the stored window ends now.
    const client = new Client({ connectionString: service.databaseUrl });
    await client.connect();
    const ended = await client.query("UPDATE rate_limits SET expire = $1 WHERE key LIKE 'weight%'", [Date.now() - 1]);
    await client.end();
    expect(ended.rowCount).toBe(1);
    const recovered = await request(service.url, 'GET', '/v1/account', { headers: signedHeaders(key, 'GET', '/v1/account') });
    expect(recovered.status).toBe(200);
    expect(recovered.headers.get('x-service-used-weight-1m')).toBe('1');
  });

  it('each key has its own budget', async () => {
    const session = await signIn(service.url, world, 'signer@example.com');
    const other = await createApiKey(service.url, session.token);
    for (let index = 0; index < BUDGET; index += 1) await request(service.url, 'GET', '/v1/account', { headers: signedHeaders(key, 'GET', '/v1/account') });
    const response = await request(service.url, 'GET', '/v1/account', { headers: signedHeaders(other, 'GET', '/v1/account') });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-service-used-weight-1m')).toBe('1');
  });

  it('a revoked key is UNAUTHENTICATED at once', async () => {
    const session = await signIn(service.url, world, 'signer@example.com');
    const doomed = await createApiKey(service.url, session.token);
    expect((await request(service.url, 'GET', '/v1/account', { headers: signedHeaders(doomed, 'GET', '/v1/account') })).status).toBe(200);
    const revoked = await request(service.url, 'DELETE', `/account/api-keys/${doomed.api_key}`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(revoked.status).toBe(204);
    const response = await request(service.url, 'GET', '/v1/account', { headers: signedHeaders(doomed, 'GET', '/v1/account') });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(unauthenticated);
  });

  it('the signature is lowercase hex: an upper-case rendering of the right HMAC is rejected', async () => {
    const timestamp = String(Date.now());
    const headers = {
      'X-Service-API-Key': key.api_key,
      'X-Service-Timestamp': timestamp,
      'X-Service-Signature': signature(key.api_secret, timestamp, 'GET', '/v1/account').toUpperCase(),
    };
    expect((await request(service.url, 'GET', '/v1/account', { headers })).status).toBe(401);
  });

  it('GraphQL `account` answers as GET /v1/account, for the signing key only', async () => {
    const body = JSON.stringify({ query: '{ account { userId apiKey label scopes } }' });
    const headers = { ...signedHeaders(key, 'POST', '/graphql', body), 'content-type': 'application/json' };
    const signed = await request<GraphQLAnswer>(service.url, 'POST', '/graphql', { headers, body });
    expect(signed.body.data?.account).toEqual({ userId, apiKey: key.api_key, label: 'bot', scopes: ['webhooks:write'] });
    expect(signed.headers.get('x-service-used-weight-1m')).toBe('1');
    const anonymous = await request<GraphQLAnswer>(service.url, 'POST', '/graphql', { json: { query: '{ account { userId } }' } });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
