import { Router, type Request } from 'express';
import { StrategyResolver } from '../resolvers/strategy.resolver';
import { bodyField, pathParam, type OperationRoutes } from './operation-route';

/** Contract §8, §11 and §20, spec "Strategy deployment": signed-API strategies, mounted on the GraphQL resolver's operations. */
export function strategiesRoutes(op: OperationRoutes): Router {
  const router = Router();
  const strategies = new StrategyResolver();
  const id = (req: Request) => pathParam(req, 'id');

  router.post(
    '/v1/strategies',
    op.signed(strategies, 'createSignedStrategy', (create, req, ctx) => create(req.body, ctx)),
  );
  router.get(
    '/v1/strategies',
    op.signed(strategies, 'signedStrategies', (list, req, ctx) => list(req.query, ctx)),
  );
  router.get(
    '/v1/strategies/:id',
    op.signed(strategies, 'signedStrategy', (get, req, ctx) => get(id(req), ctx)),
  );
  router.patch(
    '/v1/strategies/:id',
    op.signed(strategies, 'updateSignedStrategy', (update, req, ctx) => update(id(req), req.body, ctx)),
  );
  router.delete(
    '/v1/strategies/:id',
    op.signed(strategies, 'deleteSignedStrategy', (remove, req, ctx) => remove(id(req), ctx)),
  );
  router.post(
    '/v1/strategies/:id/deploy',
    op.signed(strategies, 'deployStrategy', (deploy, req, ctx) => deploy(id(req), ctx, req.body)),
  );
  router.post(
    '/v1/strategies/:id/pause',
    op.signed(strategies, 'pauseStrategy', (pause, req, ctx) => pause(id(req), ctx, bodyField(req, 'close_positions'))),
  );
  router.get(
    '/v1/strategies/:id/positions',
    op.signed(strategies, 'strategyPositions', (positions, req, ctx) => positions(id(req), req.query, ctx)),
  );
  router.post(
    '/v1/strategies/:id/positions/:symbol/close',
    op.signed(strategies, 'closeStrategyPosition', (close, req, ctx) => close(id(req), pathParam(req, 'symbol'), ctx)),
  );
  router.get(
    '/v1/strategies/:id/events',
    op.signed(strategies, 'strategyEventHistory', (events, req, ctx) => events(id(req), req.query, ctx)),
  );
  return router;
}
