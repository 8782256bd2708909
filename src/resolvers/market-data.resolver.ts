import { GraphQLSafeInt } from 'graphql-scalars';
import { Arg, Ctx, Float, Int, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../schema/context';
import {
  DelistAnnouncementsType,
  FundingRateHistoryRowType,
  FundingRateType,
  LongShortRatioRowType,
  PremiumIndexType,
  SmartMoneyOverviewType,
  SmartMoneySignalType,
  Ticker24hType,
  WhaleBoardType,
} from '../schema/market-data.types';
import type { QueryValues } from '../services/market-data/query';
import type { SmartMoneyObject } from '../services/market-data/smart-money.service';

/** GraphQL arguments become the query values the REST edge passes, so both edges share the services' validation. */
function queryValues(args: Record<string, string | number | null | undefined>): QueryValues {
  return Object.fromEntries(Object.entries(args).map(([name, value]) => [name, value === null || value === undefined ? undefined : String(value)]));
}

interface DelistPayload {
  code: string;
  message: string | null;
  data: { catalogs: { catalogId: number; articles: { id: number; code: string; title: string; releaseDate: number }[] }[] };
}

@Resolver()
export class MarketDataResolver {
  @Query(() => [FundingRateType], { description: 'Current funding rate of every symbol (REST /funding/rates).' })
  async fundingRates(@Ctx() { services }: GraphQLContext): Promise<FundingRateType[]> {
    return (await services.fundingRates.currentRates()).data;
  }

  @Query(() => FundingRateType, { nullable: true, description: 'NOT_FOUND when the upstream knows no such symbol.' })
  async fundingRate(@Arg('symbol', () => String) symbol: string, @Ctx() { services }: GraphQLContext): Promise<FundingRateType> {
    return (await services.fundingRates.currentRate(symbol)).data;
  }

  @Query(() => [FundingRateHistoryRowType], { description: 'Funding history of a symbol; limit default 100.' })
  async fundingRateHistory(
    @Arg('symbol', () => String) symbol: string,
    @Arg('startTime', () => GraphQLSafeInt, { nullable: true }) startTime: number | null,
    @Arg('endTime', () => GraphQLSafeInt, { nullable: true }) endTime: number | null,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Ctx() { services }: GraphQLContext,
  ): Promise<FundingRateHistoryRowType[]> {
    return (await services.fundingRates.history(symbol, queryValues({ start_time: startTime, end_time: endTime, limit }))).data;
  }

  @Query(() => [LongShortRatioRowType], { description: 'Top-trader position-weighted ratio; period default 5m, limit default 10 (max 500).' })
  async positionRatio(
    @Arg('symbol', () => String) symbol: string,
    @Arg('period', () => String, { nullable: true }) period: string | null,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Ctx() { services }: GraphQLContext,
  ): Promise<LongShortRatioRowType[]> {
    return (await services.longShortRatios.series('position', symbol, queryValues({ period, limit }))).data;
  }

  @Query(() => [LongShortRatioRowType], { description: 'Top-trader account-weighted ratio; period default 5m, limit default 10 (max 500).' })
  async accountRatio(
    @Arg('symbol', () => String) symbol: string,
    @Arg('period', () => String, { nullable: true }) period: string | null,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Ctx() { services }: GraphQLContext,
  ): Promise<LongShortRatioRowType[]> {
    return (await services.longShortRatios.series('account', symbol, queryValues({ period, limit }))).data;
  }

  @Query(() => [Ticker24hType], {
    description: 'Tickers with 24h quote volume ≥ minQuoteVolume (default 100000000), USDC-quoted excluded, highest volume first.',
  })
  async activeTickers(
    @Arg('minQuoteVolume', () => Float, { nullable: true }) minQuoteVolume: number | null,
    @Ctx() { services }: GraphQLContext,
  ): Promise<Ticker24hType[]> {
    return (await services.tickers.active(queryValues({ min_quote_volume: minQuoteVolume }))).data;
  }

  @Query(() => WhaleBoardType, { description: 'Whale board; minQuoteVolume default 50000000 (USDT).' })
  async whaleBoard(
    @Arg('minQuoteVolume', () => Float, { nullable: true }) minQuoteVolume: number | null,
    @Ctx() { services }: GraphQLContext,
  ): Promise<WhaleBoardType> {
    return (await services.whaleBoard.board(queryValues({ min_quote_volume: minQuoteVolume }))).data;
  }

  @Query(() => SmartMoneyOverviewType, { nullable: true })
  async smartMoneyOverview(@Arg('symbol', () => String) symbol: string, @Ctx() { services }: GraphQLContext): Promise<SmartMoneyObject> {
    return (await services.smartMoney.overview({ symbol })).data;
  }

  @Query(() => [SmartMoneySignalType], { description: 'timeRange one of 30m, 1h, 24h (default), 7d; BAD_REQUEST otherwise.' })
  async smartMoneySignals(
    @Arg('timeRange', () => String, { nullable: true }) timeRange: string | null,
    @Ctx() { services }: GraphQLContext,
  ): Promise<SmartMoneyObject[]> {
    return (await services.smartMoney.list(queryValues({ timeRange }))).data;
  }

  @Query(() => [PremiumIndexType], { description: 'Premium index of one symbol (a one-element list) or of all.' })
  async premiumIndex(@Arg('symbol', () => String, { nullable: true }) symbol: string | null, @Ctx() { services }: GraphQLContext): Promise<PremiumIndexType[]> {
    const answer = await services.marketPassThrough.json<PremiumIndexType | PremiumIndexType[]>('/fapi/v1/premiumIndex', queryValues({ symbol }));
    return Array.isArray(answer) ? answer : [answer];
  }

  @Query(() => DelistAnnouncementsType)
  async delistings(@Ctx() { services }: GraphQLContext): Promise<DelistAnnouncementsType> {
    const answer = await services.marketPassThrough.json<DelistPayload>('/delist');
    return { code: answer.code, message: answer.message, catalogs: answer.data.catalogs };
  }
}
