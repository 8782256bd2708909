import { between, seedOf } from './seeded-random';

/**
 * The contracts the stand-in exchange lists: USDT-quoted perpetuals across
 * volume tiers (majors far above the default filters, thin ones far below),
 * USDC-quoted perpetuals and a quarterly contract, so every filter of the
 * gateway has something to keep and something to drop.
 */

export interface ListedContract {
  symbol: string;
  pair: string;
  baseAsset: string;
  quoteAsset: 'USDT' | 'USDC';
  contractType: 'PERPETUAL' | 'CURRENT_QUARTER';
  basePrice: number;
  pricePrecision: number;
  quantityPrecision: number;
  /** 24h quote volume, a decimal string as the exchange sends it. */
  quoteVolume: string;
}

type Tier = 'major' | 'large' | 'mid' | 'small' | 'thin';

const QUOTE_VOLUME_RANGE: Record<Tier, [number, number]> = {
  major: [2e9, 9e9],
  large: [2e8, 9e8],
  mid: [6e7, 1.5e8],
  small: [5e6, 4e7],
  thin: [1e4, 9e5],
};

const USDT_PERPETUALS: [string, number, Tier][] = [
  ['BTC', 67_000, 'major'],
  ['ETH', 3_400, 'major'],
  ['SOL', 150, 'large'],
  ['BNB', 580, 'large'],
  ['XRP', 0.52, 'large'],
  ['DOGE', 0.12, 'large'],
  ['ADA', 0.45, 'mid'],
  ['AVAX', 27, 'mid'],
  ['LINK', 14, 'mid'],
  ['DOT', 6.2, 'mid'],
  ['LTC', 80, 'mid'],
  ['SUI', 1.1, 'mid'],
  ['TRX', 0.12, 'small'],
  ['NEAR', 5.1, 'small'],
  ['APT', 8.4, 'small'],
  ['ARB', 0.9, 'small'],
  ['OP', 1.8, 'small'],
  ['ATOM', 7.5, 'small'],
  ['FIL', 4.4, 'small'],
  ['INJ', 22, 'small'],
  ['TIA', 6.1, 'small'],
  ['SEI', 0.4, 'small'],
  ['RUNE', 4.2, 'small'],
  ['USDC', 1.0001, 'small'],
  ['1000PEPE', 0.0098, 'large'],
  ['KAVA', 0.38, 'thin'],
  ['ZIL', 0.018, 'thin'],
  ['BAND', 1.3, 'thin'],
  ['SKL', 0.04, 'thin'],
  ['CELR', 0.012, 'thin'],
];

const USDC_PERPETUALS: [string, number, Tier][] = [
  ['BTC', 67_010, 'major'],
  ['ETH', 3_401, 'large'],
  ['SOL', 150.1, 'mid'],
];

function decimalsFor(price: number): number {
  if (price >= 1000) return 1;
  if (price >= 10) return 2;
  if (price >= 1) return 3;
  if (price >= 0.1) return 4;
  return 6;
}

function contract(
  base: string,
  basePrice: number,
  tier: Tier,
  quoteAsset: 'USDT' | 'USDC',
  contractType: ListedContract['contractType'],
  suffix = '',
): ListedContract {
  const symbol = `${base}${quoteAsset}${suffix}`;
  const [low, high] = QUOTE_VOLUME_RANGE[tier];
  return {
    symbol,
    pair: `${base}${quoteAsset}`,
    baseAsset: base,
    quoteAsset,
    contractType,
    basePrice,
    pricePrecision: decimalsFor(basePrice),
    quantityPrecision: basePrice >= 1000 ? 3 : basePrice >= 1 ? 1 : 0,
    quoteVolume: between(seedOf(`${symbol}:quoteVolume`), 0, low, high).toFixed(2),
  };
}

export const CONTRACTS: readonly ListedContract[] = [
  ...USDT_PERPETUALS.map(([base, price, tier]) => contract(base, price, tier, 'USDT', 'PERPETUAL')),
  ...USDC_PERPETUALS.map(([base, price, tier]) => contract(base, price, tier, 'USDC', 'PERPETUAL')),
  contract('BTC', 67_400, 'large', 'USDT', 'CURRENT_QUARTER', '_261225'),
];

const BY_SYMBOL = new Map(CONTRACTS.map((listed) => [listed.symbol, listed]));

export function findContract(symbol: string | null): ListedContract | undefined {
  return symbol === null ? undefined : BY_SYMBOL.get(symbol);
}

export function formatPrice(listed: ListedContract, price: number): string {
  return price.toFixed(Math.max(listed.pricePrecision, 2));
}
