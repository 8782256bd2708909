import cors from 'cors';
import type { RequestListener } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import proxyAddr from 'proxy-addr';
import type { Orm } from '../db/orm';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { sendError } from '../rest/error-responses';
import { restRoutes, restTableEntries } from '../rest';
import type { Services } from '../services';
import { buildOpenApiDocument } from '../openapi/openapi-document';
import { SERVICE_VERSION } from '../openapi/service-version';
import { asUpstreamCaller } from '../upstream/upstream-caller';
import { dashboardRoutes } from './dashboard.routes';
import { HEALTH_ROUTES, healthRoutes } from './health.routes';
import { openApiRoutes } from './openapi.routes';
import { isExemptFromPublicLimit, publicRateLimit } from './public-rate-limit';
import { refuseUnstorableInput } from './input-guards';
import { methodNotAllowed } from './method-not-allowed';
import { RememberedAnswers } from './remembered-answers';
import type { RequestClasses } from './request-classes';
import { requestLogging } from './request-logging';

export const JSON_BODY_LIMIT = '256kb';

export interface AppParts {
  orm: Orm;
  services: Services;
  logger: Logger;
  metrics: Metrics;
  publicRateLimitPerMinute: number;
  trustProxy: boolean | number | string;
  /** Browser origins allowed to call the API (contract §14); empty: none. */
  corsOrigins: string[];
  graphqlMiddleware: express.RequestHandler;
  /** The classes the HTTP server creates requests and responses with (request-classes.ts). */
  requestClasses: RequestClasses;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The exact bytes of the body, kept for HMAC checks of signed requests. */
    rawBody?: Buffer;
  }
}

/**
 * Composes the HTTP request handler: repeated market-data cache hits are
 * answered before express (remembered-answers.ts); everything else goes to
 * the express application: guard rails first, then the GraphQL core and the
 * REST adapter, then the error mapping.
 */
export function createRequestListener(parts: AppParts): RequestListener {
  const app = express();
  parts.requestClasses.adopt(app);
  app.disable('x-powered-by');
  app.set('trust proxy', parts.trustProxy);
  app.set('etag', false);
  const trusted = app.get('trust proxy fn') as Parameters<typeof proxyAddr>[1];
  const limitPublic = publicRateLimit(parts.orm, parts.publicRateLimitPerMinute);
  const remembered = new RememberedAnswers({
    logger: parts.logger,
    metrics: parts.metrics,
    // Without X-Forwarded-For, proxy-addr's answer is the socket's address whatever is trusted.
    clientAddress: (req) => (req.headers['x-forwarded-for'] === undefined ? req.socket.remoteAddress : proxyAddr(req, trusted)),
    admitLeased: limitPublic.admitLeased,
    corsEnabled: parts.corsOrigins.length > 0,
  });

  app.use(requestLogging(parts.logger, parts.metrics));
  if (parts.corsOrigins.length > 0) {
    app.use(cors({ origin: parts.corsOrigins, maxAge: 600, exposedHeaders: ['Retry-After', 'X-Service-Used-Weight-1m', 'X-Cache'] }));
  }
  app.use(healthRoutes(parts.orm, parts.metrics));

  app.use((req, res, next) => (isExemptFromPublicLimit(req.path) ? next() : limitPublic.middleware(req, res, next)));

  app.use(
    express.json({
      limit: JSON_BODY_LIMIT,
      verify: (req, _res, buffer) => {
        (req as Request).rawBody = buffer;
      },
    }),
  );

  // Before the GraphQL middleware: a browser's GET /graphql gets the IDE page; API calls on the same path pass through.
  app.use(dashboardRoutes());
  // Upstream calls a query makes count against its client's share of the upstream budget (see upstream-caller.ts).
  app.use('/graphql', (req, res, next) => asUpstreamCaller(req.ip, () => parts.graphqlMiddleware(req, res, next)));
  app.use(refuseUnstorableInput());
  app.use(restRoutes(parts.services, parts.logger, remembered.remember()));
  app.use(openApiRoutes(() => buildOpenApiDocument({ entries: restTableEntries(), serviceRoutes: HEALTH_ROUTES, version: SERVICE_VERSION })));
  app.use(methodNotAllowed(app));

  app.use((req: Request, res: Response) => {
    res.status(404).json(req.path.startsWith('/v1/') ? { error: { code: 'NOT_FOUND', message: 'no such endpoint' } } : { detail: 'Not Found' });
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => sendError(req, res, error, parts.logger));
  return (req, res) => {
    if (!remembered.answer(req, res)) void app(req, res);
  };
}
