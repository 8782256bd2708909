import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * What a REST handler returns: the status and body of a success. Errors are thrown and mapped by `error-responses.ts`.
 * A `Readable` body (a CSV download) is streamed with backpressure.
 */
export interface RestResult {
  status?: number;
  body?: unknown;
  /** A text or streamed body's media type; without it the body is sent as JSON. */
  type?: string;
}

/** Wraps a handler so it stays a few lines: read the request, call the service, return the result. */
export function route(handler: (req: Request, res: Response) => Promise<RestResult>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).then((result) => {
      const status = result.status ?? 200;
      if (result.body === undefined) res.status(status).end();
      // Once the first bytes are out an error can only cut the response, which pipeline does by destroying it.
      else if (result.body instanceof Readable)
        pipeline(result.body, res.status(status).type(result.type ?? 'application/octet-stream')).catch((error: unknown) => res.headersSent || next(error));
      else if (result.type) res.status(status).type(result.type).send(result.body);
      else res.status(status).json(result.body);
    }, next);
  };
}
