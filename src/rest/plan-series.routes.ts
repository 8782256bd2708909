import { Router } from 'express';
import type { Services } from '../services';
import type { RatioEndpoint } from '../services/plans/plan-series.service';
import type { Market } from '../services/plans/plan-series.store';
import { inputFrom } from './request-parsing';
import { route } from './route';

const RATIO_PATHS: [string, RatioEndpoint][] = [
  ['/stock/v1/retailLongShortRatio', 'stockRetail'],
  ['/index/v1/topLongShortRatio', 'indexTop'],
  ['/index/v1/whaleLongShortRatio', 'indexWhale'],
];

const KLINE_PATHS: [string, Market][] = [
  ['/stock/v1/klines', 'stock'],
  ['/index/v1/klines', 'index'],
  ['/commodity/v1/klines', 'commodity'],
];

/** Spec "Stock and index ratios" and contract §4: plan-gated series behind `X-Data-API-Key`. */
export function planSeriesRoutes(services: Services): Router {
  const router = Router();
  const series = services.planSeries;
  for (const [path, endpoint] of RATIO_PATHS) {
    router.get(
      path,
      route(async (req) => ({ body: await inputFrom('query', () => series.ratios(endpoint, req.get('x-data-api-key'), req.query)) })),
    );
  }
  for (const [path, market] of KLINE_PATHS) {
    router.get(
      path,
      route(async (req) => ({ body: await inputFrom('query', () => series.klines(market, req.get('x-data-api-key'), req.query)) })),
    );
  }
  return router;
}
