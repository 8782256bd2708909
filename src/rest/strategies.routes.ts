import { Router } from 'express';
import type { Services } from '../services';
import { signedRouteFor } from './signed-route';

/** Contract §8 and spec "Strategy deployment": signed-API strategies. */
export function strategiesRoutes(services: Services): Router {
  const router = Router();
  const signed = signedRouteFor(services);
  const { strategies, strategyRuns } = services;
  const id = (value: string | string[] | undefined) => String(value);

  router.post(
    '/v1/strategies',
    signed({ weight: 5 }, async (req, caller) => ({ body: await strategies.create(caller, req.body) })),
  );
  router.get(
    '/v1/strategies',
    signed({ weight: 5 }, async (req, caller) => ({ body: await strategies.list(caller, req.query) })),
  );
  router.get(
    '/v1/strategies/:id',
    signed({ weight: 2 }, async (req, caller) => ({ body: await strategies.get(caller, id(req.params.id)) })),
  );
  router.patch(
    '/v1/strategies/:id',
    signed({ weight: 5 }, async (req, caller) => ({ body: await strategies.update(caller, id(req.params.id), req.body) })),
  );
  router.delete(
    '/v1/strategies/:id',
    signed({ weight: 5 }, async (req, caller) => ({ body: await strategies.delete(caller, id(req.params.id)) })),
  );
  router.post(
    '/v1/strategies/:id/deploy',
    signed({ weight: 10 }, async (req, caller) => ({ body: await strategyRuns.deploy(caller, id(req.params.id), req.body) })),
  );
  router.post(
    '/v1/strategies/:id/pause',
    signed({ weight: 5 }, async (req, caller) => ({ body: await strategyRuns.pause(caller, id(req.params.id), req.body) })),
  );
  return router;
}
