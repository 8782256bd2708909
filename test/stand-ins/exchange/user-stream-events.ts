import type Decimal from 'decimal.js';
import type { FillEvents, StandInOrder, Trade } from './account-records';

/**
 * The user data stream events of a fill, in the exchange's formats: the
 * position (ACCOUNT_UPDATE with the account's USDT `balance` and the
 * `position` after the fill) first, then the order (ORDER_TRADE_UPDATE),
 * unless `events` says otherwise.
 */
export function fillEvents(order: StandInOrder, trade: Trade, position: Decimal, balance: string, closePosition: boolean, events: FillEvents): object[] {
  const time = order.updateTime;
  const accountUpdate = {
    e: 'ACCOUNT_UPDATE',
    E: time,
    T: time,
    a: {
      m: 'ORDER',
      B: [{ a: 'USDT', wb: balance, cw: balance, bc: '0' }],
      P: [{ s: order.symbol, pa: position.toFixed(), ep: position.isZero() ? '0' : order.avgPrice, cr: '0', up: '0', mt: 'cross', iw: '0', ps: 'BOTH' }],
    },
  };
  const orderUpdate = {
    e: 'ORDER_TRADE_UPDATE',
    E: time,
    T: time,
    o: {
      s: order.symbol,
      c: order.clientOrderId,
      S: order.side,
      o: order.type,
      f: 'GTC',
      q: order.origQty,
      p: '0',
      ap: order.avgPrice,
      sp: '0',
      x: 'TRADE',
      X: 'FILLED',
      i: order.orderId,
      l: order.executedQty,
      z: order.executedQty,
      L: order.avgPrice,
      N: trade.commissionAsset,
      n: trade.commission,
      T: time,
      t: trade.id,
      b: '0',
      a: '0',
      m: false,
      R: order.reduceOnly,
      wt: 'CONTRACT_PRICE',
      ot: order.origType,
      ps: 'BOTH',
      cp: closePosition,
      rp: '0',
      pP: false,
      si: 0,
      ss: 0,
      V: 'NONE',
      pm: 'NONE',
      gtd: 0,
    },
  };
  return events === 'account-only' ? [accountUpdate] : events === 'order-first' ? [orderUpdate, accountUpdate] : [accountUpdate, orderUpdate];
}

/** A cross-margin account's funding payment: an ACCOUNT_UPDATE with reason `FUNDING_FEE` carrying only the balance change. */
export function fundingFeeEvent(time: number, balance: string, change: string): object {
  return { e: 'ACCOUNT_UPDATE', E: time, T: time, a: { m: 'FUNDING_FEE', B: [{ a: 'USDT', wb: balance, cw: balance, bc: change }], P: [] } };
}
