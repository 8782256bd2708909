import Decimal from 'decimal.js';
import type { Account, AlgoOrder } from './account-records';
import { contractFilters } from './contract-filters';
import { findContract } from './market-universe';

/** The exchange's refusal of an order request: 400 with its own code and message. */
export interface Refusal {
  code: number;
  msg: string;
}

/** A market order request that passed the checks. */
export interface CheckedOrder {
  symbol: string;
  side: 'BUY' | 'SELL';
  type: string;
  quantity: Decimal;
  reduceOnly: boolean;
  clientOrderId: string;
}

/** A conditional order request that passed the checks: what the order it places takes from the request. */
export type CheckedAlgoOrder = Pick<
  AlgoOrder,
  'clientAlgoId' | 'orderType' | 'symbol' | 'side' | 'triggerPrice' | 'workingType' | 'closePosition' | 'reduceOnly' | 'callbackRate' | 'quantity'
>;

const CONDITIONAL_TYPES = ['STOP', 'STOP_MARKET', 'TAKE_PROFIT', 'TAKE_PROFIT_MARKET', 'TRAILING_STOP_MARKET'];
const DECIMAL = /^\d+(\.\d+)?$/;

const malformed = (name: string): Refusal => ({ code: -1102, msg: `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.` });

/** Whether a reduce-only order on `side` would shrink the account's position on `symbol`. */
function reduces(account: Account, symbol: string, side: 'BUY' | 'SELL'): boolean {
  const amount = account.positions.get(symbol) ?? new Decimal(0);
  return side === 'SELL' ? amount.gt(0) : amount.lt(0);
}

/**
 * `POST /fapi/v1/order`, as strict as the exchange: conditional types belong
 * to the Algo Order API (-4120); client order ids are unique; the quantity
 * sits on the symbol's step and within its bounds, and reaches
 * `MIN_NOTIONAL` at `priceOf` unless reduce-only; a reduce-only order must
 * shrink the position. `autoClientOrderId` names an order sent without one.
 */
export function checkOrder(
  account: Account,
  params: URLSearchParams,
  priceOf: (symbol: string) => Decimal,
  autoClientOrderId: string,
): { refusal: Refusal } | { order: CheckedOrder } {
  const symbol = params.get('symbol');
  const side = params.get('side');
  const type = params.get('type');
  if (!symbol || !side || !type) return { refusal: { code: -1102, msg: 'Mandatory parameter was not sent.' } };
  if (CONDITIONAL_TYPES.includes(type)) {
    return { refusal: { code: -4120, msg: 'Order type not supported for this endpoint. Please use the Algo Order API endpoints instead.' } };
  }
  const listed = findContract(symbol);
  if (!listed) return { refusal: { code: -1121, msg: 'Invalid symbol.' } };
  if (side !== 'BUY' && side !== 'SELL') return { refusal: { code: -1117, msg: 'Invalid side.' } };
  const clientOrderId = params.get('newClientOrderId') ?? autoClientOrderId;
  if (!/^[.A-Z:/a-z0-9_-]{1,36}$/.test(clientOrderId)) return { refusal: { code: -4015, msg: 'Client order id is not valid.' } };
  if (account.orders.has(clientOrderId)) return { refusal: { code: -4015, msg: 'Client order id is not valid: it was used before.' } };
  const text = params.get('quantity') ?? '';
  if (!DECIMAL.test(text)) return { refusal: malformed('quantity') };
  const quantity = new Decimal(text);
  const filters = contractFilters(listed);
  const lot = type === 'MARKET' ? filters.marketLot : filters.lot;
  if (!quantity.mod(lot.stepSize).isZero()) return { refusal: { code: -1111, msg: 'Precision is over the maximum defined for this asset.' } };
  if (quantity.lte(0)) return { refusal: { code: -4003, msg: 'Quantity less than or equal to zero.' } };
  if (quantity.lt(lot.minQty)) return { refusal: { code: -4004, msg: 'Quantity less than min quantity.' } };
  if (quantity.gt(lot.maxQty)) return { refusal: { code: -4005, msg: 'Quantity greater than max quantity.' } };
  const reduceOnly = params.get('reduceOnly') === 'true';
  if (!reduceOnly && quantity.mul(priceOf(symbol)).lt(filters.minNotional)) {
    return { refusal: { code: -4164, msg: `Order's notional must be no smaller than ${filters.minNotional} (unless you choose reduce only).` } };
  }
  if (reduceOnly && !reduces(account, symbol, side)) return { refusal: { code: -2022, msg: 'ReduceOnly Order is rejected.' } };
  return { order: { symbol, side, type, quantity, reduceOnly, clientOrderId } };
}

/**
 * `POST /fapi/v1/algoOrder` with `algoType=CONDITIONAL`: a stop or
 * take-profit needs a trigger on the symbol's tick; the exchange's trailing
 * stop takes a callback in percent (0.1-10, steps of 0.1) and a quantity on
 * the market lot's step instead, and no closePosition. Client algo ids are
 * unique; `autoClientAlgoId` names an order sent without one.
 */
export function checkAlgoOrder(account: Account, params: URLSearchParams, autoClientAlgoId: string): { refusal: Refusal } | { order: CheckedAlgoOrder } {
  const symbol = params.get('symbol') ?? '';
  const side = params.get('side');
  const type = params.get('type') ?? '';
  const listed = findContract(symbol);
  if (params.get('algoType') !== 'CONDITIONAL') return { refusal: { code: -1116, msg: 'Invalid algoType.' } };
  if (!listed) return { refusal: { code: -1121, msg: 'Invalid symbol.' } };
  if (side !== 'BUY' && side !== 'SELL') return { refusal: { code: -1117, msg: 'Invalid side.' } };
  if (!CONDITIONAL_TYPES.includes(type)) return { refusal: { code: -1116, msg: 'Invalid orderType.' } };
  const filters = contractFilters(listed);
  const closePosition = params.get('closePosition') === 'true';
  const reduceOnly = params.get('reduceOnly') === 'true';
  if (closePosition && params.has('reduceOnly')) return { refusal: { code: -1106, msg: "Parameter 'reduceOnly' sent when not required." } };
  // a trailing stop has no trigger of its own: the exchange answers it as 0
  let triggerPrice = '0';
  let quantity = '';
  let callbackRate = '';
  if (type === 'TRAILING_STOP_MARKET') {
    if (closePosition) return { refusal: { code: -1106, msg: "Parameter 'closePosition' sent when not required." } };
    callbackRate = params.get('callbackRate') ?? '';
    if (!DECIMAL.test(callbackRate)) return { refusal: malformed('callbackRate') };
    const rate = new Decimal(callbackRate);
    if (rate.lt('0.1') || rate.gt(10) || !rate.mod('0.1').isZero()) return { refusal: { code: -4071, msg: 'Invalid callback rate.' } };
    quantity = params.get('quantity') ?? '';
    if (!DECIMAL.test(quantity)) return { refusal: malformed('quantity') };
    if (!new Decimal(quantity).mod(filters.marketLot.stepSize).isZero()) {
      return { refusal: { code: -1111, msg: 'Precision is over the maximum defined for this asset.' } };
    }
    if (new Decimal(quantity).lt(filters.marketLot.minQty)) return { refusal: { code: -4004, msg: 'Quantity less than min quantity.' } };
    if (reduceOnly && !reduces(account, symbol, side)) return { refusal: { code: -2022, msg: 'ReduceOnly Order is rejected.' } };
  } else {
    triggerPrice = params.get('triggerPrice') ?? '';
    if (!DECIMAL.test(triggerPrice)) return { refusal: malformed('triggerPrice') };
    if (!new Decimal(triggerPrice).mod(filters.tickSize).isZero()) return { refusal: { code: -4014, msg: 'Price not increased by tick size.' } };
  }
  const clientAlgoId = params.get('clientAlgoId') ?? autoClientAlgoId;
  if (account.algoOrders.has(clientAlgoId)) return { refusal: { code: -4015, msg: 'Client order id is not valid: it was used before.' } };
  const workingType = params.get('workingType') ?? 'CONTRACT_PRICE';
  return { order: { clientAlgoId, orderType: type, symbol, side, triggerPrice, workingType, closePosition, reduceOnly, callbackRate, quantity } };
}
