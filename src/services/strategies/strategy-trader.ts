import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import { TIERED_RATES } from '../../engine/fees';
import type { Strategy } from '../../entities/strategy.entity';
import type { CloseReason, StrategyPosition } from '../../entities/strategy-position.entity';
import { AppError } from '../../errors/app-error';
import type { EventEnvelope } from '../../events/event-types';
import { recordEvent } from '../../events/outbox';
import type { ExchangeTradingClient } from '../../upstream/exchange-trading-client';
import type { ExchangeKeysService } from '../identity/exchange-keys.service';
import type { StrategyStore } from './strategies.store';

/**
 * Opens and closes a strategy's positions at market, inside the caller's
 * transaction, and records the position events there. Dry runs fill at the
 * given price; live runs send a MARKET order with the user's registered key
 * and take the exchange's average fill price. Fees are the backtest's market
 * order (taker) rate of the tiered model, so dry runs match backtests.
 */
export class StrategyTrader {
  constructor(
    private readonly store: StrategyStore,
    private readonly exchangeKeys: ExchangeKeysService,
    private readonly trading: ExchangeTradingClient,
  ) {}

  async open(
    em: EntityManager,
    strategy: Strategy,
    symbol: string,
    side: 'long' | 'short',
    price: number,
    at: Date,
    signalBarClose?: number,
  ): Promise<EventEnvelope> {
    const equity = await this.symbolEquity(em, strategy, symbol);
    const positionSize = Number(strategy.params.position_size ?? 1);
    const quantity = equity
      .mul(positionSize)
      .mul(strategy.runLeverage ?? strategy.leverage)
      .div(price)
      .toDecimalPlaces(8, Decimal.ROUND_DOWN);
    const fillPrice = await this.fill(strategy, symbol, side === 'long' ? 'BUY' : 'SELL', quantity, price, false);
    const position = await this.store.insertPosition(em, {
      strategyId: strategy.id,
      symbol,
      side,
      quantity: quantity.toFixed(),
      entryPrice: fillPrice.toFixed(),
      entryFee: quantity.mul(fillPrice).mul(TIERED_RATES.taker).toFixed(),
      openedAt: at,
      dryRun: strategy.runDry ?? true,
    });
    return recordEvent(em, {
      userId: strategy.userId,
      type: 'strategy.position_opened',
      data: { ...positionData(strategy, position), ...signalData(signalBarClose) },
    });
  }

  async close(
    em: EntityManager,
    strategy: Strategy,
    position: StrategyPosition,
    price: number,
    at: Date,
    reason: CloseReason,
    signalBarClose?: number,
  ): Promise<EventEnvelope> {
    const quantity = new Decimal(position.quantity);
    const fillPrice = await this.fill(strategy, position.symbol, position.side === 'long' ? 'SELL' : 'BUY', quantity, price, true);
    const exitFee = quantity.mul(fillPrice).mul(TIERED_RATES.taker);
    const direction = position.side === 'long' ? 1 : -1;
    const gross = fillPrice.minus(position.entryPrice).mul(quantity).mul(direction);
    position.exitPrice = fillPrice.toFixed();
    position.exitFee = exitFee.toFixed();
    position.pnl = gross.minus(position.entryFee).minus(exitFee).toFixed();
    position.closedAt = at;
    position.closeReason = reason;
    await this.store.flush(em);
    return recordEvent(em, {
      userId: strategy.userId,
      type: 'strategy.position_closed',
      data: { ...positionData(strategy, position), reason, ...signalData(signalBarClose) },
    });
  }

  /** The symbol's share of the run's capital plus what its closed trades of this run made or lost. */
  private async symbolEquity(em: EntityManager, strategy: Strategy, symbol: string): Promise<Decimal> {
    const share = new Decimal(strategy.runCapital ?? strategy.capital).div(strategy.symbols.length);
    const pnl = await this.store.runPnl(em, strategy.id, symbol, strategy.runStartedAt ?? new Date(0));
    return Decimal.max(share.plus(pnl ?? 0), 0);
  }

  private async fill(strategy: Strategy, symbol: string, side: 'BUY' | 'SELL', quantity: Decimal, price: number, reduceOnly: boolean): Promise<Decimal> {
    if (strategy.runDry !== false) return new Decimal(price);
    const credentials = await this.exchangeKeys.credentialsFor(strategy.userId);
    if (!credentials) throw new AppError('INVALID_STATE', 'no exchange key is registered for live orders');
    const answer = await this.trading.send(credentials, 'POST', '/fapi/v1/order', {
      symbol,
      side,
      type: 'MARKET',
      quantity: quantity.toFixed(),
      ...(reduceOnly ? { reduceOnly: true } : {}),
      newOrderRespType: 'RESULT',
    });
    if (answer.status !== 200) throw new AppError('UPSTREAM_FAILED', `the exchange refused the order (${answer.status})`);
    const average = (answer.body as { avgPrice?: string }).avgPrice;
    return average && new Decimal(average).gt(0) ? new Decimal(average) : new Decimal(price);
  }
}

/** The close time of the candle whose signal the runtime acted on. */
function signalData(signalBarClose: number | undefined): Record<string, unknown> {
  return signalBarClose === undefined ? {} : { signal_bar_close: new Date(signalBarClose).toISOString() };
}

function positionData(strategy: Strategy, position: StrategyPosition): Record<string, unknown> {
  return {
    strategy_id: strategy.id,
    position_id: position.id,
    symbol: position.symbol,
    side: position.side,
    quantity: new Decimal(position.quantity).toFixed(),
    entry_price: new Decimal(position.entryPrice).toFixed(),
    opened_at: position.openedAt.toISOString(),
    dry_run: position.dryRun,
    ...(position.closedAt
      ? {
          exit_price: new Decimal(position.exitPrice!).toFixed(),
          fee: new Decimal(position.entryFee).plus(position.exitFee!).toFixed(),
          pnl: new Decimal(position.pnl!).toFixed(),
          closed_at: position.closedAt.toISOString(),
        }
      : { fee: new Decimal(position.entryFee).toFixed() }),
  };
}
