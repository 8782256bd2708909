import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Services } from '../services';
import type { QueryValues } from '../services/market-data/query';
import type { Cached } from '../services/market-data/cached-upstream';
import type { CachedUpstreamResponse } from '../upstream/upstream-client';
import { inputFrom } from './request-parsing';
import { route } from './route';

/**
 * Spec "Funding rates", "Long/short ratios, futures", "24h ticker", "Smart
 * money / whale", "Other market data" and contract §3. Every answer carries
 * `X-Cache: hit|miss`.
 */

/** The query string as the caller wrote it (one value per name, the last one winning, as FastAPI reads scalars). */
function queryOf(req: Request): QueryValues {
  const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
  return Object.fromEntries(new URLSearchParams(search));
}

/** Upstream bytes out as they came in: status, content type and body. */
function passThrough(load: (req: Request) => Promise<CachedUpstreamResponse>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    load(req).then((upstream) => {
      res.status(upstream.status).setHeader('Content-Type', upstream.contentType);
      res.setHeader('X-Cache', upstream.cache);
      res.end(upstream.body);
    }, next);
  };
}

function gateway<T>(load: (req: Request) => Promise<Cached<T>>): RequestHandler {
  return route(async (req, res) => {
    const { data, cache } = await inputFrom('query', () => load(req));
    res.setHeader('X-Cache', cache);
    return { body: data };
  });
}

export function marketDataRoutes(services: Services): Router {
  const router = Router();
  const { marketPassThrough, fundingRates, longShortRatios, tickers, whaleBoard, smartMoney } = services;
  const symbol = (req: Request) => String(req.params.symbol);

  for (const path of marketPassThrough.paths()) {
    router.get(
      path,
      passThrough((req) => inputFrom('query', () => marketPassThrough.forward(path, queryOf(req)))),
    );
  }

  router.get(
    '/funding/rates',
    gateway(() => fundingRates.currentRates()),
  );
  router.get(
    '/funding/rates/:symbol',
    gateway((req) => fundingRates.currentRate(symbol(req))),
  );
  router.get(
    '/funding/rates/:symbol/history',
    gateway((req) => fundingRates.history(symbol(req), queryOf(req))),
  );
  router.get(
    '/long-short/position-ratio/:symbol',
    gateway((req) => longShortRatios.series('position', symbol(req), queryOf(req))),
  );
  router.get(
    '/long-short/account-ratio/:symbol',
    gateway((req) => longShortRatios.series('account', symbol(req), queryOf(req))),
  );
  router.get(
    '/ticker/24hr/active',
    gateway((req) => tickers.active(queryOf(req))),
  );
  router.get(
    '/smart-money/signal/overview',
    gateway((req) => smartMoney.overview(queryOf(req))),
  );
  router.get(
    '/smart-money/signal/list',
    gateway((req) => smartMoney.list(queryOf(req))),
  );
  router.get(
    '/whale-board',
    gateway((req) => whaleBoard.board(queryOf(req))),
  );
  return router;
}
