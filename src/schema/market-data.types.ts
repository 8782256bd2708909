import { GraphQLSafeInt } from 'graphql-scalars';
import { ArgsType, Field, Float, Int, ObjectType } from 'type-graphql';

/**
 * GraphQL types of the market-data gateway, declared over the services' wire
 * records (whose names are the exchange's camelCase ones, as on REST), so
 * resolvers return the records themselves. Decimal quantities stay strings,
 * millisecond times are `SafeInt` (beyond GraphQL's 32-bit `Int`).
 */

@ArgsType()
export class FundingHistoryArgs {
  @Field(() => GraphQLSafeInt, { nullable: true }) startTime?: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true }) endTime?: number | null;
  @Field(() => Int, { nullable: true, description: 'Default 100, at most 1000.' }) limit?: number | null;
}

@ArgsType()
export class RatioArgs {
  @Field(() => String, { nullable: true, description: 'One of 5m (default), 15m, 30m, 1h, 2h, 4h, 6h, 12h, 1d.' }) period?: string | null;
  @Field(() => Int, { nullable: true, description: 'Default 10, at most 500.' }) limit?: number | null;
}

@ArgsType()
export class MinQuoteVolumeArgs {
  @Field(() => Float, { nullable: true }) minQuoteVolume?: number | null;
}

@ObjectType('FundingRate', { description: 'Current funding of a symbol; `fundingRate` is the upstream `lastFundingRate`.' })
export class FundingRateType {
  @Field(() => String) symbol!: string;
  @Field(() => String) fundingRate!: string;
  @Field(() => String) markPrice!: string;
  @Field(() => String) indexPrice!: string;
  @Field(() => GraphQLSafeInt) nextFundingTime!: number;
  @Field(() => GraphQLSafeInt) time!: number;
}

@ObjectType('FundingRateHistoryRow')
export class FundingRateHistoryRowType {
  @Field(() => String) symbol!: string;
  @Field(() => GraphQLSafeInt) fundingTime!: number;
  @Field(() => String) fundingRate!: string;
  @Field(() => String) markPrice!: string;
}

@ObjectType('LongShortRatioRow', { description: 'Account-weighted series carry longAccount/shortAccount; position-weighted ones longPosition/shortPosition.' })
export class LongShortRatioRowType {
  @Field(() => String) symbol!: string;
  @Field(() => String) longShortRatio!: string;
  @Field(() => String, { nullable: true }) longAccount?: string;
  @Field(() => String, { nullable: true }) shortAccount?: string;
  @Field(() => String, { nullable: true }) longPosition?: string;
  @Field(() => String, { nullable: true }) shortPosition?: string;
  @Field(() => GraphQLSafeInt) timestamp!: number;
}

@ObjectType('Ticker24h')
export class Ticker24hType {
  @Field(() => String) symbol!: string;
  @Field(() => String) priceChange!: string;
  @Field(() => String) priceChangePercent!: string;
  @Field(() => String) weightedAvgPrice!: string;
  @Field(() => String) lastPrice!: string;
  @Field(() => String) lastQty!: string;
  @Field(() => String) openPrice!: string;
  @Field(() => String) highPrice!: string;
  @Field(() => String) lowPrice!: string;
  @Field(() => String) volume!: string;
  @Field(() => String) quoteVolume!: string;
  @Field(() => GraphQLSafeInt) openTime!: number;
  @Field(() => GraphQLSafeInt) closeTime!: number;
  @Field(() => GraphQLSafeInt) firstId!: number;
  @Field(() => GraphQLSafeInt) lastId!: number;
  @Field(() => GraphQLSafeInt) count!: number;
}

@ObjectType('WhaleBoardRow')
export class WhaleBoardRowType {
  @Field(() => String) symbol!: string;
  @Field(() => String) quoteVolume!: string;
  @Field(() => String, { description: 'Latest 1h top-trader position long/short ratio.' }) whaleLongShort!: string;
  @Field(() => Float, { description: 'log10(quoteVolume) × |ln(whaleLongShort)|, rounded to 4 decimals.' }) score!: number;
}

@ObjectType('WhaleBoard')
export class WhaleBoardType {
  @Field(() => GraphQLSafeInt) generatedAt!: number;
  @Field(() => [WhaleBoardRowType], { description: 'Highest score first.' }) rows!: WhaleBoardRowType[];
}

@ObjectType('PremiumIndex')
export class PremiumIndexType {
  @Field(() => String) symbol!: string;
  @Field(() => String) markPrice!: string;
  @Field(() => String) indexPrice!: string;
  @Field(() => String) estimatedSettlePrice!: string;
  @Field(() => String) lastFundingRate!: string;
  @Field(() => String) interestRate!: string;
  @Field(() => GraphQLSafeInt) nextFundingTime!: number;
  @Field(() => GraphQLSafeInt) time!: number;
}

@ObjectType('DelistArticle')
export class DelistArticleType {
  @Field(() => GraphQLSafeInt) id!: number;
  @Field(() => String) code!: string;
  @Field(() => String) title!: string;
  @Field(() => GraphQLSafeInt) releaseDate!: number;
}

@ObjectType('DelistCatalog')
export class DelistCatalogType {
  @Field(() => Int) catalogId!: number;
  @Field(() => [DelistArticleType]) articles!: DelistArticleType[];
}

@ObjectType('DelistAnnouncements', { description: 'The upstream announcement list, page 1 of 50 of the delisting catalog (161).' })
export class DelistAnnouncementsType {
  @Field(() => String) code!: string;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => [DelistCatalogType]) catalogs!: DelistCatalogType[];
}

/**
 * The upstream's smart-money objects have no published schema; these are the
 * fields it sends. Counts are integers; quantities, prices and notionals are
 * given as strings, like every other decimal in this API.
 */
@ObjectType('SmartMoneyOverview', { description: 'Smart-money positioning of one symbol (upstream field names).' })
export class SmartMoneyOverviewType {
  @Field(() => String) symbol!: string;
  @Field(() => GraphQLSafeInt, { nullable: true }) updateTime?: number;
  @Field(() => String, { nullable: true }) totalPositions?: string;
  @Field(() => Int, { nullable: true }) totalTraders?: number;
  @Field(() => String, { nullable: true }) longShortRatio?: string;
  @Field(() => Int, { nullable: true }) longTraders?: number;
  @Field(() => String, { nullable: true }) longTradersQty?: string;
  @Field(() => String, { nullable: true }) longTradersAvgEntryPrice?: string;
  @Field(() => Int, { nullable: true }) shortTraders?: number;
  @Field(() => String, { nullable: true }) shortTradersQty?: string;
  @Field(() => String, { nullable: true }) shortTradersAvgEntryPrice?: string;
  @Field(() => Int, { nullable: true }) longWhales?: number;
  @Field(() => String, { nullable: true }) longWhalesQty?: string;
  @Field(() => String, { nullable: true }) longWhalesAvgEntryPrice?: string;
  @Field(() => Int, { nullable: true }) shortWhales?: number;
  @Field(() => String, { nullable: true }) shortWhalesQty?: string;
  @Field(() => String, { nullable: true }) shortWhalesAvgEntryPrice?: string;
  @Field(() => Int, { nullable: true }) longProfitTraders?: number;
  @Field(() => Int, { nullable: true }) shortProfitTraders?: number;
  @Field(() => Int, { nullable: true }) longProfitWhales?: number;
  @Field(() => Int, { nullable: true }) shortProfitWhales?: number;
}

@ObjectType('SmartMoneySignal', { description: 'One row of the ranked large-holder flow list (upstream field names).' })
export class SmartMoneySignalType {
  @Field(() => String) symbol!: string;
  @Field(() => String, { nullable: true }) timeRange?: string;
  @Field(() => String, { nullable: true, description: 'BUY or SELL.' }) side?: string;
  @Field(() => String, { nullable: true }) netNotional?: string;
  @Field(() => String, { nullable: true }) longNotional?: string;
  @Field(() => String, { nullable: true }) shortNotional?: string;
  @Field(() => Int, { nullable: true }) longTraders?: number;
  @Field(() => Int, { nullable: true }) longWhales?: number;
  @Field(() => Int, { nullable: true }) shortTraders?: number;
  @Field(() => Int, { nullable: true }) shortWhales?: number;
  @Field(() => String, { nullable: true }) longQty?: string;
  @Field(() => String, { nullable: true }) shortQty?: string;
  @Field(() => String, { nullable: true }) longAvgEntryPrice?: string;
  @Field(() => String, { nullable: true }) shortAvgEntryPrice?: string;
}

@ObjectType('MarkPrice', { description: 'Mark price, index price and funding of a symbol (contract §15), as the `markPrice` subscription yields it.' })
export class MarkPriceType extends FundingRateType {}

@ArgsType()
export class KlinesArgs {
  @Field(() => String) symbol!: string;
  @Field(() => String, { description: 'One of 1m, 3m, 5m, 15m, 30m, 1h, 2h, 4h, 6h, 8h, 12h, 1d, 3d, 1w, 1M.' }) interval!: string;
  @Field(() => Int, { nullable: true, description: 'Default 500, at most 1500.' }) limit?: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true }) startTime?: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true }) endTime?: number | null;
}

@ObjectType('Kline', { description: 'One candle, oldest first in a list; the last one may still be forming.' })
export class KlineType {
  @Field(() => GraphQLSafeInt) openTime!: number;
  @Field(() => String) open!: string;
  @Field(() => String) high!: string;
  @Field(() => String) low!: string;
  @Field(() => String) close!: string;
  @Field(() => String) volume!: string;
  @Field(() => GraphQLSafeInt) closeTime!: number;
}

@ObjectType('FormingKline', { description: 'The current candle of a symbol and interval, as the `kline` subscription yields it on each change.' })
export class FormingKlineType {
  @Field(() => GraphQLSafeInt) openTime!: number;
  @Field(() => String) open!: string;
  @Field(() => String) high!: string;
  @Field(() => String) low!: string;
  @Field(() => String) close!: string;
  @Field(() => String) volume!: string;
  @Field(() => Boolean, { description: 'True on the candle’s last update, when its interval has ended.' }) closed!: boolean;
}

@ObjectType('OpenInterest')
export class OpenInterestType {
  @Field(() => String) symbol!: string;
  @Field(() => String, { description: 'Open contracts, in the base asset.' }) openInterest!: string;
  @Field(() => GraphQLSafeInt) time!: number;
}

@ObjectType('SymbolFilter', { description: 'A trading rule of a symbol; which fields are set depends on `filterType`.' })
export class SymbolFilterType {
  @Field(() => String, { description: 'PRICE_FILTER, LOT_SIZE, MARKET_LOT_SIZE, MAX_NUM_ORDERS, MAX_NUM_ALGO_ORDERS, MIN_NOTIONAL, PERCENT_PRICE, ...' })
  filterType!: string;
  @Field(() => String, { nullable: true }) minPrice?: string;
  @Field(() => String, { nullable: true }) maxPrice?: string;
  @Field(() => String, { nullable: true }) tickSize?: string;
  @Field(() => String, { nullable: true }) minQty?: string;
  @Field(() => String, { nullable: true }) maxQty?: string;
  @Field(() => String, { nullable: true }) stepSize?: string;
  @Field(() => Int, { nullable: true }) limit?: number;
  @Field(() => String, { nullable: true }) notional?: string;
  @Field(() => String, { nullable: true }) multiplierUp?: string;
  @Field(() => String, { nullable: true }) multiplierDown?: string;
  @Field(() => String, { nullable: true }) multiplierDecimal?: string;
}

@ObjectType('ExchangeSymbol', { description: 'A futures contract the exchange lists, with its trading filters.' })
export class ExchangeSymbolType {
  @Field(() => String) symbol!: string;
  @Field(() => String, { nullable: true }) pair?: string;
  @Field(() => String, { description: 'PERPETUAL, CURRENT_QUARTER, ...' }) contractType!: string;
  @Field(() => String, { nullable: true, description: 'TRADING, SETTLING, ...' }) status?: string;
  @Field(() => String) baseAsset!: string;
  @Field(() => String) quoteAsset!: string;
  @Field(() => String, { nullable: true }) marginAsset?: string;
  @Field(() => Int) pricePrecision!: number;
  @Field(() => Int) quantityPrecision!: number;
  @Field(() => [SymbolFilterType]) filters!: SymbolFilterType[];
}
