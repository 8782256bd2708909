import { Router } from 'express';
import type { Services } from '../services';
import { inputFrom, pathInteger } from './request-parsing';
import { route } from './route';

/** Spec "Public strategy records" and contract §2a. */
export function publicStrategiesRoutes(services: Services): Router {
  const router = Router();
  const strategies = services.publicStrategies;
  const strategyId = (value: string | string[] | undefined) => pathInteger(String(value), 'strategy_id');

  router.get(
    '/strategies',
    route(async () => ({ body: await strategies.list() })),
  );
  router.post(
    '/strategies',
    route(async (req) => ({ body: await inputFrom('body', () => strategies.create(req.body)) })),
  );
  router.get(
    '/strategies/:strategyId',
    route(async (req) => ({ body: await strategies.get(strategyId(req.params.strategyId)) })),
  );
  router.put(
    '/strategies/:strategyId',
    route(async (req) => {
      const id = strategyId(req.params.strategyId);
      return { body: await inputFrom('body', () => strategies.update(id, req.body)) };
    }),
  );
  router.delete(
    '/strategies/:strategyId',
    route(async (req) => {
      await strategies.delete(strategyId(req.params.strategyId));
      return { status: 204 };
    }),
  );
  return router;
}
