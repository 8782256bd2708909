import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import { TIERED_RATES } from '../../engine/fees';
import type { Strategy } from '../../entities/strategy.entity';
import type { CloseReason, StrategyPosition } from '../../entities/strategy-position.entity';
import type { EventEnvelope } from '../../events/event-types';
import type { PositionBook } from './position-book';

/**
 * Dry runs: positions open and close at the given price inside the caller's
 * transaction, with no order anywhere. Fees are the backtest's market order
 * (taker) rate of the tiered model, so dry runs match backtests. Live runs
 * go through `LiveOrders` instead.
 */
export class StrategyTrader {
  constructor(private readonly book: PositionBook) {}

  async open(
    em: EntityManager,
    strategy: Strategy,
    symbol: string,
    side: 'long' | 'short',
    price: number,
    at: Date,
    signalBarClose?: number,
  ): Promise<EventEnvelope> {
    const quantity = (await this.book.entryQuantity(em, strategy, symbol, price)).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    const fillPrice = new Decimal(price);
    const fee = quantity.mul(fillPrice).mul(TIERED_RATES.taker);
    return (await this.book.recordOpen(em, strategy, symbol, side, { quantity, price: fillPrice, fee, at, signalBarClose })).event;
  }

  close(
    em: EntityManager,
    strategy: Strategy,
    position: StrategyPosition,
    price: number,
    at: Date,
    reason: CloseReason,
    signalBarClose?: number,
  ): Promise<EventEnvelope> {
    const fillPrice = new Decimal(price);
    const fee = new Decimal(position.quantity).mul(fillPrice).mul(TIERED_RATES.taker);
    return this.book.recordClose(em, strategy, position, { price: fillPrice, fee, at, signalBarClose }, reason);
  }
}
