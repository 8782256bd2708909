/**
 * The intrabar exit rule of contract §7, shared by the backtest and the live
 * strategy runtime: the stop (stop-loss, or liquidation in the backtest) is
 * checked before the take-profit; a bar opening beyond the stop fills at its
 * open. Numbers in, a code out, so the backtest's bar loop allocates nothing.
 */
export const NO_EXIT = 0;
/** The bar opened beyond the stop: filled at the open. */
export const STOP_AT_OPEN = 1;
/** The bar reached the stop: filled at the stop. */
export const STOP = 2;
/** The bar reached the take-profit: a resting limit order, filled at its own price. */
export const TAKE_PROFIT = 3;

export type ProtectiveExit = typeof NO_EXIT | typeof STOP_AT_OPEN | typeof STOP | typeof TAKE_PROFIT;

/**
 * `direction` 1 long, -1 short; `stop` and `takeProfit` are price levels
 * (use `-direction * Infinity` and `direction * Infinity` for none).
 */
export function protectiveExit(direction: 1 | -1, stop: number, takeProfit: number, open: number, high: number, low: number): ProtectiveExit {
  if (direction * (open - stop) <= 0) return STOP_AT_OPEN;
  if (direction * ((direction === 1 ? low : high) - stop) <= 0) return STOP;
  if (direction * ((direction === 1 ? high : low) - takeProfit) >= 0) return TAKE_PROFIT;
  return NO_EXIT;
}

/** The stop-loss and take-profit levels of a position entered at `entryPrice`; NaN fractions mean none. */
export function protectiveLevels(direction: 1 | -1, entryPrice: number, stopLoss: number, takeProfit: number): { stop: number; takeProfit: number } {
  return {
    stop: Number.isNaN(stopLoss) ? -direction * Infinity : entryPrice * (1 - direction * stopLoss),
    takeProfit: Number.isNaN(takeProfit) ? direction * Infinity : entryPrice * (1 + direction * takeProfit),
  };
}
