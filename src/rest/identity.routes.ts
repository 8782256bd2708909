import { Router } from 'express';
import type { Services } from '../services';
import { bearerRouteFor } from './bearer-route';
import { inputFrom } from './request-parsing';
import { route } from './route';

/** Spec "Sign-in and key lookup" and contract §5: sign-in, the exchange key, service API keys. */
export function identityRoutes(services: Services): Router {
  const router = Router();
  const bearer = bearerRouteFor(services);
  const { users, exchangeKeys, apiKeys } = services;

  router.post(
    '/auth/mobile/provider-a',
    route(async (req) => ({ body: await inputFrom('body', () => users.signIn('a', req.body)) })),
  );
  router.post(
    '/auth/mobile/provider-b',
    route(async (req) => ({ body: await inputFrom('body', () => users.signIn('b', req.body)) })),
  );

  router.post(
    '/api-key/register',
    bearer(async (req, caller) => ({ body: await inputFrom('body', () => exchangeKeys.register(caller.userId, req.body)) })),
  );
  router.delete(
    '/api-key',
    bearer(async (_req, caller) => ({ body: await exchangeKeys.remove(caller.userId) })),
  );
  router.post(
    '/api-key/verify',
    route(async (req) => ({ body: await inputFrom('body', () => exchangeKeys.verify(req.body)) })),
  );
  router.get(
    '/api-key/status/:email',
    route(async (req) => ({ body: await exchangeKeys.status(String(req.params.email)) })),
  );

  router.post(
    '/account/api-keys',
    bearer(async (req, caller) => ({ body: await inputFrom('body', () => apiKeys.create(caller.userId, req.body)) })),
  );
  router.get(
    '/account/api-keys',
    bearer(async (_req, caller) => ({ body: await apiKeys.list(caller.userId) })),
  );
  router.delete(
    '/account/api-keys/:apiKey',
    bearer(async (req, caller) => {
      await apiKeys.revoke(caller.userId, String(req.params.apiKey));
      return { status: 204 };
    }),
  );
  return router;
}
