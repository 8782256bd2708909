import type { Caller } from '../../auth/caller';
import type { StrategyPosition } from '../../entities/strategy-position.entity';
import type { Strategy } from '../../entities/strategy.entity';
import { AppError, isAppError } from '../../errors/app-error';
import type { LiveOrders } from './live-orders';
import { OrderPending } from './order-ledger';
import { findOwnedStrategy } from './strategies.service';
import type { StrategyStore } from './strategies.store';
import type { StrategyEventFeed } from './strategy-event-feed';
import type { StrategyMarket } from './strategy-market';
import { positionRecord, type PositionRecord } from './strategy-records';
import type { StrategyTrader } from './strategy-trader';

/** How long a manual close waits for an order of the strategy already in flight (the runtime's) to be settled. */
const IN_FLIGHT_WAIT_MS = 5_000;
const IN_FLIGHT_POLL_MS = 200;

/**
 * Contract §20: closing one open position at market by hand (close_reason
 * `manual`) while the strategy stays deployed. A dry-run close happens under
 * the strategy's row lock, which the runtime's dry evaluation also holds; a
 * live close goes through the order ledger, whose intents are serialised per
 * strategy under that lock (order-ledger.ts), so it never races the runtime
 * of whatever process owns the strategy.
 */
export class PositionCloseService {
  constructor(
    private readonly store: StrategyStore,
    private readonly market: StrategyMarket,
    private readonly trader: StrategyTrader,
    private readonly live: LiveOrders,
    private readonly feed: StrategyEventFeed,
  ) {}

  /** The closed position; 404 for a missing or another key's strategy, 409 when it has no open position on `symbol`. */
  async close(caller: Caller, strategyId: string, symbolText: string): Promise<PositionRecord> {
    const symbol = symbolText.toUpperCase();
    const strategy = await findOwnedStrategy(this.store, caller, strategyId);
    const open = await this.openOn(strategy, symbol);
    const closed = open.dryRun ? await this.closeDry(caller, strategy, symbol) : await this.closeLive(strategy, open);
    const row = await this.store.positionRow(closed.id);
    if (!row) throw new Error(`position ${closed.id} vanished`);
    return positionRecord(row);
  }

  private async openOn(strategy: Strategy, symbol: string): Promise<StrategyPosition> {
    const open = await this.store.openPosition(strategy.id, symbol);
    if (!open) throw new AppError('INVALID_STATE', `the strategy has no open position on ${symbol}`);
    return open;
  }

  /** At the exchange's last price, read before the transaction so no exchange call holds the lock. */
  private async closeDry(caller: Caller, snapshot: Strategy, symbol: string): Promise<StrategyPosition> {
    const price = await this.market.price(symbol).catch((error: unknown) => {
      throw new AppError('UPSTREAM_FAILED', `upstream request failed: no last price for ${symbol} (${(error as Error).message})`);
    });
    const { position, eventId } = await this.store.transaction(async (tx) => {
      const strategy = await findOwnedStrategy(tx, caller, snapshot.id, true);
      const open = await tx.openPosition(strategy.id, symbol);
      if (!open) throw new AppError('INVALID_STATE', `the strategy has no open position on ${symbol}`);
      const event = await this.trader.close(tx, strategy, open, price, new Date(), 'manual');
      return { position: open, eventId: event.id };
    });
    await this.feed.waitFor([eventId]);
    return position;
  }

  /**
   * A reduce-only market order through the ledger (intent → exchange → fill,
   * a lost answer looked up by its client id). An order of the runtime still
   * in flight is settled first; the close waits a little for it.
   */
  private async closeLive(strategy: Strategy, open: StrategyPosition): Promise<StrategyPosition> {
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    for (;;) {
      try {
        await this.live.exclusive(strategy.id, async () => {
          await this.live.settle(strategy);
          const current = await this.store.findPosition(open.id);
          if (!current || current.closedAt) throw new AppError('INVALID_STATE', `the strategy has no open position on ${open.symbol}`);
          await this.live.close(strategy, current, 'manual', undefined, () => true);
        });
        break;
      } catch (error) {
        if (error instanceof OrderPending && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
          continue;
        }
        if (isAppError(error)) throw error;
        throw new AppError('UPSTREAM_FAILED', `upstream request failed: the exchange did not close the position (${(error as Error).message})`);
      }
    }
    const closed = await this.store.findPosition(open.id);
    if (!closed?.closedAt) throw new AppError('UPSTREAM_FAILED', 'upstream request failed: the exchange did not fill the closing order');
    const events = await this.store.closeEventIds([closed.id]);
    await this.feed.waitFor(events);
    return closed;
  }
}
