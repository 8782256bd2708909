import Decimal from 'decimal.js';
import type { Strategy } from '../../entities/strategy.entity';
import type { CloseReason, StrategyPosition } from '../../entities/strategy-position.entity';
import type { EventEnvelope } from '../../events/event-types';
import type { StrategyQueries, StrategyTransaction } from './strategy-queries.store';

/** How an order filled: dry runs at the signal's price and the taker rate, live runs as the exchange reports. */
export interface Fill {
  quantity: Decimal;
  price: Decimal;
  fee: Decimal;
  at: Date;
  signalBarClose?: number;
}

/**
 * A strategy's positions and their events, written in the caller's
 * transaction: the one place that turns fills into positions, pnl and the
 * `strategy.position_*` events, for dry and live runs alike.
 */
export class PositionBook {
  /** The quantity an entry at `price` would buy: the symbol's equity × `position_size` × the run's leverage, not yet on any step. */
  async entryQuantity(store: StrategyQueries, strategy: Strategy, symbol: string, price: Decimal.Value): Promise<Decimal> {
    const share = new Decimal(strategy.runCapital ?? strategy.capital).div(strategy.symbols.length);
    const pnl = await store.runPnl(strategy.id, symbol, strategy.runStartedAt ?? new Date(0));
    const equity = Decimal.max(share.plus(pnl ?? 0), 0);
    const positionSize = Number(strategy.params.position_size ?? 1);
    return equity
      .mul(positionSize)
      .mul(strategy.runLeverage ?? strategy.leverage)
      .div(price);
  }

  async recordOpen(
    tx: StrategyTransaction,
    strategy: Strategy,
    symbol: string,
    side: 'long' | 'short',
    fill: Fill,
  ): Promise<{ position: StrategyPosition; event: EventEnvelope }> {
    const position = await tx.insertPosition({
      strategyId: strategy.id,
      symbol,
      side,
      quantity: fill.quantity.toFixed(),
      entryPrice: fill.price.toFixed(),
      entryFee: fill.fee.toFixed(),
      openedAt: fill.at,
      dryRun: strategy.runDry ?? true,
    });
    const event = await tx.recordEvent({
      userId: strategy.userId,
      type: 'strategy.position_opened',
      data: { ...positionData(strategy, position), ...signalData(fill.signalBarClose) },
    });
    return { position, event };
  }

  async recordClose(
    tx: StrategyTransaction,
    strategy: Strategy,
    position: StrategyPosition,
    fill: Omit<Fill, 'quantity'>,
    reason: CloseReason,
  ): Promise<EventEnvelope> {
    const quantity = new Decimal(position.quantity);
    const direction = position.side === 'long' ? 1 : -1;
    const gross = fill.price.minus(position.entryPrice).mul(quantity).mul(direction);
    position.exitPrice = fill.price.toFixed();
    position.exitFee = fill.fee.toFixed();
    position.pnl = gross.minus(position.entryFee).minus(fill.fee).minus(position.funding).toFixed();
    position.closedAt = fill.at;
    position.closeReason = reason;
    await tx.flush();
    return tx.recordEvent({
      userId: strategy.userId,
      type: 'strategy.position_closed',
      data: { ...positionData(strategy, position), reason, ...signalData(fill.signalBarClose) },
    });
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
    ...(position.closedAt && position.exitPrice !== null && position.exitFee !== null && position.pnl !== null
      ? {
          exit_price: new Decimal(position.exitPrice).toFixed(),
          fee: new Decimal(position.entryFee).plus(position.exitFee).toFixed(),
          funding: new Decimal(position.funding).toFixed(),
          pnl: new Decimal(position.pnl).toFixed(),
          closed_at: position.closedAt.toISOString(),
        }
      : { fee: new Decimal(position.entryFee).toFixed() }),
  };
}
