import { Router } from 'express';
import type { Services } from '../services';
import type { BodyCredentialAction } from '../services/trading/body-credential-trading.service';
import { inputFrom } from './request-parsing';
import { route } from './route';

const PATHS: Record<string, BodyCredentialAction> = {
  '/orders/auth': 'placeOrder',
  '/orders/cancel/auth': 'cancelOrder',
  '/positions/close/auth': 'closePosition',
  '/leverage/auth': 'setLeverage',
  '/margin-type/auth': 'setMarginType',
};

/** Spec "Authentication" pattern 3: `api_key`/`api_secret` in the JSON body sign the exchange call; its answer is returned as is. */
export function bodyCredentialRoutes(services: Services): Router {
  const router = Router();
  for (const [path, action] of Object.entries(PATHS)) {
    router.post(
      path,
      route(async (req) => {
        const answer = await inputFrom('body', () => services.bodyCredentialTrading.forward(action, req.body));
        return { status: answer.status, body: answer.body };
      }),
    );
  }
  return router;
}
