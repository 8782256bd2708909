import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import { Operation } from '../operations/operation';
import type { GraphQLContext } from '../schema/context';
import { PlanKlineArgs, PlanKlineType, PlanRatioArgs, PlanRatioRowType, RatioSeriesKind, SeriesMarket } from '../schema/plan-series.types';
import { klineQuery, ratioQuery, type PlanKline, type PlanRatioRow } from '../services/plans/plan-series.service';
import { restTable, type OperationRoute } from '../operations/rest-table';
import { queryArgs } from '../rest/request-parsing';

/**
 * The plan-gated series (contract §4): the one entry point of each operation,
 * for GraphQL and the stock/index/commodity paths. The plan key is the
 * request's `X-Data-API-Key` header on both edges.
 */
@Resolver()
export class PlanSeriesResolver {
  @Operation({ weight: 1 })
  @Query(() => [PlanRatioRowType], { description: 'Needs X-Data-API-Key with an active Standard plan or above.' })
  planLongShortRatio(
    @Arg('series', () => RatioSeriesKind) series: RatioSeriesKind,
    @Args(() => PlanRatioArgs) query: PlanRatioArgs,
    @Ctx() { services, dataApiKey }: GraphQLContext,
  ): Promise<PlanRatioRow[]> {
    return services.planSeries.ratios(series, dataApiKey, query);
  }

  @Operation({ weight: 1 })
  @Query(() => [PlanKlineType], { description: 'Needs X-Data-API-Key with an active Standard plan or above.' })
  planKlines(
    @Arg('market', () => SeriesMarket) market: SeriesMarket,
    @Args(() => PlanKlineArgs) query: PlanKlineArgs,
    @Ctx() { services, dataApiKey }: GraphQLContext,
  ): Promise<PlanKline[]> {
    return services.planSeries.klines(market, dataApiKey, query);
  }
}

/** The REST paths of the operations above (spec "Stock and index ratios", contract §4): one per series, behind `X-Data-API-Key`. */
restTable(PlanSeriesResolver, {
  tag: 'Plan-gated series',
  operations: {
    planLongShortRatio: (
      [
        ['/stock/v1/retailLongShortRatio', RatioSeriesKind.STOCK_RETAIL, 'Stock retail long/short ratio'],
        ['/index/v1/topLongShortRatio', RatioSeriesKind.INDEX_TOP, 'Index top-trader long/short ratio'],
        ['/index/v1/whaleLongShortRatio', RatioSeriesKind.INDEX_WHALE, 'Index whale long/short ratio'],
      ] as const
    ).map(([path, series, summary]): OperationRoute<PlanSeriesResolver['planLongShortRatio']> => ({
      method: 'GET',
      path,
      auth: 'plan-key',
      summary,
      input: 'query',
      query: ratioQuery,
      response: { list: PlanRatioRowType },
      errors: ['not-found'],
      call: (ratios, req, ctx) => ratios(series, queryArgs(req), ctx),
    })),
    planKlines: (
      [
        ['/stock/v1/klines', SeriesMarket.STOCK, 'Stock K-lines'],
        ['/index/v1/klines', SeriesMarket.INDEX, 'Index K-lines'],
        ['/commodity/v1/klines', SeriesMarket.COMMODITY, 'Commodity K-lines'],
      ] as const
    ).map(([path, market, summary]): OperationRoute<PlanSeriesResolver['planKlines']> => ({
      method: 'GET',
      path,
      auth: 'plan-key',
      summary,
      input: 'query',
      query: klineQuery,
      response: { list: PlanKlineType },
      errors: ['not-found'],
      call: (klines, req, ctx) => klines(market, queryArgs(req), ctx),
    })),
  },
});
