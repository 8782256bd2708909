import { Router } from 'express';
import type { Services } from '../services';
import { signedRouteFor } from './signed-route';

/** Spec "Backtest jobs" and contract §7's template catalogue; every route signed. */
export function backtestRoutes(services: Services): Router {
  const router = Router();
  const signed = signedRouteFor(services);
  const jobs = services.backtestJobs;
  const id = (value: string | string[] | undefined) => String(value);

  router.get(
    '/v1/backtest/templates',
    signed({ weight: 1 }, async () => ({ body: jobs.templates() })),
  );
  router.post(
    '/v1/backtest/jobs',
    signed({ weight: 20 }, async (req, caller) => ({ body: await jobs.create(caller, req.body) })),
  );
  router.get(
    '/v1/backtest/jobs',
    signed({ weight: 5 }, async (req, caller) => ({ body: await jobs.list(caller, req.query) })),
  );
  router.get(
    '/v1/backtest/jobs/:id',
    signed({ weight: 2 }, async (req, caller) => ({ body: await jobs.get(caller, id(req.params.id)) })),
  );
  router.post(
    '/v1/backtest/jobs/:id/cancel',
    signed({ weight: 5 }, async (req, caller) => ({ body: await jobs.cancel(caller, id(req.params.id), req.body) })),
  );
  return router;
}
