import { Router, type RequestHandler } from 'express';
import type { Logger } from '../observability/logger';
import { mountingOrder, restEntries, type RestEntry } from '../operations/rest-table';
import { RESOLVERS } from '../resolvers';
import { MarketDataResolver } from '../resolvers/market-data.resolver';
import type { Services } from '../services';
import { asUpstreamCaller } from '../upstream/upstream-caller';
import { passThroughHandler } from './market-answers';
import { operationHandler } from './operation-route';

/**
 * Every REST entry of the resolvers' tables: what `restRoutes` mounts and the
 * reference documents. Market data first, the busiest paths, as the
 * reference has always listed them.
 */
export function restTableEntries(): RestEntry[] {
  return restEntries([MarketDataResolver, ...RESOLVERS.filter((resolver) => resolver !== MarketDataResolver)]);
}

/**
 * The REST paths, mounted from the resolvers' tables (`restTable` below each
 * resolver). `remember` goes before the routes whose answers may be served
 * again before express while their upstream answers are current
 * (http/remembered-answers.ts). Refuses to start when the table and the
 * pass-through service disagree on the pass-through paths.
 */
export function restRoutes(services: Services, logger: Logger, remember?: RequestHandler): Router {
  const router = Router();
  // Upstream calls made for a request count against its client's share of the upstream budget.
  router.use((req, _res, next) => asUpstreamCaller(req.ip, next));
  const entries = restTableEntries();
  checkPassThroughPaths(entries, services.marketPassThrough.paths());
  const instances = new Map<object, object>();
  for (const mounted of mountingOrder(entries, (entry) => entry.route.path)) {
    const handlers: RequestHandler[] = [];
    if (remember && (mounted.kind === 'pass-through' || mounted.route.remember)) handlers.push(remember);
    if (mounted.kind === 'pass-through') {
      router.get(mounted.route.path, ...handlers, passThroughHandler(services, mounted.route.path));
      continue;
    }
    const resolver = instances.get(mounted.resolver) ?? new (mounted.resolver as new () => object)();
    instances.set(mounted.resolver, resolver);
    const method = mounted.route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    router[method](mounted.route.path, ...handlers, operationHandler(services, logger, resolver, mounted.method, mounted.route));
  }
  return router;
}

function checkPassThroughPaths(entries: RestEntry[], served: string[]): void {
  const declared = entries.flatMap((entry) => (entry.kind === 'pass-through' ? [entry.route.path] : []));
  const unknown = declared.filter((path) => !served.includes(path));
  const undeclared = served.filter((path) => !declared.includes(path));
  if (unknown.length > 0 || undeclared.length > 0) {
    throw new Error(`pass-through paths disagree: in the table only ${unknown.join(', ') || '–'}; in the service only ${undeclared.join(', ') || '–'}`);
  }
}
