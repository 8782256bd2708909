import { Router } from 'express';
import type { Services } from '../services';
import { signedRouteFor } from './signed-route';

/** Spec "Webhooks" and contract §10; every route signed (the service requires `webhooks:write` for writes). */
export function webhooksRoutes(services: Services): Router {
  const router = Router();
  const signed = signedRouteFor(services);
  const webhooks = services.webhooks;
  const id = (value: string | string[] | undefined) => String(value);

  router.post(
    '/v1/webhooks',
    signed({ weight: 5 }, async (req, caller) => ({ body: await webhooks.create(caller, req.body) })),
  );
  router.get(
    '/v1/webhooks',
    signed({ weight: 2 }, async (req, caller) => ({ body: await webhooks.list(caller, req.query) })),
  );
  router.get(
    '/v1/webhooks/:id',
    signed({ weight: 2 }, async (req, caller) => ({ body: await webhooks.get(caller, id(req.params.id)) })),
  );
  router.patch(
    '/v1/webhooks/:id',
    signed({ weight: 5 }, async (req, caller) => ({ body: await webhooks.update(caller, id(req.params.id), req.body) })),
  );
  router.delete(
    '/v1/webhooks/:id',
    signed({ weight: 5 }, async (req, caller) => {
      await webhooks.delete(caller, id(req.params.id));
      return { status: 204 };
    }),
  );
  router.post(
    '/v1/webhooks/:id/test',
    signed({ weight: 10 }, async (req, caller) => ({ body: await webhooks.test(caller, id(req.params.id), req.body) })),
  );
  router.get(
    '/v1/webhooks/:id/deliveries',
    signed({ weight: 5 }, async (req, caller) => ({ body: await webhooks.listDeliveries(caller, id(req.params.id), req.query) })),
  );
  router.post(
    '/v1/webhooks/:id/deliveries/:deliveryId/retry',
    signed({ weight: 5 }, async (req, caller) => ({
      body: await webhooks.redeliver(caller, id(req.params.id), id(req.params.deliveryId)),
    })),
  );
  return router;
}
