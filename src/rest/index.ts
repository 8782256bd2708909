import { Router } from 'express';
import type { Services } from '../services';
import { backtestRoutes } from './backtest.routes';
import { identityRoutes } from './identity.routes';
import { planSeriesRoutes } from './plan-series.routes';
import { marketDataRoutes } from './market-data.routes';
import { publicStrategiesRoutes } from './public-strategies.routes';
import { signedAccountRoutes } from './signed-account.routes';
import { webhooksRoutes } from './webhooks.routes';

/** The documented REST paths; each feature adds its router here. */
export function restRoutes(services: Services): Router {
  const router = Router();
  router.use(publicStrategiesRoutes(services));
  router.use(identityRoutes(services));
  router.use(planSeriesRoutes(services));
  router.use(signedAccountRoutes(services));
  router.use(webhooksRoutes(services));
  router.use(backtestRoutes(services));
  router.use(marketDataRoutes(services));
  return router;
}
