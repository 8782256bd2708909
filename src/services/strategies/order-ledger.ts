import Decimal from 'decimal.js';
import type { OrderPurpose, StrategyOrder } from '../../entities/strategy-order.entity';
import type { StrategyPosition } from '../../entities/strategy-position.entity';
import type { Strategy } from '../../entities/strategy.entity';
import { SIGNED_REQUEST_LIFETIME_MS, type ExchangeCredentials, type ExchangeTradingClient } from '../../upstream/exchange-trading-client';
import type { StrategyStore } from './strategies.store';
import type { NewOrder } from './strategy-queries.store';

/** An order whose outcome the exchange cannot tell yet (its request may still arrive): nothing else is sent for the strategy until it can. */
export class OrderPending extends Error {}

/** Whether the (locked) strategy may still place orders: the runtime's worker still owns the same run. */
export type OrderGuard = (strategy: Strategy) => boolean;

/** The fields every order that closes (part of) `position` carries: the side opposite to the position's, tied to it. */
export function closingOrder(position: StrategyPosition, purpose: OrderPurpose): NewOrder {
  return {
    strategyId: position.strategyId,
    symbol: position.symbol,
    purpose,
    side: position.side === 'long' ? 'SELL' : 'BUY',
    positionSide: position.side,
    positionId: position.id,
  };
}

/** A request not found this long after it was signed can never be carried out: the exchange refuses it once `recvWindow` has passed. */
const NEVER_ARRIVES_AFTER_MS = SIGNED_REQUEST_LIFETIME_MS + 2_000;

/**
 * The record of a strategy's live orders (contract §12): an intent is
 * committed before its exchange call, each outcome in a transaction of its
 * own under the order's row lock, so two processes settling one order apply
 * its outcome once.
 */
export class OrderLedger {
  constructor(
    private readonly store: StrategyStore,
    private readonly exchange: ExchangeTradingClient,
  ) {}

  /**
   * Records the intent in its own transaction, unless the guard says the
   * strategy may no longer trade. A market order while another one's outcome
   * is unknown is OrderPending: the runtime and a manual close (maybe in
   * another process) meet here under the strategy's row lock, so one signal
   * and one close never send two orders for one position.
   */
  intend(fields: NewOrder, guard: OrderGuard): Promise<StrategyOrder | null> {
    return this.store.transaction(async (tx) => {
      const strategy = await tx.lockStrategy(fields.strategyId);
      if (!strategy || !guard(strategy)) return null;
      const market = fields.purpose === 'entry' || fields.purpose === 'exit';
      if (market && (await tx.marketOrderInFlight(fields.strategyId))) throw new OrderPending('another order of the strategy is in flight');
      return tx.insertOrder(fields);
    });
  }

  /** Sets an outcome other than a fill; an order already settled (by another process) stays as it is. */
  async mark(order: StrategyOrder, status: StrategyOrder['status'], exchangeOrderId?: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      const locked = await tx.lockOrder(order.id);
      if (!locked || (locked.status !== 'intended' && locked.status !== 'open')) return;
      locked.status = status;
      if (exchangeOrderId) locked.exchangeOrderId = exchangeOrderId;
      locked.updatedAt = new Date();
      await tx.flush();
    });
    order.status = status;
  }

  /** For an order the exchange does not know: null (record it `missing`) once it can no longer arrive, OrderPending before. */
  neverArrived(order: StrategyOrder): null {
    if (Date.now() - order.createdAt.getTime() > NEVER_ARRIVES_AFTER_MS) return null;
    throw new OrderPending(`order ${order.id} is not known to the exchange yet`);
  }

  /** The fill's average price, the commission the exchange charged and when its last trade was (`userTrades` of the order; now when it has none). */
  async fillOf(
    credentials: ExchangeCredentials,
    symbol: string,
    orderId: number | string,
    averagePrice: Decimal,
  ): Promise<{ price: Decimal; fee: Decimal; at: Date }> {
    const trades = await this.exchange.tradesOf(credentials, symbol, orderId);
    const quantity = trades.reduce((sum, trade) => sum.plus(trade.qty), new Decimal(0));
    const fee = trades.reduce((sum, trade) => sum.plus(trade.commission), new Decimal(0));
    const traded = quantity.gt(0)
      ? trades.reduce((sum, trade) => sum.plus(new Decimal(trade.price).mul(trade.qty)), new Decimal(0)).div(quantity)
      : averagePrice;
    const last = trades.reduce((latest, trade) => Math.max(latest, trade.time), -Infinity);
    return { price: averagePrice.gt(0) ? averagePrice : traded, fee, at: Number.isFinite(last) ? new Date(last) : new Date() };
  }
}
