import { Router, type Request } from 'express';
import { BacktestResolver } from '../resolvers/backtest.resolver';
import type { OperationRoutes } from './operation-route';
import { bodyField, pathParam } from './operation-route';

/** Spec "Backtest jobs" and contract §7's template catalogue, mounted on the GraphQL resolver's operations. */
export function backtestRoutes(op: OperationRoutes): Router {
  const router = Router();
  const backtests = new BacktestResolver();
  const id = (req: Request) => pathParam(req, 'id');

  router.get(
    '/v1/backtest/templates',
    op.signed(backtests, 'backtestTemplates', (list, _req, ctx) => list(ctx)),
  );
  router.post(
    '/v1/backtest/jobs',
    op.signed(backtests, 'createBacktestJob', (create, req, ctx) => create(req.body, ctx)),
  );
  router.get(
    '/v1/backtest/jobs',
    op.signed(backtests, 'backtestJobs', (list, req, ctx) => list(req.query, ctx)),
  );
  router.get(
    '/v1/backtest/jobs/:id',
    op.signed(backtests, 'backtestJob', (get, req, ctx) => get(id(req), ctx)),
  );
  router.post(
    '/v1/backtest/jobs/:id/cancel',
    op.signed(backtests, 'cancelBacktestJob', (cancel, req, ctx) => cancel(id(req), ctx, bodyField(req, 'reason'))),
  );
  return router;
}
