import { Router } from 'express';
import { BodyCredentialResolver } from '../resolvers/body-credential.resolver';
import type { BodyCredentialAction } from '../services/trading/body-credential-trading.service';
import { bodyField, type OperationRoutes } from './operation-route';

const PATHS: Record<string, BodyCredentialAction> = {
  '/orders/auth': 'placeOrder',
  '/orders/cancel/auth': 'cancelOrder',
  '/positions/close/auth': 'closePosition',
  '/leverage/auth': 'setLeverage',
  '/margin-type/auth': 'setMarginType',
};

/** Spec "Authentication" pattern 3: `api_key`/`api_secret` in the JSON body sign the exchange call; its answer is returned as is. */
export function bodyCredentialRoutes(op: OperationRoutes): Router {
  const router = Router();
  const trading = new BodyCredentialResolver();
  for (const [path, action] of Object.entries(PATHS)) {
    router.post(
      path,
      op.public(
        trading,
        'exchangeRequest',
        (forward, req, ctx) => forward(action, bodyField(req, 'api_key'), bodyField(req, 'api_secret'), req.body as unknown, ctx),
        { input: 'body', status: (answer) => answer.status, body: (answer) => answer.body },
      ),
    );
  }
  return router;
}
