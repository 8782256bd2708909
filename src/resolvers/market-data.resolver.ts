import { Arg, Args, Ctx, Query, Resolver, Root, Subscription } from 'type-graphql';
import { Operation } from '../operations/operation';
import { wireArgs } from '../operations/wire-input';
import type { GraphQLContext } from '../schema/context';
import { SameResultForEverySubscriber } from '../schema/shared-subscription-results';
import {
  DelistAnnouncementsType,
  ExchangeSymbolType,
  FormingKlineType,
  FundingHistoryArgs,
  FundingRateHistoryRowType,
  FundingRateType,
  KlinesArgs,
  KlineType,
  LongShortRatioRowType,
  MarkPriceType,
  MinQuoteVolumeArgs,
  OpenInterestType,
  PremiumIndexType,
  RatioArgs,
  SmartMoneyOverviewType,
  SmartMoneySignalType,
  Ticker24hType,
  WhaleBoardType,
} from '../schema/market-data.types';
import type { CachedResult } from '../services/market-data/cached-upstream';
import type { ExchangeSymbol, KlineRecord, OpenInterestRecord } from '../services/market-data/chart-data.service';
import type { FormingKline, MarkPriceRecord } from '../services/market-data/live-market.service';
import type { CurrentFundingRate, FundingRateRow } from '../services/market-data/funding.service';
import type { OperationInput } from '../services/market-data/query';
import type { LongShortRatioRow } from '../services/market-data/ratios.service';
import type { SmartMoneyObject } from '../services/market-data/smart-money.service';
import type { TickerRow } from '../services/market-data/tickers.service';
import type { WhaleBoard } from '../services/market-data/whale-board.service';
import { delistReply, premiumIndexReply } from '../services/market-data/upstream-replies';

/**
 * Market data built by the gateway (spec "Funding rates", "Long/short
 * ratios", "24h ticker", "Smart money / whale", contract §3): the one entry
 * point of each operation, for GraphQL and for the REST paths. Inputs are the
 * GraphQL arguments or the REST query, validated by the services alike;
 * results carry their cache status for the REST `X-Cache` header. Public
 * operations weigh 1 when a signed key calls them over GraphQL.
 */
@Resolver()
export class MarketDataResolver {
  @Operation({ weight: 1 })
  @Query(() => [FundingRateType], { description: 'Current funding rate of every symbol (REST /funding/rates).' })
  fundingRates(@Ctx() { services }: GraphQLContext): Promise<CachedResult<CurrentFundingRate[]>> {
    return services.fundingRates.currentRates();
  }

  @Operation({ weight: 1 })
  @Query(() => FundingRateType, { nullable: true, description: 'NOT_FOUND when the upstream knows no such symbol.' })
  fundingRate(@Arg('symbol', () => String) symbol: string, @Ctx() { services }: GraphQLContext): Promise<CachedResult<CurrentFundingRate>> {
    return services.fundingRates.currentRate(symbol);
  }

  @Operation({ weight: 1 })
  @Query(() => [FundingRateHistoryRowType], { description: 'Funding history of a symbol; limit default 100.' })
  fundingRateHistory(
    @Arg('symbol', () => String) symbol: string,
    @Args(() => FundingHistoryArgs) input: OperationInput,
    @Ctx() { services }: GraphQLContext,
  ): Promise<CachedResult<FundingRateRow[]>> {
    return services.fundingRates.history(symbol, wireArgs(input) as OperationInput);
  }

  @Operation({ weight: 1 })
  @Query(() => [LongShortRatioRowType], { description: 'Top-trader position-weighted ratio; period default 5m, limit default 10 (max 500).' })
  positionRatio(
    @Arg('symbol', () => String) symbol: string,
    @Args(() => RatioArgs) input: OperationInput,
    @Ctx() { services }: GraphQLContext,
  ): Promise<CachedResult<LongShortRatioRow[]>> {
    return services.longShortRatios.series('position', symbol, input);
  }

  @Operation({ weight: 1 })
  @Query(() => [LongShortRatioRowType], { description: 'Top-trader account-weighted ratio; period default 5m, limit default 10 (max 500).' })
  accountRatio(
    @Arg('symbol', () => String) symbol: string,
    @Args(() => RatioArgs) input: OperationInput,
    @Ctx() { services }: GraphQLContext,
  ): Promise<CachedResult<LongShortRatioRow[]>> {
    return services.longShortRatios.series('account', symbol, input);
  }

  @Operation({ weight: 1 })
  @Query(() => [Ticker24hType], {
    description: 'Tickers with 24h quote volume ≥ minQuoteVolume (default 100000000), USDC-quoted excluded, highest volume first.',
  })
  activeTickers(@Args(() => MinQuoteVolumeArgs) input: OperationInput, @Ctx() { services }: GraphQLContext): Promise<CachedResult<TickerRow[]>> {
    return services.tickers.active(wireArgs(input) as OperationInput);
  }

  @Operation({ weight: 1 })
  @Query(() => WhaleBoardType, { description: 'Whale board; minQuoteVolume default 50000000 (USDT).' })
  whaleBoard(@Args(() => MinQuoteVolumeArgs) input: OperationInput, @Ctx() { services }: GraphQLContext): Promise<CachedResult<WhaleBoard>> {
    return services.whaleBoard.board(wireArgs(input) as OperationInput);
  }

  @Operation({ weight: 1 })
  @Query(() => SmartMoneyOverviewType, { nullable: true })
  smartMoneyOverview(@Arg('symbol', () => String) symbol: string | undefined, @Ctx() { services }: GraphQLContext): Promise<CachedResult<SmartMoneyObject>> {
    return services.smartMoney.overview({ symbol });
  }

  @Operation({ weight: 1 })
  @Query(() => [SmartMoneySignalType], { description: 'timeRange one of 30m, 1h, 24h (default), 7d; BAD_REQUEST otherwise.' })
  smartMoneySignals(
    @Arg('timeRange', () => String, { nullable: true }) timeRange: string | null | undefined,
    @Ctx() { services }: GraphQLContext,
  ): Promise<CachedResult<SmartMoneyObject[]>> {
    return services.smartMoney.list({ timeRange });
  }

  @Operation({ weight: 1 })
  @Query(() => [PremiumIndexType], { description: 'Premium index of one symbol (a one-element list) or of all.' })
  async premiumIndex(@Arg('symbol', () => String, { nullable: true }) symbol: string | null, @Ctx() { services }: GraphQLContext): Promise<PremiumIndexType[]> {
    const answer = await services.marketPassThrough.validated(premiumIndexReply, '/fapi/v1/premiumIndex', symbol ? { symbol } : {});
    return Array.isArray(answer) ? answer : [answer];
  }

  @Operation({ weight: 1 })
  @Query(() => DelistAnnouncementsType)
  async delistings(@Ctx() { services }: GraphQLContext): Promise<DelistAnnouncementsType> {
    const answer = await services.marketPassThrough.validated(delistReply, '/delist');
    return { code: answer.code, message: answer.message, catalogs: answer.data.catalogs };
  }

  @Operation({ weight: 1 })
  @Query(() => [KlineType], { description: 'Candles of a symbol, oldest first (contract §15); the last one may still be forming.' })
  klines(@Args(() => KlinesArgs) input: OperationInput, @Ctx() { services }: GraphQLContext): Promise<KlineRecord[]> {
    return services.chartData.klines(wireArgs(input) as OperationInput);
  }

  @Operation({ weight: 1 })
  @Query(() => OpenInterestType, { nullable: true, description: 'NOT_FOUND when the upstream knows no such symbol.' })
  openInterest(@Arg('symbol', () => String) symbol: string, @Ctx() { services }: GraphQLContext): Promise<OpenInterestRecord> {
    return services.chartData.openInterest(symbol);
  }

  @Operation({ weight: 1 })
  @Query(() => [ExchangeSymbolType], { description: 'Every contract the exchange lists, with its trading filters.' })
  exchangeSymbols(@Ctx() { services }: GraphQLContext): Promise<ExchangeSymbol[]> {
    return services.chartData.exchangeSymbols();
  }

  @Operation({ weight: 1 })
  @SameResultForEverySubscriber()
  @Subscription(() => MarkPriceType, {
    name: 'markPrice',
    description: 'The latest value at once, then each new one (every second while the exchange stream is up, at most 3 s apart while it is polled).',
    subscribe: ({ args, context }) => (context as GraphQLContext).services.liveMarket.markPrice((args as { symbol: string }).symbol),
  })
  markPriceChanged(@Root() record: MarkPriceRecord, @Arg('symbol', () => String) _symbol: string): MarkPriceRecord {
    return record;
  }

  @Operation({ weight: 1 })
  @SameResultForEverySubscriber()
  @Subscription(() => FormingKlineType, {
    name: 'kline',
    description: 'The forming candle at once, then on each change; its last update has `closed: true`, then the next candle follows.',
    subscribe: ({ args, context }) => {
      const { symbol, interval } = args as { symbol: string; interval: string };
      return (context as GraphQLContext).services.liveMarket.kline(symbol, interval);
    },
  })
  klineChanged(@Root() candle: FormingKline, @Arg('symbol', () => String) _symbol: string, @Arg('interval', () => String) _interval: string): FormingKline {
    return candle;
  }
}
