import 'reflect-metadata';
import type { GraphQLObjectType } from 'graphql';
import { fieldOperationRule } from '../src/operations/operation';
import { restRoutes } from '../src/rest';
import { buildAppSchema } from '../src/schema/build-schema';
import { mountedRoutes } from './support/mounted-routes';
import { startTestService, type TestService } from './support/test-service';

describe('the operation table: one entry point per operation, one weight for both edges', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.stop());

  it('every documented REST path is mounted on a resolver operation, except the verbatim pass-through market paths', () => {
    const passThrough = new Set(service.service.services.marketPassThrough.paths().map((path) => `GET ${path}`));
    const routes = mountedRoutes(restRoutes(service.service.services, service.service.logger));
    expect(routes.length).toBeGreaterThan(40);
    const bypassing = routes.filter((route) => !route.operation && !passThrough.has(route.route));
    expect(bypassing).toEqual([]);
  });

  it('every GraphQL root field declares its operation rule with a weight', async () => {
    const schema = await buildAppSchema();
    const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(Boolean) as GraphQLObjectType[];
    const missing = roots.flatMap((root) =>
      Object.values(root.getFields())
        .filter((field) => typeof fieldOperationRule(field)?.weight !== 'number')
        .map((field) => `${root.name}.${field.name}`),
    );
    expect(missing).toEqual([]);
  });
});
