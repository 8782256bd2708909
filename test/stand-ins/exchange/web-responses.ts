import type { Handler, StandInAnswer } from './fapi-responses';
import { CONTRACTS, findContract, type ListedContract } from './market-universe';
import { between, seedOf } from './seeded-random';

/**
 * Answers of the exchange's web host: the announcement list (delistings are
 * catalog 161) and the smart-money pages' data, wrapped like the real ones in
 * `{"code":"000000","message":null,"data":...,"success":true}`. Smart-money
 * figures are JSON numbers there, unlike the futures host's decimal strings.
 */

export const DELIST_PATH = '/bapi/composite/v1/public/cms/article/list/query';
export const SMART_MONEY_OVERVIEW_PATH = '/bapi/futures/v1/public/future/smart-money/signal/overview';
export const SMART_MONEY_LIST_PATH = '/bapi/futures/v1/public/future/smart-money/signal/list';
const TIME_RANGES = ['30m', '1h', '24h', '7d'];
const DAY = 86_400_000;

const envelope = (data: unknown): StandInAnswer => ({
  status: 200,
  body: { code: '000000', message: null, messageDetail: null, data, success: true },
  weight: 0,
});
const illegal = (): StandInAnswer => ({
  status: 200,
  body: { code: '000002', message: 'illegal parameter', messageDetail: null, data: null, success: false },
  weight: 0,
});

const DELISTED_BASES = ['ZIL', 'BAND', 'SKL', 'CELR', 'KAVA', 'OMG', 'WAVES', 'STMX', 'REEF', 'BLZ', 'SC', 'DGB'];

function delistings(query: URLSearchParams, now: number): StandInAnswer {
  if (query.get('type') !== '1' || !query.get('catalogId') || !query.get('pageNo') || !query.get('pageSize')) return illegal();
  const pageSize = Number(query.get('pageSize'));
  const catalogId = Number(query.get('catalogId'));
  const firstRelease = now - (now % DAY) - DAY;
  const articles = DELISTED_BASES.slice(0, pageSize).map((base, index) => ({
    id: 210000 + index,
    code: seedOf(`delist:${base}`).toString(16).padStart(8, '0') + 'a1b2c3d4e5f60718',
    title: `Binance Futures Will Delist USDⓈ-M ${base}USDT Perpetual Contract`,
    type: 1,
    releaseDate: firstRelease - index * 3 * DAY,
  }));
  return envelope({
    catalogs: [
      {
        catalogId,
        parentCatalogId: null,
        icon: 'https://example.invalid/icon.png',
        catalogName: 'Delisting',
        description: null,
        catalogType: 1,
        total: articles.length,
        articles,
        catalogs: [],
      },
    ],
  });
}

function overview(listed: ListedContract, now: number) {
  const seed = seedOf(`${listed.symbol}:smart-money:${Math.floor(now / 60_000)}`);
  const longTraders = Math.floor(between(seed, 1, 50, 900));
  const shortTraders = Math.floor(between(seed, 2, 50, 900));
  const longWhales = Math.floor(longTraders * between(seed, 3, 0.05, 0.3));
  const shortWhales = Math.floor(shortTraders * between(seed, 4, 0.05, 0.3));
  const longTradersQty = Number(between(seed, 5, 100, 5000).toFixed(3));
  const shortTradersQty = Number(between(seed, 6, 100, 5000).toFixed(3));
  const price = (offset: number) => Number((listed.basePrice * between(seed, offset, 0.95, 1.05)).toFixed(listed.pricePrecision));
  return {
    symbol: listed.symbol,
    updateTime: now - (now % DAY),
    totalPositions: Number(((longTradersQty + shortTradersQty) * listed.basePrice).toFixed(2)),
    totalTraders: longTraders + shortTraders,
    longShortRatio: Number((longTradersQty / shortTradersQty).toFixed(4)),
    longTraders,
    longTradersQty,
    longTradersAvgEntryPrice: price(7),
    shortTraders,
    shortTradersQty,
    shortTradersAvgEntryPrice: price(8),
    longWhales,
    longWhalesQty: Number((longTradersQty * 0.6).toFixed(3)),
    longWhalesAvgEntryPrice: price(9),
    shortWhales,
    shortWhalesQty: Number((shortTradersQty * 0.6).toFixed(3)),
    shortWhalesAvgEntryPrice: price(10),
    longProfitTraders: Math.floor(longTraders * 0.55),
    shortProfitTraders: Math.floor(shortTraders * 0.45),
    longProfitWhales: Math.floor(longWhales * 0.6),
    shortProfitWhales: Math.floor(shortWhales * 0.4),
  };
}

function signalRow(listed: ListedContract, timeRange: string) {
  const seed = seedOf(`${listed.symbol}:signal:${timeRange}`);
  const longQty = Number(between(seed, 1, 10, 4000).toFixed(3));
  const shortQty = Number(between(seed, 2, 10, 4000).toFixed(3));
  const longAvgEntryPrice = Number((listed.basePrice * between(seed, 3, 0.97, 1.03)).toFixed(listed.pricePrecision));
  const shortAvgEntryPrice = Number((listed.basePrice * between(seed, 4, 0.97, 1.03)).toFixed(listed.pricePrecision));
  const longNotional = Number((longQty * longAvgEntryPrice).toFixed(2));
  const shortNotional = Number((shortQty * shortAvgEntryPrice).toFixed(2));
  const netNotional = Number((longNotional - shortNotional).toFixed(2));
  const longTraders = Math.floor(between(seed, 5, 10, 500));
  const shortTraders = Math.floor(between(seed, 6, 10, 500));
  return {
    timeRange,
    symbol: listed.symbol,
    side: netNotional >= 0 ? 'BUY' : 'SELL',
    netNotional,
    longNotional,
    shortNotional,
    longTraders,
    longWhales: Math.floor(longTraders * 0.2),
    shortTraders,
    shortWhales: Math.floor(shortTraders * 0.2),
    longQty,
    shortQty,
    longAvgEntryPrice,
    shortAvgEntryPrice,
  };
}

export const WEB_ROUTES: Record<string, Handler> = {
  [DELIST_PATH]: delistings,
  [SMART_MONEY_OVERVIEW_PATH]: (query, now) => {
    if (!query.get('symbol')) return illegal();
    const listed = findContract(query.get('symbol'));
    return envelope(listed ? overview(listed, now) : null);
  },
  [SMART_MONEY_LIST_PATH]: (query) => {
    const timeRange = query.get('timeRange');
    if (!timeRange || !TIME_RANGES.includes(timeRange)) return illegal();
    const rows = CONTRACTS.filter((listed) => listed.contractType === 'PERPETUAL' && listed.quoteAsset === 'USDT')
      .slice(0, 20)
      .map((listed) => signalRow(listed, timeRange))
      .sort((a, b) => Math.abs(b.netNotional) - Math.abs(a.netNotional));
    return envelope(rows);
  },
};
