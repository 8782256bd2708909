import { Router, type Request } from 'express';
import { BacktestResolver } from '../resolvers/backtest.resolver';
import { CSV_REPLY } from './csv-reply';
import type { OperationRoutes } from './operation-route';
import { bodyField, pathParam } from './operation-route';

/** Spec "Backtest jobs", contract §7's template catalogue and §13's sweeps, mounted on the GraphQL resolver's operations. */
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
  router.get(
    '/v1/backtest/jobs/:id/trades.csv',
    op.signed(backtests, 'backtestJobTradesCsv', (csv, req, ctx) => csv(id(req), ctx), CSV_REPLY),
  );
  router.get(
    '/v1/backtest/jobs/:id/equity.csv',
    op.signed(backtests, 'backtestJobEquityCsv', (csv, req, ctx) => csv(id(req), ctx), CSV_REPLY),
  );
  router.post(
    '/v1/backtest/jobs/:id/cancel',
    op.signed(backtests, 'cancelBacktestJob', (cancel, req, ctx) => cancel(id(req), ctx, bodyField(req, 'reason'))),
  );
  router.post(
    '/v1/backtest/sweeps',
    op.signed(backtests, 'createBacktestSweep', (create, req, ctx) => create(req.body, ctx)),
  );
  router.get(
    '/v1/backtest/sweeps',
    op.signed(backtests, 'backtestSweeps', (list, req, ctx) => list(req.query, ctx)),
  );
  router.get(
    '/v1/backtest/sweeps/:id',
    op.signed(backtests, 'backtestSweep', (get, req, ctx) => get(id(req), ctx)),
  );
  router.post(
    '/v1/backtest/sweeps/:id/cancel',
    op.signed(backtests, 'cancelBacktestSweep', (cancel, req, ctx) => cancel(id(req), ctx, bodyField(req, 'reason'))),
  );
  return router;
}
