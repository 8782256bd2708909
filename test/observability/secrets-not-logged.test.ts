import { print } from 'graphql';
import { grantPlan } from '../../src/cli/commands/grant-plan';
import { MeDocument } from '../graphql/generated';
import { graphql, request } from '../support/http';
import { bearer, createApiKey, signIn, signedHeaders, startOutsideWorld, type OutsideWorld } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { waitFor } from '../support/wait';

describe('no secret reaches the logs', () => {
  let world: OutsideWorld;
  let service: TestService;

  beforeAll(async () => {
    world = await startOutsideWorld();
    service = await startTestService({ ...world.env, LOG_LEVEL: 'trace' });
  });
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  it('a full flow (sign-in, exchange key, API key, signed calls, plan key) logs none of its secrets', async () => {
    const exchangeSecret = 'exchange-secret-7f3a9c';
    world.exchange.addAccount('EXCHANGE-KEY', exchangeSecret);
    const { token, idToken } = await signIn(service.url, world, 'quiet@example.com');
    const failedIdToken = await world.providerA.mint({ sub: 'q', email: 'q@example.com', email_verified: false });
    expect((await request(service.url, 'POST', '/auth/mobile/provider-a', { json: { id_token: failedIdToken } })).status).toBe(401);

    expect(
      (await request(service.url, 'POST', '/api-key/register', { json: { api_key: 'EXCHANGE-KEY', api_secret: exchangeSecret }, headers: bearer(token) }))
        .status,
    ).toBe(200);
    expect(
      (await request(service.url, 'POST', '/api-key/register', { json: { api_key: 'EXCHANGE-KEY', api_secret: 'wrong-secret-1b2c' }, headers: bearer(token) }))
        .status,
    ).toBe(400);
    expect((await request<{ success: boolean }>(service.url, 'POST', '/api-key/verify', { json: { email: 'quiet@example.com' } })).body.success).toBe(true);

    const key = await createApiKey(service.url, token, { scopes: ['webhooks:write'] });
    expect((await request(service.url, 'GET', '/v1/account?x=1', { headers: signedHeaders(key, 'GET', '/v1/account?x=1') })).status).toBe(200);
    expect(
      (await request(service.url, 'GET', '/v1/account', { headers: signedHeaders({ ...key, api_secret: 'f'.repeat(64) }, 'GET', '/v1/account') })).status,
    ).toBe(401);
    const body = JSON.stringify({ query: print(MeDocument) });
    expect(
      (
        await request(service.url, 'POST', '/graphql', {
          body,
          headers: { ...signedHeaders(key, 'POST', '/graphql', body), 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(200);
    expect((await graphql(service.url, MeDocument, {}, bearer(token))).data?.me.email).toBe('quiet@example.com');
    expect((await graphql(service.url, MeDocument, {}, bearer(`${token}x`))).status).toBe(401);

    const { data_api_key: planKey } = (await grantPlan.run({ email: 'quiet@example.com', plan: 'standard', days: '1' }, service.service)) as {
      data_api_key: string;
    };
    expect((await request(service.url, 'GET', '/stock/v1/klines?symbol=NONE', { headers: { 'X-Data-API-Key': planKey } })).status).toBe(404);
    // A changed last hex digit: never the key itself, whatever digit it ends with.
    const tamperedKey = `${planKey.slice(0, -1)}${planKey.endsWith('0') ? '1' : '0'}`;
    const refusals = () => service.logs.filter((line) => line.includes('/stock/v1/klines') && line.includes('"statusCode":401')).length;
    const refusedBefore = refusals();
    expect((await request(service.url, 'GET', '/stock/v1/klines', { headers: { 'X-Data-API-Key': tamperedKey } })).status).toBe(401);

    // A request's line is written after its answer: every line is in once the last request's is.
    await waitFor('the last request logged', () => refusals() > refusedBefore);
    expect(service.logs.length).toBeGreaterThan(10);
    const secrets = { idToken, failedIdToken, token, exchangeSecret, apiSecret: key.api_secret, planKey };
    for (const [name, secret] of Object.entries(secrets)) {
      const leaking = service.logs.filter((line) => line.includes(secret));
      expect({ name, leaking }).toEqual({ name, leaking: [] });
    }
  });
});
