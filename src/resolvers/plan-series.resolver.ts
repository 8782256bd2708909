import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import { Operation } from '../operations/operation';
import type { GraphQLContext } from '../schema/context';
import { PlanKlineArgs, PlanKlineType, PlanRatioArgs, PlanRatioRowType, RatioSeriesKind, SeriesMarket } from '../schema/plan-series.types';
import type { PlanKline, PlanRatioRow } from '../services/plans/plan-series.service';

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
