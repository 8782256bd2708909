import { z } from 'zod';

/**
 * The shapes of the exchange's answers that the gateway-made endpoints read,
 * checked once per upstream answer at the boundary (`UpstreamClient.validate`):
 * an answer of another shape is an upstream failure (502), never a cast.
 * Objects whose rows are answered as they came (tickers, smart-money data)
 * keep the fields the exchange adds; the others keep only what is read.
 */

const decimal = z.string();
const millis = z.number().int();

export const premiumIndexRows = z.array(
  z.object({
    symbol: z.string(),
    markPrice: decimal,
    indexPrice: decimal,
    lastFundingRate: decimal,
    nextFundingTime: millis,
    time: millis,
  }),
);

export const fundingHistoryRows = z.array(
  z.object({
    symbol: z.string(),
    fundingTime: millis,
    fundingRate: decimal,
    markPrice: decimal,
  }),
);

/** Both top-trader series name their sides `longAccount`/`shortAccount` (contract §3). */
export const ratioRows = z.array(
  z.object({
    symbol: z.string(),
    longShortRatio: decimal,
    longAccount: decimal,
    shortAccount: decimal,
    timestamp: millis,
  }),
);

export const tickerRows = z.array(
  z.looseObject({
    symbol: z.string(),
    priceChange: decimal,
    priceChangePercent: decimal,
    weightedAvgPrice: decimal,
    lastPrice: decimal,
    lastQty: decimal,
    openPrice: decimal,
    highPrice: decimal,
    lowPrice: decimal,
    volume: decimal,
    quoteVolume: decimal,
    openTime: millis,
    closeTime: millis,
    firstId: z.number().int(),
    lastId: z.number().int(),
    count: z.number().int(),
  }),
);

export type TickerRow = z.infer<typeof tickerRows>[number];

/** One filter of a symbol: `filterType` plus the filter's own fields, which differ per type. */
const symbolFilter = z.looseObject({ filterType: z.string() });

export const exchangeInfoSymbols = z.looseObject({
  symbols: z.array(
    z.looseObject({
      symbol: z.string(),
      pair: z.string().optional(),
      contractType: z.string(),
      status: z.string().optional(),
      baseAsset: z.string(),
      quoteAsset: z.string(),
      marginAsset: z.string().optional(),
      pricePrecision: z.number().int(),
      quantityPrecision: z.number().int(),
      filters: z.array(symbolFilter),
    }),
  ),
});

export type ExchangeSymbol = z.infer<typeof exchangeInfoSymbols>['symbols'][number];

/** The web host wraps its answers in `{"code":"000000","data":...}`. */
export const webEnvelope = <Data extends z.ZodType>(data: Data) => z.object({ code: z.unknown(), data: data.nullish() });

export const smartMoneyObject = z.record(z.string(), z.unknown());

/** `[openTime, open, high, low, close, volume, closeTime, quoteVolume, trades, takerBase, takerQuote, ignore]`. */
export const klineRows = z.array(z.tuple([millis, decimal, decimal, decimal, decimal, decimal, millis], z.unknown()));

export const openInterestReply = z.object({ symbol: z.string(), openInterest: decimal, time: millis });

/** `/futures/data/openInterestHist`: open interest per period. */
export const openInterestHistoryRows = z.array(
  z.looseObject({ symbol: z.string(), sumOpenInterest: decimal, sumOpenInterestValue: decimal, timestamp: millis }),
);

/** `/fapi/v1/fundingInfo`: the symbols whose funding cap, floor or interval was adjusted. */
export const fundingInfoRows = z.array(
  z.looseObject({
    symbol: z.string(),
    adjustedFundingRateCap: decimal,
    adjustedFundingRateFloor: decimal,
    fundingIntervalHours: z.number().int(),
  }),
);

export const serverTimeReply = z.object({ serverTime: millis });

/** `/fapi/v1/premiumIndex`: one object with `symbol`, an array of them without. */
const premiumIndexObject = z.looseObject({
  symbol: z.string(),
  markPrice: decimal,
  indexPrice: decimal,
  estimatedSettlePrice: decimal,
  lastFundingRate: decimal,
  interestRate: decimal,
  nextFundingTime: millis,
  time: millis,
});
export const premiumIndexReply = z.union([premiumIndexObject, z.array(premiumIndexObject)]);

/** The announcement list of the web host (spec "Delisting announcements"). */
export const delistReply = z.looseObject({
  code: z.string(),
  message: z.string().nullable(),
  data: z.looseObject({
    catalogs: z.array(
      z.looseObject({
        catalogId: z.number().int(),
        articles: z.array(z.looseObject({ id: z.number().int(), code: z.string(), title: z.string(), releaseDate: millis })),
      }),
    ),
  }),
});
