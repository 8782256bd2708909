import { print } from 'graphql';
import { Client } from 'pg';
import WebSocket from 'ws';
import { ApiKeysDocument, CreateApiKeyDocument, MeDocument, RevokeApiKeyDocument } from '../graphql/generated';
import type { ApiKeyRecord, CreatedApiKey } from '../../src/services/identity/api-keys.service';
import { graphql, request, type GraphQLAnswer } from '../support/http';
import { bearer, createApiKey, signIn, signature, signedHeaders, startOutsideWorld, type OutsideWorld } from '../support/identity';
import { anyString, matching } from '../support/matchers';
import { startTestService, type TestService } from '../support/test-service';

describe('service API keys, callers and scopes', () => {
  let world: OutsideWorld;
  let service: TestService;
  let token: string;
  let userId: number;

  beforeAll(async () => {
    world = await startOutsideWorld();
    service = await startTestService(world.env);
    ({
      token,
      user: { id: userId },
    } = await signIn(service.url, world, 'keys@example.com'));
  });
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  describe('REST /account/api-keys', () => {
    it('POST creates a key and shows the secret once; GET lists keys without secrets', async () => {
      const created = await request<CreatedApiKey>(service.url, 'POST', '/account/api-keys', {
        json: { label: 'ci', scopes: ['webhooks:write'] },
        headers: bearer(token),
      });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        api_key: matching(/^ak_[0-9a-f]{32}$/),
        api_secret: matching(/^[0-9a-f]{64}$/),
        scopes: ['webhooks:write'],
        created_at: matching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
      const listed = await request<ApiKeyRecord[]>(service.url, 'GET', '/account/api-keys', { headers: bearer(token) });
      expect(listed.body).toContainEqual({ api_key: created.body.api_key, label: 'ci', scopes: ['webhooks:write'], created_at: created.body.created_at });
      expect(JSON.stringify(listed.body)).not.toContain(created.body.api_secret);
    });

    it('the secret is stored encrypted, never in clear', async () => {
      const created = await createApiKey(service.url, token);
      const client = new Client({ connectionString: service.databaseUrl });
      await client.connect();
      const { rows } = await client.query<{ secret_encrypted: string }>('SELECT secret_encrypted FROM service_api_keys WHERE api_key = $1', [created.api_key]);
      await client.end();
      expect(rows[0]?.secret_encrypted).toMatch(/^v1\./);
      expect(rows[0]?.secret_encrypted).not.toContain(created.api_secret);
    });

    it('an empty body creates a key with no scopes and an empty label', async () => {
      const created = await request<CreatedApiKey>(service.url, 'POST', '/account/api-keys', { headers: bearer(token) });
      expect(created.status).toBe(200);
      expect(created.body.scopes).toEqual([]);
    });

    it.each([
      [{ scopes: ['admin'] }, ['body', 'scopes', 0]],
      [{ scopes: 'webhooks:write' }, ['body', 'scopes']],
      [{ label: 'x'.repeat(101) }, ['body', 'label']],
    ])('POST with %j answers 422 at %j', async (body, loc) => {
      const response = await request(service.url, 'POST', '/account/api-keys', { json: body, headers: bearer(token) });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: [{ loc, type: anyString(), msg: anyString() }] });
    });

    it("DELETE of another user's key answers 404 and leaves it working", async () => {
      const other = await signIn(service.url, world, 'other@example.com');
      const theirs = await createApiKey(service.url, other.token);
      const response = await request(service.url, 'DELETE', `/account/api-keys/${theirs.api_key}`, { headers: bearer(token) });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'API key not found' });
      expect((await request(service.url, 'GET', '/v1/account', { headers: signedHeaders(theirs, 'GET', '/v1/account') })).status).toBe(200);
    });

    it.each([
      ['POST', '/account/api-keys'],
      ['GET', '/account/api-keys'],
      ['DELETE', '/account/api-keys/ak_x'],
      ['POST', '/api-key/register'],
      ['DELETE', '/api-key'],
    ])('%s %s without a Bearer token answers 401 with a detail', async (method, path) => {
      const response = await request(service.url, method, path);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: 'missing bearer token' });
    });
  });

  describe('GraphQL', () => {
    it('createApiKey, apiKeys and revokeApiKey work with an app token', async () => {
      const created = await graphql(service.url, CreateApiKeyDocument, { input: { label: 'gql', scopes: ['webhooks:write'] } }, bearer(token));
      expect(created.errors).toBeUndefined();
      const apiKey = created.data!.createApiKey.apiKey;
      const listed = await graphql(service.url, ApiKeysDocument, {}, bearer(token));
      expect(listed.data!.apiKeys).toContainEqual({ apiKey, label: 'gql', scopes: ['webhooks:write'], createdAt: created.data!.createApiKey.createdAt });
      expect((await graphql(service.url, RevokeApiKeyDocument, { apiKey }, bearer(token))).data).toEqual({ revokeApiKey: true });
      const again = await graphql(service.url, RevokeApiKeyDocument, { apiKey }, bearer(token));
      expect(again.errors?.[0]?.extensions).toEqual({ code: 'NOT_FOUND' });
    });

    it('the signed headers identify the caller, signed over POST /graphql and the raw body', async () => {
      const key = await createApiKey(service.url, token);
      const body = JSON.stringify({ query: print(MeDocument) });
      const headers = { ...signedHeaders(key, 'POST', '/graphql', body), 'content-type': 'application/json' };
      const response = await request<GraphQLAnswer>(service.url, 'POST', '/graphql', { body, headers });
      expect(response.body.data?.me).toMatchObject({ id: userId, email: 'keys@example.com' });
    });

    it('a bad signature fails the request with HTTP 401 UNAUTHENTICATED', async () => {
      const key = await createApiKey(service.url, token);
      const body = JSON.stringify({ query: print(MeDocument) });
      const headers = { ...signedHeaders(key, 'POST', '/graphql', `${body} `), 'content-type': 'application/json' };
      const response = await request<GraphQLAnswer>(service.url, 'POST', '/graphql', { body, headers });
      expect(response.status).toBe(401);
      expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });

    it('account management refuses an API-key caller with INSUFFICIENT_PERMISSION', async () => {
      const key = await createApiKey(service.url, token);
      const body = JSON.stringify({ query: print(ApiKeysDocument) });
      const headers = { ...signedHeaders(key, 'POST', '/graphql', body), 'content-type': 'application/json' };
      const response = await request<GraphQLAnswer>(service.url, 'POST', '/graphql', { body, headers });
      expect(response.body.errors?.[0]?.extensions).toEqual({ code: 'INSUFFICIENT_PERMISSION' });
    });
  });

  describe('graphql-ws connection_init (contract §9)', () => {
    /** Sends connection_init and reports the acknowledgement or the close code. */
    function connect(payload: Record<string, unknown>): Promise<'ack' | number> {
      return new Promise((resolve, reject) => {
        const socket = new WebSocket(`${service.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
        socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload })));
        socket.on('message', (data) => {
          // ws hands a Buffer over with its default binaryType.
          if ((JSON.parse((data as Buffer).toString()) as { type: string }).type === 'connection_ack') {
            resolve('ack');
            socket.close();
          }
        });
        socket.on('close', (code) => resolve(code));
        socket.on('error', reject);
      });
    }

    it('a Bearer app token is acknowledged', async () => {
      expect(await connect({ authorization: `Bearer ${token}` })).toBe('ack');
    });

    it('a key signature over timestamp + GET + /graphql is acknowledged', async () => {
      const key = await createApiKey(service.url, token);
      const timestamp = String(Date.now());
      expect(await connect({ apiKey: key.api_key, timestamp, signature: signature(key.api_secret, timestamp, 'GET', '/graphql') })).toBe('ack');
    });

    it.each<[string, () => Promise<Record<string, unknown>>]>([
      ['no credentials', async () => ({})],
      ['a bad token', async () => ({ authorization: 'Bearer nope' })],
      [
        'a wrong signature',
        async () => {
          const key = await createApiKey(service.url, token);
          return { apiKey: key.api_key, timestamp: String(Date.now()), signature: '0'.repeat(64) };
        },
      ],
      [
        'a stale timestamp',
        async () => {
          const key = await createApiKey(service.url, token);
          const timestamp = String(Date.now() - 120_000);
          return { apiKey: key.api_key, timestamp, signature: signature(key.api_secret, timestamp, 'GET', '/graphql') };
        },
      ],
    ])('%s closes the socket with 4401', async (_label, payload) => {
      expect(await connect(await payload())).toBe(4401);
    });
  });
});
