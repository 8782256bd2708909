import Decimal from 'decimal.js';
import type { StrategyOrder } from '../../entities/strategy-order.entity';
import type { CloseReason, StrategyPosition } from '../../entities/strategy-position.entity';
import type { Strategy } from '../../entities/strategy.entity';
import { AppError } from '../../errors/app-error';
import type { Logger } from '../../observability/logger';
import { ExchangeRefusal, type ExchangeCredentials, type ExchangeOrder, type ExchangeTradingClient } from '../../upstream/exchange-trading-client';
import type { ExchangeKeysService } from '../identity/exchange-keys.service';
import type { PositionBook } from './position-book';
import { closingOrder, OrderLedger, OrderPending, type OrderGuard } from './order-ledger';
import { ProtectiveOrders } from './protective-orders';
import type { StrategyStore } from './strategies.store';
import { onStep, type SymbolFilterCache } from './symbol-filters';

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

  private readonly ledger: OrderLedger;
  private readonly protection: ProtectiveOrders;

  constructor(
    private readonly store: StrategyStore,
    private readonly book: PositionBook,
    private readonly exchangeKeys: ExchangeKeysService,
    private readonly exchange: ExchangeTradingClient,
    private readonly filters: SymbolFilterCache,
    private readonly logger: Logger,
  ) {
    this.ledger = new OrderLedger(store, exchange);
    this.protection = new ProtectiveOrders(store, book, exchange, filters, this.ledger);
  }

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
    const quantity = onStep(await this.book.entryQuantity(this.store, strategy, symbol, price), filters.stepSize);
    const notional = quantity.mul(price);
    if (quantity.lte(0) || quantity.lt(filters.minQty)) return this.skip(strategy, symbol, side, quantity, price, 'below_min_qty', signalBarClose);
    if (notional.lt(filters.minNotional)) return this.skip(strategy, symbol, side, quantity, price, 'below_min_notional', signalBarClose);
    const order = await this.ledger.intend(
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
    await this.protection.cancel(strategy, credentials, position.id);
    const current = await this.store.findPosition(position.id);
    if (!current || current.closedAt) return; // a conditional order filled first and closed it
    const order = await this.ledger.intend(
      {
        ...closingOrder(position, 'exit'),
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
    for (const order of await this.store.unsettledOrders(strategy.id)) {
      if (order.purpose === 'entry' || order.purpose === 'exit') {
        const answer = await this.lookUp(credentials, order);
        if (answer) await this.applyOrder(strategy, credentials, order, answer);
        else await this.ledger.mark(order, 'missing');
      } else {
        await this.protection.settle(strategy, credentials, order);
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
    for (const position of await this.store.openPositions(strategy.id)) {
      if (position.dryRun) continue;
      const held = (await this.exchange.positions(credentials, position.symbol)).find((row) => row.symbol === position.symbol);
      if (!held || new Decimal(held.positionAmt).isZero()) {
        this.logger.warn({ strategyId: strategy.id, positionId: position.id }, 'live position no longer held on the exchange: recorded as liquidated');
        await this.protection.cancel(strategy, credentials, position.id);
        await this.store.transaction(async (tx) => {
          const locked = await tx.lockPosition(position.id);
          if (!locked || locked.closedAt) return;
          const price = new Decimal(held?.markPrice ?? locked.entryPrice);
          await this.book.recordClose(
            tx,
            strategy,
            locked,
            { price: price.gt(0) ? price : new Decimal(locked.entryPrice), fee: new Decimal(0), at: new Date() },
            'liquidation',
          );
        });
      } else if (!(await this.store.hasProtection(position.id))) {
        await this.protection.place(strategy, credentials, position);
      }
    }
  }

  /**
   * Contract §20: the exchange closed a position without an order of the
   * live path (the user data stream saw it). A conditional order of the
   * position that fired closes it with its own reason and fill
   * (protective-orders.ts); otherwise it closes here at `fill` with `reason`,
   * under the position's lock, so it closes once whoever else sees it.
   */
  async closedOnExchange(strategy: Strategy, positionId: string, fill: { price: Decimal; fee: Decimal; at: Date }, reason: CloseReason): Promise<void> {
    await this.protection.cancel(strategy, await this.credentials(strategy.userId), positionId);
    await this.store.transaction(async (tx) => {
      const locked = await tx.lockPosition(positionId);
      if (!locked || locked.closedAt) return;
      await this.book.recordClose(tx, strategy, locked, fill, reason);
    });
  }

  private async credentials(userId: number): Promise<ExchangeCredentials> {
    const credentials = await this.exchangeKeys.credentialsFor(userId);
    if (!credentials) throw new AppError('INVALID_STATE', 'no exchange key is registered for live orders');
    return credentials;
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
        await this.ledger.mark(order, 'rejected');
        throw error;
      }
      this.logger.warn({ strategyId: strategy.id, orderId: order.id, err: error }, 'order answer lost: looking the order up');
      answer = await this.lookUp(credentials, order);
      if (!answer) {
        await this.ledger.mark(order, 'missing');
        throw error;
      }
    }
    await this.applyOrder(strategy, credentials, order, answer);
  }

  /** The order as the exchange knows it; null once it is certain it never arrived; OrderPending before that. */
  private async lookUp(credentials: ExchangeCredentials, order: StrategyOrder): Promise<ExchangeOrder | null> {
    const found = await this.exchange.findOrder(credentials, order.symbol, order.id);
    return found ?? this.ledger.neverArrived(order);
  }

  /** A market order's outcome: a fill opens or closes the position with the exchange's price and commission. */
  private async applyOrder(strategy: Strategy, credentials: ExchangeCredentials, order: StrategyOrder, answer: ExchangeOrder): Promise<void> {
    const executed = new Decimal(answer.executedQty);
    if (executed.isZero()) {
      if (answer.status === 'NEW' || answer.status === 'PARTIALLY_FILLED') throw new OrderPending(`order ${order.id} is not filled yet`);
      await this.ledger.mark(order, 'rejected');
      return;
    }
    const fill = await this.ledger.fillOf(credentials, order.symbol, answer.orderId, new Decimal(answer.avgPrice));
    let opened: StrategyPosition | undefined;
    await this.store.transaction(async (tx) => {
      const locked = await tx.lockOrder(order.id);
      if (!locked || locked.status !== 'intended') return;
      locked.status = 'filled';
      locked.exchangeOrderId = String(answer.orderId);
      locked.updatedAt = new Date();
      const signalBarClose = locked.signalBarClose?.getTime();
      if (locked.purpose === 'entry') {
        const { position } = await this.book.recordOpen(tx, strategy, locked.symbol, locked.positionSide, {
          ...fill,
          quantity: executed,
          at: new Date(),
          signalBarClose,
        });
        locked.positionId = position.id;
        opened = position;
      } else {
        const position = locked.positionId ? await tx.findPosition(locked.positionId) : null;
        if (position && !position.closedAt) {
          await this.book.recordClose(tx, strategy, position, { ...fill, at: new Date(), signalBarClose }, locked.closeReason ?? 'signal');
        }
      }
      await tx.flush();
    });
    if (opened) await this.protection.place(strategy, credentials, opened);
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
    await this.store.transaction((tx) =>
      tx.recordEvent({
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
