import {
  CreatePublicStrategyDocument,
  DeletePublicStrategyDocument,
  PublicStrategiesDocument,
  PublicStrategyDocument,
  UpdatePublicStrategyDocument,
} from '../graphql/generated';
import { graphql, request, type GraphQLAnswer } from '../support/http';
import { startTestService, type TestService } from '../support/test-service';
import { anyString } from '../support/matchers';

describe('public strategy records over GraphQL, the same service as REST', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.stop());

  it('createStrategy then strategies and strategy return the record REST also returns', async () => {
    const created = await graphql(service.url, CreatePublicStrategyDocument, {
      input: { name: 'gql', author: 'bo', entryCondition: 'rsi < 30' },
    });
    expect(created.errors).toBeUndefined();
    const record = created.data!.createStrategy;
    expect(record).toMatchObject({ name: 'gql', author: 'bo', entryCondition: 'rsi < 30', description: '', botName: '' });

    const rest = await request(service.url, 'GET', `/strategies/${record.id}`);
    expect(rest.body).toEqual({
      id: record.id,
      name: record.name,
      author: record.author,
      description: record.description,
      entry_condition: record.entryCondition,
      exit_condition: record.exitCondition,
      bot_name: record.botName,
      created_at: record.createdAt,
      updated_at: record.updatedAt,
    });

    const list = await graphql(service.url, PublicStrategiesDocument);
    expect(list.data!.strategies.map((strategy) => strategy.id)).toContain(record.id);
    const one = await graphql(service.url, PublicStrategyDocument, { id: record.id });
    expect(one.data!.strategy).toMatchObject({ id: record.id, name: 'gql' });
  });

  it('updateStrategy leaves null fields unchanged and bumps updatedAt', async () => {
    const created = (await graphql(service.url, CreatePublicStrategyDocument, { input: { name: 'u', author: 'a', description: 'd' } })).data!.createStrategy;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await graphql(service.url, UpdatePublicStrategyDocument, { id: created.id, input: { author: 'b', description: null } });
    expect(updated.data!.updateStrategy).toMatchObject({ name: 'u', author: 'b', description: 'd' });
    expect(updated.data!.updateStrategy.updatedAt > created.updatedAt).toBe(true);
  });

  it('deleteStrategy returns true, then strategy answers null with NOT_FOUND', async () => {
    const created = (await graphql(service.url, CreatePublicStrategyDocument, { input: { name: 'gone' } })).data!.createStrategy;
    expect((await graphql(service.url, DeletePublicStrategyDocument, { id: created.id })).data).toEqual({ deleteStrategy: true });
    const missing = await graphql(service.url, PublicStrategyDocument, { id: created.id });
    expect(missing.data).toEqual({ strategy: null });
    expect(missing.errors).toEqual([expect.objectContaining({ message: '策略不存在', extensions: { code: 'NOT_FOUND' } })]);
  });

  it('deleteStrategy of a missing record is NOT_FOUND', async () => {
    const response = await graphql(service.url, DeletePublicStrategyDocument, { id: 987654 });
    expect(response.errors?.[0]?.extensions).toEqual({ code: 'NOT_FOUND' });
  });

  it('createStrategy with an over-long name is VALIDATION_FAILED with the issue', async () => {
    const response = await graphql(service.url, CreatePublicStrategyDocument, { input: { name: 'x'.repeat(201) } });
    expect(response.errors?.[0]?.extensions).toEqual({
      code: 'VALIDATION_FAILED',
      issues: [{ type: 'string_too_long', loc: ['name'], msg: anyString() }],
    });
  });

  it('rejects queries whose cost exceeds the limit', async () => {
    const aliases = Array.from({ length: 1100 }, (_, index) => `a${index}: strategies { id }`).join(' ');
    const response = await request<GraphQLAnswer>(service.url, 'POST', '/graphql', { json: { query: `{ ${aliases} }` } });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
  });
});
