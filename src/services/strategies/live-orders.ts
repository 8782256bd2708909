import Decimal from 'decimal.js';
import { protectiveLevels } from '../../engine/protective-exit';
import type { OrderPurpose, StrategyOrder } from '../../entities/strategy-order.entity';
import type { CloseReason, StrategyPosition } from '../../entities/strategy-position.entity';
import type { Strategy } from '../../entities/strategy.entity';
import { AppError } from '../../errors/app-error';
import { recordEvent } from '../../events/outbox';
import type { Logger } from '../../observability/logger';
import {
  ExchangeRefusal,
  SIGNED_REQUEST_LIFETIME_MS,
  type ExchangeAlgoOrder,
  type ExchangeCredentials,
  type ExchangeOrder,
  type ExchangeTradingClient,
} from '../../upstream/exchange-trading-client';
import type { ExchangeKeysService } from '../identity/exchange-keys.service';
import type { PositionBook } from './position-book';
import type { NewOrder, StrategyStore } from './strategies.store';
import { onStep, onTick, type SymbolFilterCache } from './symbol-filters';

/** An order whose outcome the exchange cannot tell yet (its request may still arrive): nothing else is sent for the strategy until it can. */
export class OrderPending extends Error {}

/** Whether the (locked) strategy may still place orders: the runtime's worker still owns the same run. */
export type OrderGuard = (strategy: Strategy) => boolean;

/** A request not found this long after it was signed can never be carried out: the exchange refuses it once `recvWindow` has passed. */
const NEVER_ARRIVES_AFTER_MS = SIGNED_REQUEST_LIFETIME_MS + 2_000;
/** Algo statuses of a conditional order the exchange still holds. */
const ALGO_WAITING = ['NEW', 'TRIGGERING', 'TRIGGERED'];
/** The exchange's refusal of an entry below the symbol's minimum notional at its own price. */
const BELOW_MIN_NOTIONAL = -4164;

/**
 * Live orders of a strategy on the user's exchange account (contract §12).
 * Every order is recorded as an intent (its id is the client order id) and
 * committed before the exchange call; its outcome is recorded after it, in a
 * transaction of its own. An answer that does not come is looked up by the
 * client id before anything else is sent for the strategy; `settle` does the
 * same for every intent a dead process left behind, and for the conditional
 * (stop-loss, take-profit) orders the exchange holds, whose fills close the
 * position at the exchange's price.
 */
export class LiveOrders {
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: StrategyStore,
    private readonly book: PositionBook,
    private readonly exchangeKeys: ExchangeKeysService,
    private readonly exchange: ExchangeTradingClient,
    private readonly filters: SymbolFilterCache,
    private readonly logger: Logger,
  ) {}

  /** Runs `work` after any other work of this process for the same strategy: one order at a time per strategy. */
  exclusive<T>(strategyId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(strategyId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    const tail = next.catch(() => undefined);
    this.chains.set(strategyId, tail);
    void tail.then(() => {
      if (this.chains.get(strategyId) === tail) this.chains.delete(strategyId);
    });
    return next;
  }

  /** Contract §12: before the run's first order, each symbol's leverage is the run's; a refusal is 502 and changes nothing here. */
  async setLeverage(userId: number, symbols: string[], leverage: number): Promise<void> {
    const credentials = await this.credentials(userId);
    for (const symbol of symbols) {
      await this.exchange.setLeverage(credentials, symbol, leverage).catch((error: unknown) => {
        throw new AppError(
          'UPSTREAM_FAILED',
          `upstream request failed: the exchange did not set leverage ${leverage} on ${symbol} (${(error as Error).message})`,
        );
      });
    }
  }

  /**
   * An entry at market: quantity on the symbol's step, not sent below its
   * minimum quantity or notional (`strategy.order_skipped` instead). Once it
   * fills, the conditional exit orders of the template are placed.
   */
  async open(strategy: Strategy, symbol: string, side: 'long' | 'short', price: number, signalBarClose: number | undefined, guard: OrderGuard): Promise<void> {
    const credentials = await this.credentials(strategy.userId);
    const filters = await this.filters.of(symbol);
    const quantity = onStep(await this.book.entryQuantity(this.store.fork(), strategy, symbol, price), filters.stepSize);
    const notional = quantity.mul(price);
    if (quantity.lte(0) || quantity.lt(filters.minQty)) return this.skip(strategy, symbol, side, quantity, price, 'below_min_qty', signalBarClose);
    if (notional.lt(filters.minNotional)) return this.skip(strategy, symbol, side, quantity, price, 'below_min_notional', signalBarClose);
    const order = await this.intend(
      {
        strategyId: strategy.id,
        symbol,
        purpose: 'entry',
        side: side === 'long' ? 'BUY' : 'SELL',
        positionSide: side,
        quantity: quantity.toFixed(),
        signalBarClose: signalBarClose === undefined ? null : new Date(signalBarClose),
      },
      guard,
    );
    if (!order) return;
    try {
      await this.sendMarket(strategy, credentials, order);
    } catch (error) {
      if (error instanceof ExchangeRefusal && error.code === BELOW_MIN_NOTIONAL) {
        return this.skip(strategy, symbol, side, quantity, price, 'below_min_notional', signalBarClose);
      }
      throw error;
    }
  }

  /** Closes a position at market: its conditional orders are cancelled first, so they cannot fire on a position being closed. */
  async close(strategy: Strategy, position: StrategyPosition, reason: CloseReason, signalBarClose: number | undefined, guard: OrderGuard): Promise<void> {
    const credentials = await this.credentials(strategy.userId);
    await this.cancelProtection(strategy, credentials, position.id);
    const current = await this.store.findPosition(this.store.fork(), position.id);
    if (!current || current.closedAt) return; // a conditional order filled first and closed it
    const order = await this.intend(
      {
        strategyId: strategy.id,
        symbol: position.symbol,
        purpose: 'exit',
        side: position.side === 'long' ? 'SELL' : 'BUY',
        positionSide: position.side,
        positionId: position.id,
        quantity: new Decimal(position.quantity).toFixed(),
        closeReason: reason,
        signalBarClose: signalBarClose === undefined ? null : new Date(signalBarClose),
      },
      guard,
    );
    if (order) await this.sendMarket(strategy, credentials, order);
  }

  /**
   * Brings every order of the strategy whose outcome is not recorded up to
   * date with the exchange, oldest first: intents are looked up by client id,
   * conditional orders by client algo id. Throws (and so stops the caller)
   * while one cannot be told yet.
   */
  async settle(strategy: Strategy): Promise<void> {
    const credentials = await this.credentials(strategy.userId);
    for (const order of await this.store.unsettledOrders(this.store.fork(), strategy.id)) {
      if (order.purpose === 'entry' || order.purpose === 'exit') {
        const answer = await this.lookUp(credentials, order);
        if (answer) await this.applyOrder(strategy, credentials, order, answer);
        else await this.mark(order, 'missing');
      } else {
        const algo = await this.exchange.findAlgoOrder(credentials, order.id);
        if (algo) await this.applyAlgo(strategy, credentials, order, algo);
        else if (Date.now() - order.createdAt.getTime() > NEVER_ARRIVES_AFTER_MS) await this.mark(order, 'missing');
        else throw new OrderPending(`conditional order ${order.id} is not known to the exchange yet`);
      }
    }
  }

  /**
   * When a worker starts or takes a live run over: settles the orders a dead
   * process left, then checks each open position against the exchange's
   * (`positionRisk`): one the exchange no longer holds was closed outside the
   * service (liquidation) and is closed here at the mark price; one whose
   * conditional orders were never placed gets them now.
   */
  async reconcile(strategy: Strategy): Promise<void> {
    await this.settle(strategy);
    const credentials = await this.credentials(strategy.userId);
    for (const position of await this.store.openPositions(this.store.fork(), strategy.id)) {
      if (position.dryRun) continue;
      const held = (await this.exchange.positions(credentials, position.symbol)).find((row) => row.symbol === position.symbol);
      if (!held || new Decimal(held.positionAmt).isZero()) {
        this.logger.warn({ strategyId: strategy.id, positionId: position.id }, 'live position no longer held on the exchange: recorded as liquidated');
        await this.cancelProtection(strategy, credentials, position.id);
        await this.store.transaction(async (em) => {
          const locked = await this.store.findPosition(em, position.id);
          if (!locked || locked.closedAt) return;
          const price = new Decimal(held?.markPrice ?? locked.entryPrice);
          await this.book.recordClose(
            em,
            strategy,
            locked,
            { price: price.gt(0) ? price : new Decimal(locked.entryPrice), fee: new Decimal(0), at: new Date() },
            'liquidation',
          );
        });
      } else if (!(await this.store.hasProtection(this.store.fork(), position.id))) {
        await this.protect(strategy, credentials, position);
      }
    }
  }

  private async credentials(userId: number): Promise<ExchangeCredentials> {
    const credentials = await this.exchangeKeys.credentialsFor(userId);
    if (!credentials) throw new AppError('INVALID_STATE', 'no exchange key is registered for live orders');
    return credentials;
  }

  /** Records the intent in its own transaction, unless the guard says the strategy may no longer trade. */
  private intend(fields: NewOrder, guard: OrderGuard): Promise<StrategyOrder | null> {
    return this.store.transaction(async (em) => {
      const strategy = await this.store.lockStrategy(em, fields.strategyId);
      if (!strategy || !guard(strategy)) return null;
      return this.store.insertOrder(em, fields);
    });
  }

  private async sendMarket(strategy: Strategy, credentials: ExchangeCredentials, order: StrategyOrder): Promise<void> {
    let answer: ExchangeOrder | null;
    try {
      answer = await this.exchange.placeMarketOrder(credentials, {
        symbol: order.symbol,
        side: order.side,
        quantity: new Decimal(order.quantity ?? 0).toFixed(),
        reduceOnly: order.purpose === 'exit',
        clientOrderId: order.id,
      });
    } catch (error) {
      if (error instanceof ExchangeRefusal) {
        await this.mark(order, 'rejected');
        throw error;
      }
      this.logger.warn({ strategyId: strategy.id, orderId: order.id, err: error }, 'order answer lost: looking the order up');
      answer = await this.lookUp(credentials, order);
      if (!answer) {
        await this.mark(order, 'missing');
        throw error;
      }
    }
    await this.applyOrder(strategy, credentials, order, answer);
  }

  /** The order as the exchange knows it; null once it is certain it never arrived; OrderPending before that. */
  private async lookUp(credentials: ExchangeCredentials, order: StrategyOrder): Promise<ExchangeOrder | null> {
    const found = await this.exchange.findOrder(credentials, order.symbol, order.id);
    if (found) return found;
    if (Date.now() - order.createdAt.getTime() > NEVER_ARRIVES_AFTER_MS) return null;
    throw new OrderPending(`order ${order.id} is not known to the exchange yet`);
  }

  /** A market order's outcome: a fill opens or closes the position with the exchange's price and commission. */
  private async applyOrder(strategy: Strategy, credentials: ExchangeCredentials, order: StrategyOrder, answer: ExchangeOrder): Promise<void> {
    const executed = new Decimal(answer.executedQty);
    if (executed.isZero()) {
      if (answer.status === 'NEW' || answer.status === 'PARTIALLY_FILLED') throw new OrderPending(`order ${order.id} is not filled yet`);
      await this.mark(order, 'rejected');
      return;
    }
    const fill = await this.fillOf(credentials, order.symbol, answer.orderId, new Decimal(answer.avgPrice));
    let opened: StrategyPosition | undefined;
    await this.store.transaction(async (em) => {
      const locked = await this.store.lockOrder(em, order.id);
      if (!locked || locked.status !== 'intended') return;
      locked.status = 'filled';
      locked.exchangeOrderId = String(answer.orderId);
      locked.updatedAt = new Date();
      const signalBarClose = locked.signalBarClose?.getTime();
      if (locked.purpose === 'entry') {
        const { position } = await this.book.recordOpen(em, strategy, locked.symbol, locked.positionSide, {
          ...fill,
          quantity: executed,
          at: new Date(),
          signalBarClose,
        });
        locked.positionId = position.id;
        opened = position;
      } else {
        const position = locked.positionId ? await this.store.findPosition(em, locked.positionId) : null;
        if (position && !position.closedAt) {
          await this.book.recordClose(em, strategy, position, { ...fill, at: new Date(), signalBarClose }, locked.closeReason ?? 'signal');
        }
      }
      await this.store.flush(em);
    });
    if (opened) await this.protect(strategy, credentials, opened);
  }

  /** The fill's average price and the commission the exchange charged (`userTrades` of the order). */
  private async fillOf(
    credentials: ExchangeCredentials,
    symbol: string,
    orderId: number | string,
    averagePrice: Decimal,
  ): Promise<{ price: Decimal; fee: Decimal }> {
    const trades = await this.exchange.tradesOf(credentials, symbol, orderId);
    const quantity = trades.reduce((sum, trade) => sum.plus(trade.qty), new Decimal(0));
    const fee = trades.reduce((sum, trade) => sum.plus(trade.commission), new Decimal(0));
    const traded = quantity.gt(0)
      ? trades.reduce((sum, trade) => sum.plus(new Decimal(trade.price).mul(trade.qty)), new Decimal(0)).div(quantity)
      : averagePrice;
    return { price: averagePrice.gt(0) ? averagePrice : traded, fee };
  }

  /** Contract §12: STOP_MARKET / TAKE_PROFIT_MARKET closing orders at the template's distances from the fill, on the tick. */
  private async protect(strategy: Strategy, credentials: ExchangeCredentials, position: StrategyPosition): Promise<void> {
    const stopLoss = percentOf(strategy.params.stop_loss_pct);
    const takeProfit = percentOf(strategy.params.take_profit_pct);
    if (Number.isNaN(stopLoss) && Number.isNaN(takeProfit)) return;
    const { tickSize } = await this.filters.of(position.symbol);
    const direction = position.side === 'long' ? 1 : -1;
    const levels = protectiveLevels(direction, Number(position.entryPrice), stopLoss, takeProfit);
    const wanted: [OrderPurpose, number, 'STOP_MARKET' | 'TAKE_PROFIT_MARKET'][] = [
      ['stop_loss', levels.stop, 'STOP_MARKET'],
      ['take_profit', levels.takeProfit, 'TAKE_PROFIT_MARKET'],
    ];
    for (const [purpose, level, type] of wanted) {
      if (!Number.isFinite(level)) continue;
      const triggerPrice = onTick(new Decimal(level), tickSize);
      const order = await this.intend(
        {
          strategyId: strategy.id,
          symbol: position.symbol,
          purpose,
          side: position.side === 'long' ? 'SELL' : 'BUY',
          positionSide: position.side,
          positionId: position.id,
          triggerPrice: triggerPrice.toFixed(),
        },
        () => true,
      );
      if (!order) continue;
      let algo: ExchangeAlgoOrder | null;
      try {
        algo = await this.exchange.placeClosingAlgoOrder(credentials, {
          symbol: position.symbol,
          side: order.side,
          type,
          triggerPrice: triggerPrice.toFixed(),
          clientAlgoId: order.id,
        });
      } catch (error) {
        if (error instanceof ExchangeRefusal) {
          await this.mark(order, 'rejected');
          throw error;
        }
        algo = await this.exchange.findAlgoOrder(credentials, order.id);
        if (!algo) throw error; // still `intended`: the next settle finds out
      }
      await this.applyAlgo(strategy, credentials, order, algo);
    }
  }

  /** A conditional order's state: waiting, or filled (the position closes at the exchange's price), or gone. */
  private async applyAlgo(strategy: Strategy, credentials: ExchangeCredentials, order: StrategyOrder, algo: ExchangeAlgoOrder): Promise<void> {
    if (ALGO_WAITING.includes(algo.algoStatus)) {
      if (order.status === 'intended') await this.mark(order, 'open', String(algo.algoId));
      return;
    }
    const actualOrderId = algo.actualOrderId === undefined || algo.actualOrderId === '' ? null : algo.actualOrderId;
    if (algo.algoStatus !== 'FINISHED' || actualOrderId === null) {
      await this.mark(order, 'cancelled');
      return;
    }
    const fill = await this.fillOf(credentials, order.symbol, actualOrderId, new Decimal(0));
    await this.store.transaction(async (em) => {
      const locked = await this.store.lockOrder(em, order.id);
      if (!locked || (locked.status !== 'intended' && locked.status !== 'open')) return;
      locked.status = 'filled';
      locked.exchangeOrderId = String(algo.algoId);
      locked.updatedAt = new Date();
      const position = locked.positionId ? await this.store.findPosition(em, locked.positionId) : null;
      if (position && !position.closedAt) {
        await this.book.recordClose(em, strategy, position, { ...fill, at: new Date() }, locked.purpose === 'take_profit' ? 'take_profit' : 'stop_loss');
      }
      await this.store.flush(em);
    });
    // the other conditional order of the position has nothing left to close
    if (order.positionId) await this.cancelProtection(strategy, credentials, order.positionId);
  }

  private async cancelProtection(strategy: Strategy, credentials: ExchangeCredentials, positionId: string): Promise<void> {
    for (const order of await this.store.protectiveOrders(this.store.fork(), positionId)) {
      const cancelled = await this.exchange.cancelAlgoOrder(credentials, order.id);
      if (cancelled !== null) {
        await this.mark(order, 'cancelled');
        continue;
      }
      // The exchange no longer holds it: it fired (and may have closed the position) or never arrived.
      const algo = await this.exchange.findAlgoOrder(credentials, order.id);
      if (algo) await this.applyAlgo(strategy, credentials, order, algo);
      else if (Date.now() - order.createdAt.getTime() > NEVER_ARRIVES_AFTER_MS) await this.mark(order, 'missing');
      else throw new OrderPending(`conditional order ${order.id} is not known to the exchange yet`);
    }
  }

  private async mark(order: StrategyOrder, status: StrategyOrder['status'], exchangeOrderId?: string): Promise<void> {
    await this.store.transaction(async (em) => {
      const locked = await this.store.lockOrder(em, order.id);
      if (!locked || (locked.status !== 'intended' && locked.status !== 'open')) return;
      locked.status = status;
      if (exchangeOrderId) locked.exchangeOrderId = exchangeOrderId;
      locked.updatedAt = new Date();
      await this.store.flush(em);
    });
    order.status = status;
  }

  private async skip(
    strategy: Strategy,
    symbol: string,
    side: 'long' | 'short',
    quantity: Decimal,
    price: number,
    reason: 'below_min_qty' | 'below_min_notional',
    signalBarClose: number | undefined,
  ): Promise<void> {
    await this.store.transaction((em) =>
      recordEvent(em, {
        userId: strategy.userId,
        type: 'strategy.order_skipped',
        data: {
          strategy_id: strategy.id,
          symbol,
          side,
          quantity: quantity.toFixed(),
          price: new Decimal(price).toFixed(),
          reason,
          ...(signalBarClose === undefined ? {} : { signal_bar_close: new Date(signalBarClose).toISOString() }),
        },
      }),
    );
  }
}

/** A template's `*_pct` parameter as a fraction; NaN when unset. */
export function percentOf(value: unknown): number {
  return typeof value === 'number' ? value / 100 : NaN;
}
