import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';

/** What an offered `X-Request-Id` may look like to be echoed and logged. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The path a request line logs: the query string is left out, as it may carry credentials. */
export function logPathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** A request's id: a well-formed `X-Request-Id` it offered, or a new one. */
export function requestIdFor(offered: string | string[] | undefined): string {
  return typeof offered === 'string' && REQUEST_ID.test(offered) ? offered : randomUUID();
}

/**
 * One structured line per request with a request id (taken from a well-formed
 * `X-Request-Id` or generated, and echoed back). Only method, path, status and
 * timing are logged: never headers, query strings or bodies, which may carry
 * credentials or e-mail addresses.
 */
export function requestLogging(logger: Logger, metrics: Metrics): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdFor(req.headers['x-request-id']);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        path: logPathOf(req.url),
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    // pino-http reports a 5xx (or a failed request) through its error hook and everything else through its success hook: both feed the histogram.
    customSuccessObject: (req, res, value: Record<string, unknown>) => observe(metrics, req, res, value),
    customErrorObject: (req, res, _error, value: Record<string, unknown>) => observe(metrics, req, res, value),
  });
}

/** The id `genReqId` gave the request (always a string there). */
export function requestIdOf(req: IncomingMessage): string {
  return typeof req.id === 'string' ? req.id : '';
}

function observe(metrics: Metrics, req: IncomingMessage, res: ServerResponse, value: Record<string, unknown>): Record<string, unknown> {
  const routePath = (req as IncomingMessage & { route?: { path?: string } }).route?.path;
  metrics.httpRequestDuration.observe(
    { method: req.method ?? 'GET', route: routePath ?? 'unmatched', status: String(res.statusCode) },
    Number(value.responseTime ?? 0) / 1000,
  );
  return value;
}
