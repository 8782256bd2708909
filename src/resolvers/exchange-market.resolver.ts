import { Arg, Args, Ctx, Query, Resolver, Root, Subscription } from 'type-graphql';
import { Operation } from '../operations/operation';
import { wireArgs } from '../operations/wire-input';
import type { GraphQLContext } from '../schema/context';
import {
  DelistAnnouncementsType,
  ExchangeSymbolType,
  FormingKlineType,
  KlinesArgs,
  KlineType,
  MarkPriceType,
  OpenInterestType,
  PremiumIndexType,
} from '../schema/market-data.types';
import { SameResultForEverySubscriber } from '../schema/shared-subscription-results';
import type { ExchangeSymbol, KlineRecord, OpenInterestRecord } from '../services/market-data/chart-data.service';
import type { FormingKline, MarkPriceRecord } from '../services/market-data/live-market.service';
import type { OperationInput } from '../services/market-data/query';
import { delistReply, premiumIndexReply } from '../services/market-data/upstream-replies';

/**
 * The exchange's own market data on GraphQL: the premium index, delistings,
 * and contract §15's candles, open interest, symbols and live `markPrice`
 * and `kline` subscriptions for dashboards. They have no REST path of their
 * own: REST forwards the exchange's paths (the pass-through entries of
 * market-data.resolver.ts). Public operations weigh 1 when a signed key
 * calls them.
 */
@Resolver()
export class ExchangeMarketResolver {
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
