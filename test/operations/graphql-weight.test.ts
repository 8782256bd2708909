import { print } from 'graphql';
import { WebhooksDocument } from '../graphql/generated';
import type { GraphQLAnswer } from '../support/http';
import { newAccount, startOutsideWorld, type OutsideWorld } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';

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
    const first = await call<GraphQLAnswer>('POST', '/graphql', query);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-service-used-weight-1m')).toBe('2');
    expect((await call<GraphQLAnswer>('POST', '/graphql', query)).headers.get('x-service-used-weight-1m')).toBe('4');
    expect((await call('GET', '/v1/account')).headers.get('x-service-used-weight-1m')).toBe('5');
    const limited = await call<GraphQLAnswer>('POST', '/graphql', query);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  it('every root field pays however it is spelled: aliases, `... on Query` and named fragments are expanded before charging', async () => {
    const { call } = await newAccount(service.url, world, 'spellings@example.com');
    const page = '{ nextCursor }';
    const query = `query { a: webhooks ${page} ... on Query { b: webhooks ${page} } ...F } fragment F on Query { c: webhooks ${page} }`;
    const refused = await call<GraphQLAnswer>('POST', '/graphql', { query });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-service-used-weight-1m')).toBe('6');
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  it('a mutation costs the weight its REST path costs: createBacktestJob is 20 on both edges (it once cost 1 over GraphQL)', async () => {
    const { call } = await newAccount(service.url, world, 'backtest-weight@example.com');
    const refused = await call<GraphQLAnswer>('POST', '/graphql', {
      query: 'mutation { createBacktestJob(input: { start: "2024-01-01", end: "2024-01-02" }) { id } }',
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-service-used-weight-1m')).toBe('20');
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    const rest = await call('POST', '/v1/backtest/jobs', {});
    expect(rest.status).toBe(429);
    expect(rest.headers.get('x-service-used-weight-1m')).toBe('40');
  });

  it('a fragment cycle is a 400 validation error for a signed caller too, and costs nothing', async () => {
    const { call } = await newAccount(service.url, world, 'cycle@example.com');
    const cycle = await call<GraphQLAnswer>('POST', '/graphql', {
      query: 'query { ...A } fragment A on Query { webhooks { nextCursor } ...B } fragment B on Query { ...A }',
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect((await call('GET', '/v1/account')).headers.get('x-service-used-weight-1m')).toBe('1');
  });
});
