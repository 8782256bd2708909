import type { ListedContract } from './market-universe';

/**
 * The order filters of a listed contract, as exchange info publishes them
 * and as the stand-in's order endpoints enforce them: one definition, so
 * what the service reads is what the stand-in checks.
 */
export function contractFilters(listed: ListedContract) {
  const tick = (10 ** -listed.pricePrecision).toFixed(listed.pricePrecision);
  return {
    tickSize: tick,
    lot: { minQty: '0.001', maxQty: '1000', stepSize: '0.001' },
    marketLot: { minQty: '0.001', maxQty: '120', stepSize: '0.001' },
    minNotional: '5',
    list: [
      { filterType: 'PRICE_FILTER', minPrice: tick, maxPrice: '1000000', tickSize: tick },
      { filterType: 'LOT_SIZE', minQty: '0.001', maxQty: '1000', stepSize: '0.001' },
      { filterType: 'MARKET_LOT_SIZE', minQty: '0.001', maxQty: '120', stepSize: '0.001' },
      { filterType: 'MAX_NUM_ORDERS', limit: 200 },
      { filterType: 'MIN_NOTIONAL', notional: '5' },
      { filterType: 'PERCENT_PRICE', multiplierUp: '1.0500', multiplierDown: '0.9500', multiplierDecimal: '4' },
    ],
  };
}
