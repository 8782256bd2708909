import { Router, type Request } from 'express';
import { IdentityResolver } from '../resolvers/identity.resolver';
import { IdentityProvider } from '../schema/identity.types';
import { signInToken } from '../services/identity/users.service';
import { pathParam, type OperationRoutes } from './operation-route';
import { bodyArgs } from './request-parsing';

/** Spec "Sign-in and key lookup" and contract §5, §6 (`/v1/account`), mounted on the resolver's operations. */
export function identityRoutes(op: OperationRoutes): Router {
  const router = Router();
  const identity = new IdentityResolver();
  const noBody = { body: () => undefined, status: 204 };

  for (const provider of [IdentityProvider.A, IdentityProvider.B]) {
    router.post(
      `/auth/mobile/provider-${provider}`,
      op.public(identity, 'signIn', (signIn, req, ctx) => signIn(provider, signInToken(provider, req.body), ctx), { input: 'body' }),
    );
  }

  router.post(
    '/api-key/register',
    op.bearer(identity, 'registerExchangeKey', (register, req, ctx) => register(bodyArgs(req), ctx), { input: 'body' }),
  );
  router.delete(
    '/api-key',
    op.bearer(identity, 'deleteExchangeKey', (remove, _req, ctx) => remove(ctx)),
  );
  router.post(
    '/api-key/verify',
    op.public(identity, 'verifyExchangeKey', (verify, req, ctx) => verify(bodyArgs(req), ctx), { input: 'body' }),
  );
  router.get(
    '/api-key/status/:email',
    op.public(identity, 'exchangeKeyStatus', (status, req: Request, ctx) => status(pathParam(req, 'email'), ctx)),
  );

  router.post(
    '/account/api-keys',
    op.bearer(identity, 'createApiKey', (create, req, ctx) => create(bodyArgs(req), ctx), { input: 'body' }),
  );
  router.get(
    '/account/api-keys',
    op.bearer(identity, 'apiKeys', (list, _req, ctx) => list(ctx)),
  );
  router.delete(
    '/account/api-keys/:apiKey',
    op.bearer(identity, 'revokeApiKey', (revoke, req, ctx) => revoke(pathParam(req, 'apiKey'), ctx), noBody),
  );

  router.get(
    '/v1/account',
    op.signed(identity, 'account', (account, _req, ctx) => account(ctx)),
  );
  return router;
}
