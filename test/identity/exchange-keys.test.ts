import { Client } from 'pg';
import { ExchangeKeyStatusDocument, RegisterExchangeKeyDocument } from '../graphql/generated';
import type { KeyStatus } from '../../src/services/identity/exchange-keys.service';
import { graphql, request, type GraphQLAnswer } from '../support/http';
import { bearer, signIn, startOutsideWorld, type OutsideWorld } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { defined } from '../support/defined';
import { anyString, matching } from '../support/matchers';

const NAIVE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;

describe('exchange keys: register, remove, verify and status', () => {
  let world: OutsideWorld;
  let service: TestService;
  let token: string;
  const register = (body: unknown, auth = token) => request(service.url, 'POST', '/api-key/register', { json: body, headers: bearer(auth) });
  const status = (email: string) => request<KeyStatus>(service.url, 'GET', `/api-key/status/${encodeURIComponent(email)}`);
  const verify = (email: string) => request(service.url, 'POST', '/api-key/verify', { json: { email } });

  beforeAll(async () => {
    world = await startOutsideWorld();
    world.exchange.addAccount('EXKEY1', 'exsecret1');
    world.exchange.addAccount('EXKEY2', 'exsecret2');
    service = await startTestService(world.env);
    ({ token } = await signIn(service.url, world, 'trader@example.com'));
    await signIn(service.url, world, 'nokey@example.com');
  });
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  it('register checks the key with a signed account call, then stores it', async () => {
    const calls = world.exchange.calls.length;
    const response = await register({ api_key: 'EXKEY1', api_secret: 'exsecret1' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'API key registered', email: 'trader@example.com', has_api_key: true });
    const call = defined(world.exchange.calls[calls], 'a call at the exchange');
    expect(call.apiKey).toBe('EXKEY1');
    expect(call.query).toMatch(/^timestamp=\d{13}&recvWindow=\d+&signature=[0-9a-f]{64}$/);
  });

  it('the exchange secret is stored encrypted, never in clear', async () => {
    const client = new Client({ connectionString: service.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ secret_encrypted: string }>('SELECT secret_encrypted FROM exchange_keys');
    await client.end();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.secret_encrypted).toMatch(/^v1\./);
    expect(rows[0]?.secret_encrypted).not.toContain('exsecret1');
  });

  it('GET /api-key/status/{email} of a registered key has the four extra fields', async () => {
    const response = await status('Trader@Example.com');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: anyString(),
      email: 'trader@example.com',
      has_api_key: true,
      verification_status: 'verified',
      last_verified: matching(NAIVE_TIMESTAMP),
      created_at: matching(NAIVE_TIMESTAMP),
      is_active: true,
    });
    expect(JSON.stringify(response.body)).not.toContain('exsecret1');
  });

  it.each([
    ['an unknown user', 'nobody@example.com', 'User not found'],
    ['a user without a key', 'nokey@example.com', 'No API key registered'],
  ])('GET /api-key/status for %s answers success false and has_api_key false', async (_label, email, message) => {
    const response = await status(email);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: false, message, email, has_api_key: false });
  });

  it.each([
    ['an unknown user', 'nobody@example.com', 'User not found'],
    ['a user without a key', 'nokey@example.com', 'No API key registered'],
  ])('POST /api-key/verify for %s answers success false and has_api_key false', async (_label, email, message) => {
    const response = await verify(email);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: false, message, email, has_api_key: false });
  });

  it('POST /api-key/verify of a working key answers success true', async () => {
    const response = await verify('trader@example.com');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'API key verified', email: 'trader@example.com', has_api_key: true });
  });

  it('POST /api-key/verify of a key the exchange no longer accepts answers success false and records failed', async () => {
    const other = await signIn(service.url, world, 'revoked@example.com');
    expect((await register({ api_key: 'EXKEY2', api_secret: 'exsecret2' }, other.token)).status).toBe(200);
    world.exchange.addAccount('EXKEY2', 'rotated-secret');
    const response = await verify('revoked@example.com');
    expect(response.body).toEqual({ success: false, message: anyString(), email: 'revoked@example.com', has_api_key: true });
    expect((await status('revoked@example.com')).body.verification_status).toBe('failed');
  });

  it('POST /api-key/verify without an email answers 422', async () => {
    const response = await request(service.url, 'POST', '/api-key/verify', { json: {} });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ type: 'missing', loc: ['body', 'email'], msg: 'Field required' }] });
  });

  it('register with a key the exchange rejects answers 400 with a detail and stores nothing', async () => {
    const other = await signIn(service.url, world, 'rejected@example.com');
    const response = await register({ api_key: 'EXKEY1', api_secret: 'wrong-secret' }, other.token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'the exchange rejected the API key' });
    expect((await status('rejected@example.com')).body.has_api_key).toBe(false);
  });

  it('register while the exchange is failing answers 502', async () => {
    world.exchange.failing = true;
    const response = await register({ api_key: 'EXKEY1', api_secret: 'exsecret1' });
    world.exchange.failing = false;
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ detail: 'upstream request failed' });
  });

  it('register without api_secret answers 422', async () => {
    const response = await register({ api_key: 'EXKEY1' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ type: 'missing', loc: ['body', 'api_secret'], msg: 'Field required' }] });
  });

  it('DELETE /api-key removes the key; a second DELETE answers 404', async () => {
    const user = await signIn(service.url, world, 'leaver@example.com');
    await register({ api_key: 'EXKEY1', api_secret: 'exsecret1' }, user.token);
    const removed = await request(service.url, 'DELETE', '/api-key', { headers: bearer(user.token) });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, message: 'API key deleted', email: 'leaver@example.com', has_api_key: false });
    expect((await status('leaver@example.com')).body).toEqual({
      success: false,
      message: 'No API key registered',
      email: 'leaver@example.com',
      has_api_key: false,
    });
    const again = await request(service.url, 'DELETE', '/api-key', { headers: bearer(user.token) });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ detail: 'No API key registered' });
  });

  it('GraphQL registerExchangeKey and exchangeKeyStatus use the same service', async () => {
    const user = await signIn(service.url, world, 'gql-trader@example.com');
    const registered = await graphql(service.url, RegisterExchangeKeyDocument, { input: { apiKey: 'EXKEY1', apiSecret: 'exsecret1' } }, bearer(user.token));
    expect(registered.data).toEqual({ registerExchangeKey: { success: true, hasApiKey: true } });
    const found = await graphql(service.url, ExchangeKeyStatusDocument, { email: 'gql-trader@example.com' });
    expect(found.data!.exchangeKeyStatus).toMatchObject({ success: true, hasApiKey: true, verificationStatus: 'verified', isActive: true });
    const missing = await graphql(service.url, ExchangeKeyStatusDocument, { email: 'ghost@example.com' });
    expect(missing.data!.exchangeKeyStatus).toEqual({
      success: false,
      message: 'User not found',
      email: 'ghost@example.com',
      hasApiKey: false,
      verificationStatus: null,
      lastVerified: null,
      createdAt: null,
      isActive: null,
    });
  });

  it('GraphQL verifyExchangeKey answers as POST /api-key/verify', async () => {
    const query = 'mutation ($input: VerifyExchangeKeyInput!) { verifyExchangeKey(input: $input) { success message email hasApiKey } }';
    const verified = await request<GraphQLAnswer>(service.url, 'POST', '/graphql', { json: { query, variables: { input: { email: 'trader@example.com' } } } });
    expect(verified.body.data?.verifyExchangeKey).toEqual({ success: true, message: 'API key verified', email: 'trader@example.com', hasApiKey: true });
    const unknown = await request<GraphQLAnswer>(service.url, 'POST', '/graphql', { json: { query, variables: { input: { email: 'ghost@example.com' } } } });
    expect(unknown.body.data?.verifyExchangeKey).toEqual({ success: false, message: 'User not found', email: 'ghost@example.com', hasApiKey: false });
  });
});
