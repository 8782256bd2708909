import { intervalMs, isInterval, klines, priceAt } from './kline-walk';
import { CONTRACTS, findContract, formatPrice, type ListedContract } from './market-universe';
import { between, seedOf } from './seeded-random';
import { contractFilters } from './contract-filters';

/**
 * Answers of the exchange's futures host (`/fapi/...`, `/futures/data/...`),
 * shaped like the real ones: decimal strings, integer millisecond times,
 * `{"code","msg"}` errors with status 400.
 */

export interface StandInAnswer {
  status: number;
  body: unknown;
  /** The request weight the exchange charges for this call. */
  weight: number;
}

export type Handler = (query: URLSearchParams, now: number) => StandInAnswer;

const HOUR = 3_600_000;
export const FUNDING_INTERVAL = 8 * HOUR;
export const RATIO_PERIODS = ['5m', '15m', '30m', '1h', '2h', '4h', '6h', '12h', '1d'];

const ok = (body: unknown, weight = 1): StandInAnswer => ({ status: 200, body, weight });
export const exchangeError = (code: number, msg: string): StandInAnswer => ({ status: 400, body: { code, msg }, weight: 1 });
const invalidSymbol = () => exchangeError(-1121, 'Invalid symbol.');
const missing = (name: string) => exchangeError(-1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
const invalidValue = (name: string) => exchangeError(-1130, `Data sent for parameter '${name}' is not valid.`);

function integer(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  return value === null || value === '' ? undefined : Number(value);
}

function limitOf(query: URLSearchParams, fallback: number, max: number): number | StandInAnswer {
  const limit = integer(query, 'limit') ?? fallback;
  return Number.isInteger(limit) && limit >= 1 && limit <= max ? limit : invalidValue('limit');
}

/** The latest 8-hourly funding time at or before `now`. */
export function lastFundingTime(now: number): number {
  return now - (now % FUNDING_INTERVAL);
}

export function fundingRateAt(listed: ListedContract, time: number): string {
  return between(seedOf(`${listed.symbol}:funding`), time / FUNDING_INTERVAL, -0.0003, 0.0008).toFixed(8);
}

/** The mark price stays within 0.02 % of the last price (the walk's), moving each second as the exchange's does. */
function markPriceAt(listed: ListedContract, time: number): string {
  return formatPrice(listed, priceAt(listed, time) * between(seedOf(`${listed.symbol}:mark`), Math.floor(time / 1000), 0.9998, 1.0002));
}

/**
 * Mark prices at funding times, kept once computed: a history of every symbol
 * reads thousands of points of the price walk (about a second), and clients
 * ask for the same 8-hourly instants again and again.
 */
const fundingMarkPrices = new Map<string, string>();

export function fundingMarkPrice(listed: ListedContract, time: number): string {
  const key = `${listed.symbol}:${time}`;
  let price = fundingMarkPrices.get(key);
  if (price === undefined) {
    price = markPriceAt(listed, time);
    fundingMarkPrices.set(key, price);
  }
  return price;
}

export function premiumIndexRow(listed: ListedContract, now: number) {
  const perpetual = listed.contractType === 'PERPETUAL';
  return {
    symbol: listed.symbol,
    markPrice: markPriceAt(listed, now),
    indexPrice: formatPrice(listed, priceAt(listed, now)),
    estimatedSettlePrice: formatPrice(listed, priceAt(listed, now) * 1.0001),
    lastFundingRate: perpetual ? fundingRateAt(listed, lastFundingTime(now)) : '',
    interestRate: perpetual ? '0.00010000' : '',
    nextFundingTime: perpetual ? lastFundingTime(now) + FUNDING_INTERVAL : 0,
    time: now,
  };
}

function tickerRow(listed: ListedContract, now: number) {
  const seed = seedOf(`${listed.symbol}:ticker`);
  const open = priceAt(listed, now - 24 * HOUR);
  const last = priceAt(listed, now);
  const volume = Number(listed.quoteVolume) / last;
  const firstId = Math.floor(between(seed, 2, 1e8, 5e9));
  const count = Math.floor(between(seed, 3, 1e3, 5e6));
  return {
    symbol: listed.symbol,
    priceChange: formatPrice(listed, last - open),
    priceChangePercent: (((last - open) / open) * 100).toFixed(3),
    weightedAvgPrice: formatPrice(listed, (open + last) / 2),
    lastPrice: formatPrice(listed, last),
    lastQty: between(seed, 4, 0.001, 50).toFixed(listed.quantityPrecision),
    openPrice: formatPrice(listed, open),
    highPrice: formatPrice(listed, Math.max(open, last) * 1.01),
    lowPrice: formatPrice(listed, Math.min(open, last) * 0.99),
    volume: volume.toFixed(listed.quantityPrecision),
    quoteVolume: listed.quoteVolume,
    openTime: now - 24 * HOUR,
    closeTime: now,
    firstId,
    lastId: firstId + count - 1,
    count,
  };
}

function oneOrAll<Row>(query: URLSearchParams, row: (listed: ListedContract) => Row, weightForAll: number): StandInAnswer {
  if (!query.has('symbol')) return ok(CONTRACTS.map(row), weightForAll);
  const listed = findContract(query.get('symbol'));
  return listed ? ok(row(listed)) : invalidSymbol();
}

function fundingHistory(query: URLSearchParams, now: number): StandInAnswer {
  const limit = limitOf(query, 100, 1000);
  if (typeof limit !== 'number') return limit;
  const symbol = query.get('symbol');
  const listed = symbol === null ? CONTRACTS.filter((each) => each.contractType === 'PERPETUAL') : [findContract(symbol)].filter((each) => each !== undefined);
  const endTime = Math.min(integer(query, 'endTime') ?? now, now);
  const startTime = integer(query, 'startTime');
  const times: number[] = [];
  if (startTime === undefined) {
    for (let time = lastFundingTime(endTime); times.length < limit; time -= FUNDING_INTERVAL) times.unshift(time);
  } else {
    for (
      let time = startTime + ((FUNDING_INTERVAL - (startTime % FUNDING_INTERVAL)) % FUNDING_INTERVAL);
      time <= endTime && times.length < limit;
      time += FUNDING_INTERVAL
    ) {
      times.push(time);
    }
  }
  const rows = times.flatMap((time) =>
    listed.map((each) => ({ symbol: each.symbol, fundingTime: time, fundingRate: fundingRateAt(each, time), markPrice: fundingMarkPrice(each, time) })),
  );
  return ok(rows.slice(-limit));
}

/** Series of the `/futures/data` paths: the last `limit` periods up to `endTime`, oldest first. */
function periodSeries<Row>(query: URLSearchParams, now: number, row: (listed: ListedContract, timestamp: number, period: string) => Row): StandInAnswer {
  const listed = findContract(query.get('symbol'));
  if (!query.get('symbol')) return missing('symbol');
  if (!listed) return invalidSymbol();
  const period = query.get('period');
  if (!period) return missing('period');
  if (!RATIO_PERIODS.includes(period)) return invalidValue('period');
  const limit = limitOf(query, 30, 500);
  if (typeof limit !== 'number') return limit;
  const length = intervalMs(period);
  const endTime = Math.min(integer(query, 'endTime') ?? now, now);
  const startTime = integer(query, 'startTime') ?? -Infinity;
  const rows: Row[] = [];
  for (let timestamp = endTime - (endTime % length); rows.length < limit && timestamp >= startTime; timestamp -= length) {
    rows.unshift(row(listed, timestamp, period));
  }
  return ok(rows, 0);
}

function ratioRow(series: string) {
  return (listed: ListedContract, timestamp: number, period: string) => {
    const long = between(seedOf(`${listed.symbol}:${series}:${period}`), timestamp / 60_000, 0.3, 0.75);
    const longAccount = long.toFixed(4);
    const shortAccount = (1 - Number(longAccount)).toFixed(4);
    return {
      symbol: listed.symbol,
      longShortRatio: (Number(longAccount) / Number(shortAccount)).toFixed(4),
      longAccount,
      shortAccount,
      timestamp,
    };
  };
}

function exchangeInfo(now: number): StandInAnswer {
  return ok(
    {
      timezone: 'UTC',
      serverTime: now,
      futuresType: 'U_MARGINED',
      rateLimits: [
        { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 2400 },
        { rateLimitType: 'ORDERS', interval: 'MINUTE', intervalNum: 1, limit: 1200 },
        { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 300 },
      ],
      exchangeFilters: [],
      assets: [
        { asset: 'USDT', marginAvailable: true, autoAssetExchange: '-10000' },
        { asset: 'USDC', marginAvailable: true, autoAssetExchange: '-10000' },
        { asset: 'BTC', marginAvailable: true, autoAssetExchange: '-0.00100000' },
      ],
      symbols: CONTRACTS.map((listed) => ({
        symbol: listed.symbol,
        pair: listed.pair,
        contractType: listed.contractType,
        deliveryDate: listed.contractType === 'PERPETUAL' ? 4133404800000 : Date.UTC(2026, 11, 25, 8),
        onboardDate: 1569398400000,
        status: 'TRADING',
        maintMarginPercent: '2.5000',
        requiredMarginPercent: '5.0000',
        baseAsset: listed.baseAsset,
        quoteAsset: listed.quoteAsset,
        marginAsset: listed.quoteAsset,
        pricePrecision: listed.pricePrecision,
        quantityPrecision: listed.quantityPrecision,
        baseAssetPrecision: 8,
        quotePrecision: 8,
        underlyingType: 'COIN',
        underlyingSubType: [],
        triggerProtect: '0.0500',
        liquidationFee: '0.012500',
        marketTakeBound: '0.05',
        maxMoveOrderLimit: 10000,
        filters: contractFilters(listed).list,
        orderTypes: ['LIMIT', 'MARKET', 'STOP', 'STOP_MARKET', 'TAKE_PROFIT', 'TAKE_PROFIT_MARKET', 'TRAILING_STOP_MARKET'],
        timeInForce: ['GTC', 'IOC', 'FOK', 'GTX', 'GTD'],
      })),
    },
    1,
  );
}

function klineAnswer(query: URLSearchParams, now: number): StandInAnswer {
  if (!query.get('symbol')) return missing('symbol');
  const listed = findContract(query.get('symbol'));
  if (!listed) return invalidSymbol();
  const interval = query.get('interval');
  if (!interval) return missing('interval');
  if (!isInterval(interval)) return invalidValue('interval');
  const limit = limitOf(query, 500, 1500);
  if (typeof limit !== 'number') return limit;
  const weight = limit < 100 ? 1 : limit < 500 ? 2 : limit <= 1000 ? 5 : 10;
  return ok(klines(listed, interval, { startTime: integer(query, 'startTime'), endTime: integer(query, 'endTime'), limit }, now), weight);
}

export const FAPI_ROUTES: Record<string, Handler> = {
  '/fapi/v1/time': (_query, now) => ok({ serverTime: now }),
  '/fapi/v1/exchangeInfo': (_query, now) => exchangeInfo(now),
  '/fapi/v1/ticker/24hr': (query, now) => oneOrAll(query, (listed) => tickerRow(listed, now), 40),
  '/fapi/v1/premiumIndex': (query, now) => oneOrAll(query, (listed) => premiumIndexRow(listed, now), 10),
  '/fapi/v1/fundingRate': fundingHistory,
  '/fapi/v1/fundingInfo': () =>
    ok(
      CONTRACTS.filter((listed) => listed.contractType === 'PERPETUAL').map((listed) => ({
        symbol: listed.symbol,
        adjustedFundingRateCap: '0.02000000',
        adjustedFundingRateFloor: '-0.02000000',
        fundingIntervalHours: 8,
        disclaimer: false,
      })),
    ),
  '/fapi/v1/openInterest': (query, now) => {
    const listed = findContract(query.get('symbol'));
    if (!listed) return query.get('symbol') ? invalidSymbol() : missing('symbol');
    return ok({ openInterest: (Number(listed.quoteVolume) / listed.basePrice / 3).toFixed(3), symbol: listed.symbol, time: now });
  },
  '/fapi/v1/klines': klineAnswer,
  '/futures/data/topLongShortPositionRatio': (query, now) => periodSeries(query, now, ratioRow('topPosition')),
  '/futures/data/topLongShortAccountRatio': (query, now) => periodSeries(query, now, ratioRow('topAccount')),
  '/futures/data/globalLongShortAccountRatio': (query, now) => periodSeries(query, now, ratioRow('global')),
  '/futures/data/openInterestHist': (query, now) =>
    periodSeries(query, now, (listed, timestamp) => {
      const amount = (Number(listed.quoteVolume) / listed.basePrice / 3) * between(seedOf(`${listed.symbol}:oi`), timestamp / 60_000, 0.9, 1.1);
      return { symbol: listed.symbol, sumOpenInterest: amount.toFixed(8), sumOpenInterestValue: (amount * listed.basePrice).toFixed(8), timestamp };
    }),
};
