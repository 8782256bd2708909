import { print } from 'graphql';
import { WebhooksDocument } from './graphql/generated';
import { newAccount, startOutsideWorld, type OutsideWorld } from './support/identity';
import { startTestService, type TestService } from './support/test-service';

describe("signed GraphQL spends the key's weight budget like /v1", () => {
  let world: OutsideWorld;
  let service: TestService;

  beforeAll(async () => {
    world = await startOutsideWorld();
    service = await startTestService({ ...world.env, SIGNED_WEIGHT_PER_MIN: '5' });
  });
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  it('root fields cost their REST weight; REST and GraphQL draw from one budget; over it answers 429 RATE_LIMITED', async () => {
    const { call } = await newAccount(service.url, world, 'weights@example.com');
    const query = { query: print(WebhooksDocument), variables: {} };
    const first = await call('POST', '/graphql', query);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-service-used-weight-1m')).toBe('2');
    expect((await call('POST', '/graphql', query)).headers.get('x-service-used-weight-1m')).toBe('4');
    expect((await call('GET', '/v1/account')).headers.get('x-service-used-weight-1m')).toBe('5');
    const limited = await call('POST', '/graphql', query);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.errors[0].extensions.code).toBe('RATE_LIMITED');
  });
});
