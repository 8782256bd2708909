import { Router } from 'express';
import { PlanSeriesResolver } from '../resolvers/plan-series.resolver';
import { RatioSeriesKind, SeriesMarket } from '../schema/plan-series.types';
import type { OperationRoutes } from './operation-route';
import { queryArgs } from './request-parsing';

const RATIO_PATHS: [string, RatioSeriesKind][] = [
  ['/stock/v1/retailLongShortRatio', RatioSeriesKind.STOCK_RETAIL],
  ['/index/v1/topLongShortRatio', RatioSeriesKind.INDEX_TOP],
  ['/index/v1/whaleLongShortRatio', RatioSeriesKind.INDEX_WHALE],
];

const KLINE_PATHS: [string, SeriesMarket][] = [
  ['/stock/v1/klines', SeriesMarket.STOCK],
  ['/index/v1/klines', SeriesMarket.INDEX],
  ['/commodity/v1/klines', SeriesMarket.COMMODITY],
];

/** Spec "Stock and index ratios" and contract §4: plan-gated series behind `X-Data-API-Key`, mounted on the resolver's operations. */
export function planSeriesRoutes(op: OperationRoutes): Router {
  const router = Router();
  const planSeries = new PlanSeriesResolver();
  for (const [path, series] of RATIO_PATHS) {
    router.get(
      path,
      op.public(planSeries, 'planLongShortRatio', (ratios, req, ctx) => ratios(series, queryArgs(req), ctx), { input: 'query' }),
    );
  }
  for (const [path, market] of KLINE_PATHS) {
    router.get(
      path,
      op.public(planSeries, 'planKlines', (klines, req, ctx) => klines(market, queryArgs(req), ctx), { input: 'query' }),
    );
  }
  return router;
}
