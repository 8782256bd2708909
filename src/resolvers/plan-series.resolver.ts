import { Arg, Ctx, Float, Int, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../schema/context';
import { PlanKlineType, PlanRatioRowType, RatioSeriesKind, SeriesMarket } from '../schema/plan-series.types';

/** The plan-gated series; the plan key comes from the request's `X-Data-API-Key` header, as on REST. */
@Resolver()
export class PlanSeriesResolver {
  @Query(() => [PlanRatioRowType], { description: 'Needs X-Data-API-Key with an active Standard plan or above.' })
  async planLongShortRatio(
    @Arg('series', () => RatioSeriesKind) series: RatioSeriesKind,
    @Arg('symbol', () => String) symbol: string,
    @Arg('period', () => String, { nullable: true, description: '1h, 4h, 1d (default) or 1w.' }) period: string | undefined,
    @Arg('limit', () => Int, { nullable: true, description: 'Default 30, at most 500.' }) limit: number | undefined,
    @Ctx() { services, dataApiKey }: GraphQLContext,
  ): Promise<PlanRatioRowType[]> {
    return services.planSeries.ratios(series, dataApiKey, { symbol, period: period ?? undefined, limit: limit ?? undefined });
  }

  @Query(() => [PlanKlineType], { description: 'Needs X-Data-API-Key with an active Standard plan or above.' })
  async planKlines(
    @Arg('market', () => SeriesMarket) market: SeriesMarket,
    @Arg('symbol', () => String) symbol: string,
    @Arg('interval', () => String, { nullable: true, description: '1h, 4h, 1d (default) or 1w.' }) interval: string | undefined,
    @Arg('startTime', () => Float, { nullable: true }) startTime: number | undefined,
    @Arg('endTime', () => Float, { nullable: true }) endTime: number | undefined,
    @Arg('limit', () => Int, { nullable: true, description: 'Default 100, at most 1000.' }) limit: number | undefined,
    @Ctx() { services, dataApiKey }: GraphQLContext,
  ): Promise<PlanKlineType[]> {
    const rows = await services.planSeries.klines(market, dataApiKey, {
      symbol,
      interval: interval ?? undefined,
      startTime: startTime ?? undefined,
      endTime: endTime ?? undefined,
      limit: limit ?? undefined,
    });
    return rows.map(([openTime, open, high, low, close, volume, closeTime]) => ({ openTime, open, high, low, close, volume, closeTime }));
  }
}
