import { Router, type RequestHandler } from 'express';
import type { Logger } from '../observability/logger';
import type { Services } from '../services';
import { operationRoutesFor } from './operation-route';
import { backtestRoutes } from './backtest.routes';
import { identityRoutes } from './identity.routes';
import { planSeriesRoutes } from './plan-series.routes';
import { marketDataRoutes } from './market-data.routes';
import { publicStrategiesRoutes } from './public-strategies.routes';
import { webhooksRoutes } from './webhooks.routes';
import { strategiesRoutes } from './strategies.routes';
import { bodyCredentialRoutes } from './body-credential.routes';

/**
 * The documented REST paths; each feature adds its router here. `remember`
 * marks the routes whose answers may be served again before express while
 * their upstream answers are current (http/remembered-answers.ts).
 */
export function restRoutes(services: Services, logger: Logger, remember?: RequestHandler): Router {
  const router = Router();
  const op = operationRoutesFor(services, logger);
  // Busiest first: every router a request passes before its own costs a match per route.
  router.use(marketDataRoutes(services, op, remember));
  router.use(publicStrategiesRoutes(op));
  router.use(identityRoutes(op));
  router.use(planSeriesRoutes(op));
  router.use(webhooksRoutes(op));
  router.use(strategiesRoutes(op));
  router.use(bodyCredentialRoutes(op));
  router.use(backtestRoutes(op));
  return router;
}
