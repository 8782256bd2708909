import 'reflect-metadata';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Ctx, Query, Resolver } from 'type-graphql';
import { Operation } from '../../src/operations/operation';
import { mountingOrder, restEntries, restTable } from '../../src/operations/rest-table';
import { restRoutes } from '../../src/rest';
import { operationHandler } from '../../src/rest/operation-route';
import { buildAppSchema } from '../../src/schema/build-schema';
import type { GraphQLContext } from '../../src/schema/context';
import { startTestService, type TestService } from '../support/test-service';

/** A resolver with one operation that forgot its rule, and one that declares it. */
@Resolver()
class ForgetfulResolver {
  @Query(() => String)
  forgotten(@Ctx() _ctx: GraphQLContext): string {
    return 'free';
  }

  @Operation({ weight: 3 })
  @Query(() => String)
  declared(@Ctx() _ctx: GraphQLContext): string {
    return 'paid';
  }

  @Operation({ weight: 1 })
  @Query(() => String)
  table(@Ctx() _ctx: GraphQLContext): string {
    return 'symbol,rate\nBTCUSDT,0.0001\n';
  }
}

restTable(ForgetfulResolver, {
  tag: 'Test',
  operations: {
    forgotten: { method: 'GET', path: '/forgotten', auth: 'public', summary: 'No rule', response: { empty: true }, call: (run, _req, ctx) => run(ctx) },
    declared: { method: 'GET', path: '/declared', auth: 'public', summary: 'A rule', response: { empty: true }, call: (run, _req, ctx) => run(ctx) },
    table: { method: 'GET', path: '/table.csv', auth: 'public', summary: 'CSV', response: { csv: ['symbol', 'rate'] }, call: (run, _req, ctx) => run(ctx) },
  },
});

describe('the operation table: one entry per operation, one rule for both edges', () => {
  it('a GraphQL root field without an @Operation rule stops the start, naming the field', async () => {
    await expect(buildAppSchema([ForgetfulResolver])).rejects.toThrow('GraphQL root fields without an @Operation rule: Query.forgotten');
    await expect(buildAppSchema()).resolves.toBeDefined();
  });

  it('a REST path on a method without an @Operation rule is not mounted: the service does not start', () => {
    const [forgotten, declared] = restEntries([ForgetfulResolver]);
    const mount = (entry: typeof forgotten) => {
      if (entry?.kind !== 'operation') throw new Error('expected an operation entry');
      return operationHandler({} as never, {} as never, new ForgetfulResolver(), entry.method, entry.route);
    };
    expect(() => mount(forgotten)).toThrow('ForgetfulResolver.forgotten has a REST path but declares no @Operation rule');
    expect(typeof mount(declared)).toBe('function');
  });

  it('answers an empty response with 204 and no body, and a text response as its media type rather than JSON', async () => {
    const app = express();
    for (const entry of restEntries([ForgetfulResolver]).slice(1)) {
      if (entry.kind === 'operation') app.get(entry.route.path, operationHandler({} as never, {} as never, new ForgetfulResolver(), entry.method, entry.route));
    }
    const server = app.listen(0);
    try {
      await once(server, 'listening');
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const empty = await fetch(`${base}/declared`);
      expect([empty.status, await empty.text()]).toEqual([204, '']);
      const csv = await fetch(`${base}/table.csv`);
      expect([csv.status, csv.headers.get('content-type'), await csv.text()]).toEqual([200, 'text/csv; charset=utf-8', 'symbol,rate\nBTCUSDT,0.0001\n']);
    } finally {
      server.close();
    }
  });

  it('mounts a literal segment before a parameter in the same place, whatever the order of declaration, and keeps the order otherwise', () => {
    const paths = ['/v1/webhooks/:id', '/v1/webhooks', '/v1/webhooks/event-types', '/v1/webhooks/:id/test', '/v1/webhooks/:id/deliveries', '/b', '/a'];
    expect(mountingOrder(paths, (path) => path)).toEqual([
      '/b',
      '/a',
      '/v1/webhooks',
      '/v1/webhooks/event-types',
      '/v1/webhooks/:id',
      '/v1/webhooks/:id/test',
      '/v1/webhooks/:id/deliveries',
    ]);
  });

  describe('with the service', () => {
    let service: TestService;
    beforeAll(async () => {
      service = await startTestService();
    });
    afterAll(() => service.stop());

    it('refuses to start when the table and the pass-through service disagree on the pass-through paths', () => {
      const { services, logger } = service.service;
      const paths = services.marketPassThrough.paths();
      const withPaths = (served: string[]) => ({ ...services, marketPassThrough: { ...services.marketPassThrough, paths: () => served } }) as typeof services;
      expect(() => restRoutes(services, logger)).not.toThrow();
      expect(() => restRoutes(withPaths([...paths, '/fapi/v9/new']), logger)).toThrow('in the service only /fapi/v9/new');
      expect(() => restRoutes(withPaths(paths.filter((path) => path !== '/delist')), logger)).toThrow('in the table only /delist');
    });
  });
});
