import 'reflect-metadata';
import type { Router } from 'express';
import type { GraphQLObjectType } from 'graphql';
import { fieldOperationRule } from '../src/operations/operation';
import { restRoutes } from '../src/rest';
import { OPERATION_OF_HANDLER } from '../src/rest/operation-route';
import { buildAppSchema } from '../src/schema/build-schema';
import { startTestService, type TestService } from './support/test-service';

interface MountedRoute {
  route: string;
  operation: string | undefined;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: Record<symbol, unknown> }[] };
  handle: { stack?: Layer[] };
}

/** Every method + path an express router mounts, with the operation each handler is mounted on (undefined when none). */
function mountedRoutes(router: Router): MountedRoute[] {
  const routes: MountedRoute[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          const operations = layer.route.stack.map((entry) => entry.handle[OPERATION_OF_HANDLER] as string | undefined);
          routes.push({ route: `${method.toUpperCase()} ${layer.route.path}`, operation: operations.find(Boolean) });
        }
      } else if (layer.handle.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return routes;
}

/**
 * Routes and root fields not yet moved onto the operation table (issue 17, in
 * progress feature by feature). These lists only shrink: the test fails when a
 * listed route is now mounted on an operation or a listed field declares its rule.
 */
const NOT_YET_ON_OPERATIONS = new Set<string>([
  'GET /strategies',
  'POST /strategies',
  'GET /strategies/:strategyId',
  'PUT /strategies/:strategyId',
  'DELETE /strategies/:strategyId',
  'POST /auth/mobile/provider-a',
  'POST /auth/mobile/provider-b',
  'POST /api-key/register',
  'DELETE /api-key',
  'POST /api-key/verify',
  'GET /api-key/status/:email',
  'POST /account/api-keys',
  'GET /account/api-keys',
  'DELETE /account/api-keys/:apiKey',
  'GET /stock/v1/retailLongShortRatio',
  'GET /index/v1/topLongShortRatio',
  'GET /index/v1/whaleLongShortRatio',
  'GET /stock/v1/klines',
  'GET /index/v1/klines',
  'GET /commodity/v1/klines',
  'GET /v1/account',
  'POST /v1/strategies',
  'GET /v1/strategies',
  'GET /v1/strategies/:id',
  'PATCH /v1/strategies/:id',
  'DELETE /v1/strategies/:id',
  'POST /v1/strategies/:id/deploy',
  'POST /v1/strategies/:id/pause',
  'POST /orders/auth',
  'POST /orders/cancel/auth',
  'POST /positions/close/auth',
  'POST /leverage/auth',
  'POST /margin-type/auth',
]);
const FIELDS_WITHOUT_RULE = new Set<string>([
  'Query.me',
  'Query.apiKeys',
  'Query.exchangeKeyStatus',
  'Query.planLongShortRatio',
  'Query.planKlines',
  'Query.strategies',
  'Query.strategy',
  'Mutation.signIn',
  'Mutation.createApiKey',
  'Mutation.revokeApiKey',
  'Mutation.registerExchangeKey',
  'Mutation.deleteExchangeKey',
  'Mutation.createStrategy',
  'Mutation.updateStrategy',
  'Mutation.deleteStrategy',
  'Mutation.exchangeRequest',
  'Subscription.strategyEvents',
]);

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
    const bypassing = routes.filter((route) => !route.operation && !passThrough.has(route.route) && !NOT_YET_ON_OPERATIONS.has(route.route));
    expect(bypassing).toEqual([]);
    const stale = routes.filter((route) => route.operation && NOT_YET_ON_OPERATIONS.has(route.route));
    expect(stale).toEqual([]);
  });

  it('every GraphQL root field declares its operation rule with a weight', async () => {
    const schema = await buildAppSchema();
    const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(Boolean) as GraphQLObjectType[];
    const missing = roots.flatMap((root) =>
      Object.values(root.getFields())
        .filter((field) => typeof fieldOperationRule(field)?.weight !== 'number')
        .map((field) => `${root.name}.${field.name}`),
    );
    expect(missing.filter((field) => !FIELDS_WITHOUT_RULE.has(field))).toEqual([]);
    expect([...FIELDS_WITHOUT_RULE].filter((field) => !missing.includes(field))).toEqual([]);
  });
});
