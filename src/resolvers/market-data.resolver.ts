import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import { Operation } from '../operations/operation';
import { wireArgs } from '../operations/wire-input';
import type { GraphQLContext } from '../schema/context';
import {
  FundingHistoryArgs,
  FundingRateHistoryRowType,
  FundingRateType,
  LongShortRatioRowType,
  MinQuoteVolumeArgs,
  RatioArgs,
  SmartMoneyOverviewType,
  SmartMoneySignalType,
  Ticker24hType,
  WhaleBoardType,
} from '../schema/market-data.types';
import type { CachedResult } from '../services/market-data/cached-upstream';
import type { CurrentFundingRate, FundingRateRow } from '../services/market-data/funding-rates.service';
import type { OperationInput } from '../services/market-data/query';
import type { LongShortRatioRow } from '../services/market-data/ratios.service';
import type { SmartMoneyObject } from '../services/market-data/smart-money.service';
import type { TickerRow } from '../services/market-data/tickers.service';
import type { WhaleBoard } from '../services/market-data/whale-board.service';
import {
  delistReply,
  exchangeInfoSymbols,
  fundingHistoryRows,
  fundingInfoRows,
  klineRows,
  openInterestHistoryRows,
  openInterestReply,
  premiumIndexReply,
  ratioRows,
  serverTimeReply,
  smartMoneyObject,
  tickerRows,
} from '../services/market-data/upstream-replies';
import { z } from 'zod';
import { restTable } from '../operations/rest-table';
import { queryValues, withCacheStatus } from '../rest/market-answers';
import { pathParam } from '../rest/request-parsing';
import { historyQuery } from '../services/market-data/funding-rates.service';
import { ratioQuerySchema } from '../services/market-data/query';
import { overviewQuery } from '../services/market-data/smart-money.service';
import { activeQuery } from '../services/market-data/tickers.service';
import { boardQuery } from '../services/market-data/whale-board.service';

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
}

/**
 * Every market answer is public, carries `X-Cache` and may be served again
 * while the upstream answers behind it are current; the gateway-made ones
 * fail with the exchange (502).
 */
const GATEWAY = { auth: 'public', input: 'query', reply: withCacheStatus, remember: true } as const;

const ratioPassThrough = { reply: ratioRows, checkedQuery: true } as const;

/**
 * The REST paths of the operations above (spec "Funding rates", "Long/short
 * ratios, futures", "24h ticker", "Smart money / whale", contract §3), and
 * the verbatim pass-through paths: the exchange's bytes, forwarded by
 * `MarketPassThroughService`, documented by the zod schema the gateway
 * checks each reply with where it reads it.
 */
restTable(MarketDataResolver, {
  tag: 'Market data',
  operations: {
    fundingRates: {
      ...GATEWAY,
      method: 'GET',
      path: '/funding/rates',
      summary: 'Current funding rates of every symbol',
      response: { list: FundingRateType },
      errors: ['upstream'],
      call: (rates, _req, ctx) => rates(ctx),
    },
    fundingRate: {
      ...GATEWAY,
      method: 'GET',
      path: '/funding/rates/:symbol',
      summary: "One symbol's current funding rate",
      response: { record: FundingRateType },
      errors: ['upstream'],
      call: (rate, req, ctx) => rate(pathParam(req, 'symbol'), ctx),
    },
    fundingRateHistory: {
      ...GATEWAY,
      method: 'GET',
      path: '/funding/rates/:symbol/history',
      summary: "One symbol's funding rate history",
      query: historyQuery,
      response: { list: FundingRateHistoryRowType },
      errors: ['upstream'],
      call: (history, req, ctx) => history(pathParam(req, 'symbol'), queryValues(req), ctx),
    },
    positionRatio: {
      ...GATEWAY,
      method: 'GET',
      path: '/long-short/position-ratio/:symbol',
      summary: 'Top traders’ long/short position ratio (longPosition/shortPosition)',
      query: ratioQuerySchema,
      response: { list: LongShortRatioRowType },
      errors: ['upstream'],
      call: (series, req, ctx) => series(pathParam(req, 'symbol'), queryValues(req), ctx),
    },
    accountRatio: {
      ...GATEWAY,
      method: 'GET',
      path: '/long-short/account-ratio/:symbol',
      summary: 'Top traders’ long/short account ratio (longAccount/shortAccount)',
      query: ratioQuerySchema,
      response: { list: LongShortRatioRowType },
      errors: ['upstream'],
      call: (series, req, ctx) => series(pathParam(req, 'symbol'), queryValues(req), ctx),
    },
    activeTickers: {
      ...GATEWAY,
      method: 'GET',
      path: '/ticker/24hr/active',
      summary: '24h tickers above a quote volume',
      query: activeQuery,
      response: { list: Ticker24hType },
      errors: ['upstream'],
      call: (active, req, ctx) => active(queryValues(req), ctx),
    },
    // The exchange's `data` objects with their field names and values unchanged (GraphQL's SmartMoney types name the fields it reads).
    smartMoneyOverview: {
      ...GATEWAY,
      method: 'GET',
      path: '/smart-money/signal/overview',
      summary: 'Smart-money overview of a symbol',
      query: overviewQuery,
      response: { exchange: smartMoneyObject },
      errors: ['upstream', 'not-found'],
      call: (overview, req, ctx) => overview(queryValues(req).symbol, ctx),
    },
    smartMoneySignals: {
      ...GATEWAY,
      method: 'GET',
      path: '/smart-money/signal/list',
      summary: 'Smart-money signals',
      response: { exchange: z.array(smartMoneyObject) },
      errors: ['upstream', 'bad-request'],
      call: (list, req, ctx) => list(queryValues(req).timeRange, ctx),
    },
    whaleBoard: {
      ...GATEWAY,
      // Not remembered: each answer carries the time it was generated.
      remember: undefined,
      method: 'GET',
      path: '/whale-board',
      summary: 'Whale board: perpetuals ranked by whale positioning',
      query: boardQuery,
      response: { record: WhaleBoardType },
      errors: ['upstream'],
      call: (board, req, ctx) => board(queryValues(req), ctx),
    },
  },
  passThrough: [
    { path: '/fapi/v1/fundingRate', reply: fundingHistoryRows, checkedQuery: true },
    // With `symbol` the exchange answers one ticker, without it every ticker.
    { path: '/fapi/v1/ticker/24hr', reply: z.union([tickerRows.element, tickerRows]) },
    { path: '/fapi/v1/exchangeInfo', reply: exchangeInfoSymbols },
    { path: '/fapi/v1/premiumIndex', reply: premiumIndexReply },
    { path: '/fapi/v1/fundingInfo', reply: fundingInfoRows },
    { path: '/fapi/v1/openInterest', reply: openInterestReply },
    { path: '/fapi/v1/time', reply: serverTimeReply },
    { path: '/fapi/v1/klines', reply: klineRows },
    { path: '/topLongShortPositionRatio', ...ratioPassThrough },
    { path: '/futures/data/topLongShortPositionRatio', ...ratioPassThrough },
    { path: '/topLongShortAccountRatio', ...ratioPassThrough },
    { path: '/futures/data/topLongShortAccountRatio', ...ratioPassThrough },
    { path: '/futures/data/globalLongShortAccountRatio', reply: ratioRows },
    { path: '/futures/data/openInterestHist', reply: openInterestHistoryRows },
    { path: '/delist', reply: delistReply },
  ],
});
