import { Router } from 'express';
import type { Services } from '../services';
import { signedRouteFor } from './signed-route';

/** Not in the contract: the cheapest signed endpoint, so a client can check its signing before using the feature endpoints. */
export function signedAccountRoutes(services: Services): Router {
  const router = Router();
  const signed = signedRouteFor(services);
  router.get(
    '/v1/account',
    signed({ weight: 1 }, async (_req, caller) => ({ body: await services.apiKeys.describe(caller) })),
  );
  return router;
}
