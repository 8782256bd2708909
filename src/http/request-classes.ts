import { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express } from 'express';

/**
 * The request and response classes one HTTP server creates its objects with,
 * built for the express application that will answer them.
 *
 * Express moves every request and response it handles onto its own
 * prototypes (`Object.setPrototypeOf` in `app.handle`), so with Node's plain
 * classes a process held objects of two shapes: cache hits answered before
 * express (remembered-answers.ts) kept Node's, everything else had express's.
 * Node's HTTP code then met several shapes at each property access and fell
 * back to its slowest (megamorphic) lookups: 9-10 % of a cache hit's CPU
 * time in a profile, against 6-7 % when every object is born with the
 * prototype express gives it, which makes express's move a no-op.
 *
 * The classes are made per server because the prototypes carry `app`:
 * two services in one process (tests) each keep their own.
 */
export interface RequestClasses {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse<IncomingMessage>;
  /** Makes `app` answer with these classes' prototypes; call once, before the first request. */
  adopt(app: Express): void;
}

export function requestClasses(): RequestClasses {
  class ExpressRequest extends IncomingMessage {}
  class ExpressResponse extends ServerResponse<IncomingMessage> {}
  // What `app.request` and `app.response` are made of: express's methods over Node's.
  Object.setPrototypeOf(ExpressRequest.prototype, express.request);
  Object.setPrototypeOf(ExpressResponse.prototype, express.response);
  return {
    IncomingMessage: ExpressRequest,
    ServerResponse: ExpressResponse,
    adopt(app) {
      // As express itself defines `app` on the prototypes it makes for an application.
      for (const prototype of [ExpressRequest.prototype, ExpressResponse.prototype]) {
        Object.defineProperty(prototype, 'app', { configurable: true, enumerable: true, writable: true, value: app });
      }
      app.request = ExpressRequest.prototype as unknown as Express['request'];
      app.response = ExpressResponse.prototype as unknown as Express['response'];
    },
  };
}
