import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Services } from '../services';
import type { QueryValues } from '../services/market-data/query';
import { CACHE_STATUS } from '../services/market-data/cached-upstream';
import type { CacheStatus } from '../upstream/upstream-client';
import { inputFrom } from './request-parsing';

/**
 * Contract §3: every market answer carries `X-Cache: hit|miss`. The
 * gateway-made paths of the market table reply through `withCacheStatus`;
 * its pass-through paths forward the exchange's bytes.
 */

/** The query string as the caller wrote it (one value per name, the last one winning, as FastAPI reads scalars). */
export function queryValues(req: Request): QueryValues {
  const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
  return Object.fromEntries(new URLSearchParams(search));
}

/** The result as it is, with its cache status as `X-Cache`. */
export function withCacheStatus<T extends { readonly [CACHE_STATUS]: CacheStatus }>(result: T, res: Response): T {
  res.setHeader('X-Cache', result[CACHE_STATUS]);
  return result;
}

/** Upstream bytes out as they came in: status, content type and body. Validation issues of the query are located in it. */
export function passThroughHandler(services: Services, path: string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    inputFrom('query', () => services.marketPassThrough.forward(path, queryValues(req))).then((upstream) => {
      res.status(upstream.status).setHeader('Content-Type', upstream.contentType);
      res.setHeader('X-Cache', upstream.cache);
      res.end(upstream.body);
    }, next);
  };
}
