import Decimal from 'decimal.js';
import { protectiveLevels } from '../../engine/protective-exit';
import type { OrderPurpose, StrategyOrder } from '../../entities/strategy-order.entity';
import type { CloseReason, StrategyPosition } from '../../entities/strategy-position.entity';
import type { Strategy } from '../../entities/strategy.entity';
import { ExchangeRefusal, type ExchangeAlgoOrder, type ExchangeCredentials, type ExchangeTradingClient } from '../../upstream/exchange-trading-client';
import { closingOrder, type OrderLedger } from './order-ledger';
import type { PositionBook } from './position-book';
import type { StrategyStore } from './strategies.store';
import { onStep, onTick, type SymbolFilterCache } from './symbol-filters';

/** Algo statuses of a conditional order the exchange still holds. */
const ALGO_WAITING = ['NEW', 'TRIGGERING', 'TRIGGERED'];

/**
 * A live position's stop-loss and take-profit (contract §12): closing
 * `STOP_MARKET` / `TAKE_PROFIT_MARKET` orders on the exchange's Algo Order API
 * at the template's distances from the fill, on the tick. When one fills,
 * the position closes at the exchange's price; the other is cancelled.
 */
export class ProtectiveOrders {
  constructor(
    private readonly store: StrategyStore,
    private readonly book: PositionBook,
    private readonly exchange: ExchangeTradingClient,
    private readonly filters: SymbolFilterCache,
    private readonly ledger: OrderLedger,
  ) {}

  async place(strategy: Strategy, credentials: ExchangeCredentials, position: StrategyPosition): Promise<void> {
    await this.placeTrailingStop(strategy, credentials, position);
    const stopLoss = percentOf(strategy.params.stop_loss_pct);
    const takeProfit = percentOf(strategy.params.take_profit_pct);
    if (Number.isNaN(stopLoss) && Number.isNaN(takeProfit)) return;
    const { tickSize } = await this.filters.of(position.symbol);
    const levels = protectiveLevels(position.side === 'long' ? 1 : -1, Number(position.entryPrice), stopLoss, takeProfit);
    const wanted: [OrderPurpose, number, 'STOP_MARKET' | 'TAKE_PROFIT_MARKET'][] = [
      ['stop_loss', levels.stop, 'STOP_MARKET'],
      ['take_profit', levels.takeProfit, 'TAKE_PROFIT_MARKET'],
    ];
    for (const [purpose, level, type] of wanted) {
      if (!Number.isFinite(level)) continue;
      const triggerPrice = onTick(new Decimal(level), tickSize);
      const order = await this.ledger.intend({ ...closingOrder(position, purpose), triggerPrice: triggerPrice.toFixed() }, () => true);
      if (!order) continue;
      await this.send(strategy, credentials, order, () =>
        this.exchange.placeClosingAlgoOrder(credentials, {
          symbol: position.symbol,
          side: order.side,
          type,
          triggerPrice: triggerPrice.toFixed(),
          clientAlgoId: order.id,
        }),
      );
    }
  }

  /**
   * Contract §19: the trailing stop is the exchange's own `TRAILING_STOP_MARKET`,
   * reduce-only for the position's quantity on the lot step, with the
   * template's distance as `callbackRate` (both take one decimal of a percent).
   */
  private async placeTrailingStop(strategy: Strategy, credentials: ExchangeCredentials, position: StrategyPosition): Promise<void> {
    const callbackRate = strategy.params.trailing_stop_pct;
    if (typeof callbackRate !== 'number') return;
    const { stepSize } = await this.filters.of(position.symbol);
    const quantity = onStep(new Decimal(position.quantity), stepSize);
    const order = await this.ledger.intend({ ...closingOrder(position, 'trailing_stop'), quantity: quantity.toFixed() }, () => true);
    if (!order) return;
    await this.send(strategy, credentials, order, () =>
      this.exchange.placeTrailingStopOrder(credentials, {
        symbol: position.symbol,
        side: order.side,
        quantity: quantity.toFixed(),
        callbackRate: new Decimal(callbackRate).toFixed(1),
        clientAlgoId: order.id,
      }),
    );
  }

  /** Sends a recorded conditional order; a lost answer is looked up by its client algo id, a refusal marks it rejected. */
  private async send(strategy: Strategy, credentials: ExchangeCredentials, order: StrategyOrder, place: () => Promise<ExchangeAlgoOrder>): Promise<void> {
    let algo: ExchangeAlgoOrder | null;
    try {
      algo = await place();
    } catch (error) {
      if (error instanceof ExchangeRefusal) {
        await this.ledger.mark(order, 'rejected');
        throw error;
      }
      algo = await this.exchange.findAlgoOrder(credentials, order.id);
      if (!algo) throw error; // still `intended`: the next settle finds out
    }
    await this.apply(strategy, credentials, order, algo);
  }

  /** Brings one recorded conditional order up to date with the exchange. */
  async settle(strategy: Strategy, credentials: ExchangeCredentials, order: StrategyOrder): Promise<void> {
    const algo = await this.exchange.findAlgoOrder(credentials, order.id);
    if (algo) await this.apply(strategy, credentials, order, algo);
    else if (this.ledger.neverArrived(order) === null) await this.ledger.mark(order, 'missing');
  }

  /** Cancels a position's conditional orders; one that already fired closes the position instead. */
  async cancel(strategy: Strategy, credentials: ExchangeCredentials, positionId: string): Promise<void> {
    for (const order of await this.store.protectiveOrders(positionId)) {
      if ((await this.exchange.cancelAlgoOrder(credentials, order.id)) !== null) await this.ledger.mark(order, 'cancelled');
      // the exchange no longer holds it: it fired (and may have closed the position) or never arrived
      else await this.settle(strategy, credentials, order);
    }
  }

  /** A conditional order's state: waiting, or filled (the position closes at the exchange's price), or gone. */
  private async apply(strategy: Strategy, credentials: ExchangeCredentials, order: StrategyOrder, algo: ExchangeAlgoOrder): Promise<void> {
    if (ALGO_WAITING.includes(algo.algoStatus)) {
      if (order.status === 'intended') await this.ledger.mark(order, 'open', String(algo.algoId));
      return;
    }
    const actualOrderId = algo.actualOrderId === undefined || algo.actualOrderId === '' ? null : algo.actualOrderId;
    if (algo.algoStatus !== 'FINISHED' || actualOrderId === null) {
      await this.ledger.mark(order, 'cancelled');
      return;
    }
    const fill = await this.ledger.fillOf(credentials, order.symbol, actualOrderId, new Decimal(0));
    await this.store.transaction(async (tx) => {
      const locked = await tx.lockOrder(order.id);
      if (!locked || (locked.status !== 'intended' && locked.status !== 'open')) return;
      locked.status = 'filled';
      locked.exchangeOrderId = String(algo.algoId);
      locked.updatedAt = new Date();
      const position = locked.positionId ? await tx.findPosition(locked.positionId) : null;
      if (position && !position.closedAt) {
        // closed when the exchange filled it: a cooldown counts from there (contract §19)
        await this.book.recordClose(tx, strategy, position, fill, closeReasonOf(locked.purpose));
      }
      await tx.flush();
    });
    // the other conditional order of the position has nothing left to close
    if (order.positionId) await this.cancel(strategy, credentials, order.positionId);
  }
}

/** The close reason of a conditional order's fill. */
function closeReasonOf(purpose: OrderPurpose): CloseReason {
  return purpose === 'take_profit' ? 'take_profit' : purpose === 'trailing_stop' ? 'trailing_stop' : 'stop_loss';
}

/** A template's `*_pct` parameter as a fraction; NaN when unset. */
export function percentOf(value: unknown): number {
  return typeof value === 'number' ? value / 100 : NaN;
}
