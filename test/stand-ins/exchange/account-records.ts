import type Decimal from 'decimal.js';

/** An order the stand-in filled (or holds), as `GET /fapi/v1/order` answers it. */
export interface StandInOrder {
  orderId: number;
  clientOrderId: string;
  symbol: string;
  status: 'NEW' | 'FILLED';
  side: 'BUY' | 'SELL';
  type: string;
  origType: string;
  origQty: string;
  executedQty: string;
  avgPrice: string;
  cumQuote: string;
  reduceOnly: boolean;
  updateTime: number;
}

export interface AlgoOrder {
  algoId: number;
  clientAlgoId: string;
  algoType: 'CONDITIONAL';
  orderType: string;
  symbol: string;
  side: 'BUY' | 'SELL';
  triggerPrice: string;
  workingType: string;
  closePosition: boolean;
  reduceOnly: boolean;
  /** TRAILING_STOP_MARKET: the callback in percent, the order's quantity, and the best mark price since it was placed. */
  callbackRate: string;
  quantity: string;
  bestPrice: string;
  algoStatus: 'NEW' | 'FINISHED' | 'CANCELED' | 'EXPIRED';
  actualOrderId: string;
  actualPrice: string;
  createTime: number;
  updateTime: number;
}

export interface Trade {
  id: number;
  orderId: number;
  symbol: string;
  side: 'BUY' | 'SELL';
  price: string;
  qty: string;
  quoteQty: string;
  commission: string;
  commissionAsset: string;
  time: number;
}

/** One row of `GET /fapi/v1/income`, as the exchange answers it. */
export interface Income {
  symbol: string;
  incomeType: 'FUNDING_FEE';
  income: string;
  asset: string;
  info: string;
  time: number;
  tranId: number;
  tradeId: string;
}

/** What one account holds: orders by client id, positions (signed amounts), leverage, conditional orders, trades, income. */
export interface Account {
  secret: string;
  orders: Map<string, StandInOrder>;
  positions: Map<string, Decimal>;
  leverage: Map<string, number>;
  algoOrders: Map<string, AlgoOrder>;
  trades: Trade[];
  income: Income[];
}

/**
 * How the stream tells of a fill made outside the service: `both` in the
 * exchange's order (ACCOUNT_UPDATE, then ORDER_TRADE_UPDATE); `account-only`
 * when the order event is lost; `order-first` when the order event comes first.
 */
export type FillEvents = 'both' | 'account-only' | 'order-first';

export function newAccount(secret: string): Account {
  return { secret, orders: new Map(), positions: new Map(), leverage: new Map(), algoOrders: new Map(), trades: [], income: [] };
}

/** A conditional order as the Algo Order API answers it (the trailing stop's best price is the stand-in's own memory). */
export function algoView({ bestPrice: _bestPrice, callbackRate, ...algo }: AlgoOrder): object {
  return {
    ...algo,
    positionSide: 'BOTH',
    timeInForce: 'GTC',
    price: '0',
    icebergQuantity: null,
    selfTradePreventionMode: 'EXPIRE_MAKER',
    priceMatch: 'NONE',
    priceProtect: false,
    activatePrice: null,
    callbackRate: callbackRate === '' ? null : callbackRate,
    triggerTime: 0,
    goodTillDate: 0,
  };
}
