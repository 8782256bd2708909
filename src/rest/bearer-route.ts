import type { Request, RequestHandler, Response } from 'express';
import type { Caller } from '../auth/caller';
import type { Services } from '../services';
import { route, type RestResult } from './route';

export type BearerHandler = (req: Request, caller: Caller, res: Response) => Promise<RestResult>;

/** A user endpoint behind `Authorization: Bearer <app token>`; a missing, expired or tampered token is 401 `{"detail": ...}`. */
export function bearerRouteFor(services: Pick<Services, 'authenticator'>) {
  return (handler: BearerHandler): RequestHandler =>
    route(async (req, res) => handler(req, await services.authenticator.bearer(req.get('authorization')), res));
}
