import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** What a REST handler returns: the status and body of a success. Errors are thrown and mapped by `error-responses.ts`. */
export interface RestResult {
  status?: number;
  body?: unknown;
  /** A text body's media type (the body is then its text); without it the body is sent as JSON. */
  type?: string;
}

/** Wraps a handler so it stays a few lines: read the request, call the service, return the result. */
export function route(handler: (req: Request, res: Response) => Promise<RestResult>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).then((result) => {
      const status = result.status ?? 200;
      if (result.body === undefined) res.status(status).end();
      else if (result.type) res.status(status).type(result.type).send(result.body);
      else res.status(status).json(result.body);
    }, next);
  };
}
