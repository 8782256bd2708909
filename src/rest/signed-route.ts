import type { Request, RequestHandler, Response } from 'express';
import { signedCredentialsFrom } from '../auth/authenticator';
import { hasScope, type Caller, type Scope } from '../auth/caller';
import { AppError } from '../errors/app-error';
import type { Services } from '../services';
import { route, type RestResult } from './route';

export const USED_WEIGHT_HEADER = 'X-Service-Used-Weight-1m';

export interface SignedRouteOptions {
  /** Request-cost units charged to the key (spec "Limits"). */
  weight: number;
  /** A scope the key must hold; missing → 403 INSUFFICIENT_PERMISSION. */
  scope?: Scope;
}

export type SignedHandler = (req: Request, caller: Caller, res: Response) => Promise<RestResult>;

/**
 * A signed `/v1` route (contract §6). Checks run in this order:
 * 1. authenticate (401 UNAUTHENTICATED): nothing is charged to a key whose
 *    signature is wrong, so nobody can drain another key's budget with its id;
 * 2. spend the weight (429 RATE_LIMITED + Retry-After), reported in
 *    `X-Service-Used-Weight-1m` on every response after this point;
 * 3. the scope (403 INSUFFICIENT_PERMISSION): after the weight, so probing
 *    endpoints the key may not use still costs budget.
 */
export function signedRouteFor(services: Pick<Services, 'authenticator' | 'weightBudget'>) {
  return (options: SignedRouteOptions, handler: SignedHandler): RequestHandler =>
    route(async (req, res) => {
      const caller = await services.authenticator.signed(signedCredentialsFrom(req.headers), {
        method: req.method,
        pathWithQuery: req.originalUrl,
        body: req.rawBody ?? '',
      });
      const spend = await services.weightBudget.spend(caller.apiKeyId as number, options.weight);
      res.setHeader(USED_WEIGHT_HEADER, String(spend.used));
      if (!spend.allowed) throw new AppError('RATE_LIMITED', 'request weight budget exhausted', { retryAfterSeconds: spend.retryAfterSeconds });
      if (options.scope && !hasScope(caller, options.scope)) {
        throw new AppError('INSUFFICIENT_PERMISSION', `the API key lacks the scope ${options.scope}`);
      }
      return handler(req, caller, res);
    });
}

export type SignedRoute = ReturnType<typeof signedRouteFor>;
