import { Router, type Request } from 'express';
import { PublicStrategyResolver } from '../resolvers/public-strategy.resolver';
import { pathParam, type OperationRoutes } from './operation-route';
import { bodyArgs, pathInteger } from './request-parsing';

/** Spec "Public strategy records" and contract §2a, mounted on the GraphQL resolver's operations. */
export function publicStrategiesRoutes(op: OperationRoutes): Router {
  const router = Router();
  const strategies = new PublicStrategyResolver();
  const strategyId = (req: Request) => pathInteger(pathParam(req, 'strategyId'), 'strategy_id');

  router.get(
    '/strategies',
    op.public(strategies, 'strategies', (list, _req, ctx) => list(ctx)),
  );
  router.post(
    '/strategies',
    op.public(strategies, 'createStrategy', (create, req, ctx) => create(bodyArgs(req), ctx), { input: 'body' }),
  );
  router.get(
    '/strategies/:strategyId',
    op.public(strategies, 'strategy', (get, req, ctx) => get(strategyId(req), ctx)),
  );
  router.put(
    '/strategies/:strategyId',
    op.public(strategies, 'updateStrategy', (update, req, ctx) => update(strategyId(req), bodyArgs(req), ctx), { input: 'body' }),
  );
  router.delete(
    '/strategies/:strategyId',
    op.public(strategies, 'deleteStrategy', (remove, req, ctx) => remove(strategyId(req), ctx), { status: 204, body: () => undefined }),
  );
  return router;
}
