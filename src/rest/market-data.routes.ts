import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { MarketDataResolver } from '../resolvers/market-data.resolver';
import type { Services } from '../services';
import type { QueryValues } from '../services/market-data/query';
import { CACHE_STATUS } from '../services/market-data/cached-upstream';
import type { CacheStatus, CachedUpstreamResponse } from '../upstream/upstream-client';
import { asUpstreamCaller } from '../upstream/upstream-caller';
import { pathParam, type OperationRoutes, type RestReply } from './operation-route';
import { inputFrom } from './request-parsing';

/**
 * Spec "Funding rates", "Long/short ratios, futures", "24h ticker", "Smart
 * money / whale", "Other market data" and contract §3. Every answer carries
 * `X-Cache: hit|miss`. The gateway-made paths are mounted on the resolver's
 * operations; the verbatim pass-through paths forward the exchange's bytes.
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

/** The result as it is, with its cache status as `X-Cache`; validation issues are located in the query. */
const CACHED_REPLY: RestReply<{ readonly [CACHE_STATUS]: CacheStatus }> = {
  input: 'query',
  body: (result, res) => {
    res.setHeader('X-Cache', result[CACHE_STATUS]);
    return result;
  },
};

/** A route's answers may be reused while the upstream answers behind them are (see http/remembered-answers.ts); by default nothing is. */
const REMEMBER_NOTHING: RequestHandler = (_req, _res, next) => next();

export function marketDataRoutes(services: Services, op: OperationRoutes, remember: RequestHandler = REMEMBER_NOTHING): Router {
  const router = Router();
  const { marketPassThrough } = services;
  const market = new MarketDataResolver();
  const symbol = (req: Request) => pathParam(req, 'symbol');
  // Upstream calls made for this request count against its client's share of the upstream budget.
  router.use((req, _res, next) => asUpstreamCaller(req.ip, next));

  for (const path of marketPassThrough.paths()) {
    router.get(
      path,
      remember,
      passThrough((req) => inputFrom('query', () => marketPassThrough.forward(path, queryOf(req)))),
    );
  }

  router.get(
    '/funding/rates',
    remember,
    op.public(market, 'fundingRates', (rates, _req, ctx) => rates(ctx), CACHED_REPLY),
  );
  router.get(
    '/funding/rates/:symbol',
    remember,
    op.public(market, 'fundingRate', (rate, req, ctx) => rate(symbol(req), ctx), CACHED_REPLY),
  );
  router.get(
    '/funding/rates/:symbol/history',
    remember,
    op.public(market, 'fundingRateHistory', (history, req, ctx) => history(symbol(req), queryOf(req), ctx), CACHED_REPLY),
  );
  router.get(
    '/long-short/position-ratio/:symbol',
    remember,
    op.public(market, 'positionRatio', (series, req, ctx) => series(symbol(req), queryOf(req), ctx), CACHED_REPLY),
  );
  router.get(
    '/long-short/account-ratio/:symbol',
    remember,
    op.public(market, 'accountRatio', (series, req, ctx) => series(symbol(req), queryOf(req), ctx), CACHED_REPLY),
  );
  router.get(
    '/ticker/24hr/active',
    remember,
    op.public(market, 'activeTickers', (active, req, ctx) => active(queryOf(req), ctx), CACHED_REPLY),
  );
  router.get(
    '/smart-money/signal/overview',
    remember,
    op.public(market, 'smartMoneyOverview', (overview, req, ctx) => overview(queryOf(req).symbol, ctx), CACHED_REPLY),
  );
  router.get(
    '/smart-money/signal/list',
    remember,
    op.public(market, 'smartMoneySignals', (list, req, ctx) => list(queryOf(req).timeRange, ctx), CACHED_REPLY),
  );
  // Not remembered: each answer carries the time it was generated.
  router.get(
    '/whale-board',
    op.public(market, 'whaleBoard', (board, req, ctx) => board(queryOf(req), ctx), CACHED_REPLY),
  );
  return router;
}
