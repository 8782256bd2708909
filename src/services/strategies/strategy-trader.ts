import Decimal from 'decimal.js';
import { feeRates } from '../../engine/fees';
import type { Strategy } from '../../entities/strategy.entity';
import type { CloseReason, StrategyPosition } from '../../entities/strategy-position.entity';
import type { EventEnvelope } from '../../events/event-types';
import type { PositionBook } from './position-book';
import type { StrategyTransaction } from './strategy-queries.store';
import type { Bar, FundingEvent } from './strategy-market';

/** A dry run's fill costs: the strategy's fee model (strategies have the tiered one) and its slippage, as exact decimals. */
function costsOf(strategy: Strategy): { taker: Decimal; maker: Decimal; slippage: Decimal } {
  const rates = feeRates({ feeModel: 'tiered_maker_taker', slippageBps: new Decimal(strategy.slippageBps).toFixed() });
  return { taker: new Decimal(rates.taker), maker: new Decimal(rates.maker), slippage: new Decimal(strategy.slippageBps).div(10_000) };
}

/**
 * Dry runs: positions open and close at the given price inside the caller's
 * transaction, with no order anywhere, and cost what a backtest of the same
 * bars charges (contract §20, engine/symbol-account.ts): market fills move
 * against the order by the strategy's slippage and pay the taker rate; a
 * take-profit is a resting limit order, filled at its level for the maker
 * rate; an open position pays or receives funding at each funding time.
 * Live runs go through `LiveOrders` instead.
 */
export class StrategyTrader {
  constructor(private readonly book: PositionBook) {}

  async open(
    tx: StrategyTransaction,
    strategy: Strategy,
    symbol: string,
    side: 'long' | 'short',
    price: number,
    at: Date,
    signalBarClose?: number,
  ): Promise<EventEnvelope> {
    const costs = costsOf(strategy);
    const fillPrice = new Decimal(price).mul(side === 'long' ? costs.slippage.plus(1) : new Decimal(1).minus(costs.slippage));
    const quantity = (await this.book.entryQuantity(tx, strategy, symbol, fillPrice)).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    const fee = quantity.mul(fillPrice).mul(costs.taker);
    return (await this.book.recordOpen(tx, strategy, symbol, side, { quantity, price: fillPrice, fee, at, signalBarClose })).event;
  }

  close(
    tx: StrategyTransaction,
    strategy: Strategy,
    position: StrategyPosition,
    price: number,
    at: Date,
    reason: CloseReason,
    signalBarClose?: number,
  ): Promise<EventEnvelope> {
    const costs = costsOf(strategy);
    const limit = reason === 'take_profit';
    const against = position.side === 'long' ? new Decimal(1).minus(costs.slippage) : costs.slippage.plus(1);
    const fillPrice = limit ? new Decimal(price) : new Decimal(price).mul(against);
    const fee = new Decimal(position.quantity).mul(fillPrice).mul(limit ? costs.maker : costs.taker);
    return this.book.recordClose(tx, strategy, position, { price: fillPrice, fee, at, signalBarClose }, reason);
  }

  /**
   * The funding events inside `bar` on the position open on `symbol` during
   * it, valued at the bar's open, as the backtest pays them: longs pay a
   * positive rate, shorts receive it.
   */
  async payFunding(tx: StrategyTransaction, strategyId: string, symbol: string, bar: Bar, events: FundingEvent[]): Promise<void> {
    const due = events.filter((event) => event.time >= bar.openTime && event.time <= bar.closeTime);
    if (due.length === 0) return;
    const position = await tx.openPosition(strategyId, symbol);
    if (!position) return;
    const direction = position.side === 'long' ? 1 : -1;
    const amount = due.reduce((sum, event) => sum.plus(new Decimal(position.quantity).mul(bar.open).mul(event.rate).mul(direction)), new Decimal(0));
    position.funding = amount.plus(position.funding).toFixed();
    await tx.flush();
  }
}
