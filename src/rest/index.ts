import { Router } from 'express';
import type { Services } from '../services';
import { publicStrategiesRoutes } from './public-strategies.routes';

/** The documented REST paths; each feature adds its router here. */
export function restRoutes(services: Services): Router {
  const router = Router();
  router.use(publicStrategiesRoutes(services));
  return router;
}
