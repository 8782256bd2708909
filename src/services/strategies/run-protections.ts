import Decimal from 'decimal.js';
import { TIMEFRAME_MS, type CommonParams, type Timeframe } from '../../engine';
import {
  EquityGuard,
  initialGuardState,
  protectionSettings,
  TRIP_MAX_DRAWDOWN,
  TRIP_NONE,
  type GuardState,
  type ProtectionSettings,
  type Trip,
} from '../../engine/protections';
import { formatDecimal } from '../../engine/wire-format';
import type { StoredGuard, Strategy } from '../../entities/strategy.entity';
import type { StrategyPosition } from '../../entities/strategy-position.entity';
import type { StrategyQueries, StrategyTransaction } from './strategy-queries.store';

/** The rule that tripped, as `strategy.protection_triggered` names it. */
export type ProtectionReason = 'max_drawdown' | 'daily_loss';

/**
 * One symbol of a run under contract §19, with the engine's own guard
 * (engine/protections.ts): the runtime feeds it the same close-of-bar equity
 * of the symbol's share the backtest does, and stores its memory on the
 * strategy (`protection_state`) in the transaction that advances the bar
 * cursor, so a restart or a takeover goes on from the same peak, day and halt.
 */
export class SymbolProtection {
  readonly settings: ProtectionSettings;
  readonly guard: EquityGuard;
  /** An entry the guard held back that the template still wants (the backtest's pending order). */
  entryWaiting: boolean;
  /** A trip whose closing orders may not all have been sent yet (live runs): the next evaluation sends them first. */
  closing: ProtectionReason | null;

  constructor(
    strategy: Strategy,
    readonly symbol: string,
  ) {
    this.settings = protectionSettings(strategy.params as unknown as CommonParams, TIMEFRAME_MS[strategy.timeframe as Timeframe]);
    const stored = strategy.protectionState?.[symbol];
    this.guard = new EquityGuard(this.settings, stored ? fromStored(stored) : initialGuardState(shareOf(strategy).toNumber()));
    this.entryWaiting = stored?.entryWaiting ?? false;
    this.closing = stored?.closing ?? null;
  }

  /** Writes this symbol's memory onto the strategy entity (flushed by the caller's transaction). */
  saveTo(strategy: Strategy): void {
    strategy.protectionState = {
      ...strategy.protectionState,
      [this.symbol]: { ...toStored(this.guard.state), entryWaiting: this.entryWaiting, closing: this.closing },
    };
  }

  /**
   * The close-of-bar equity of the symbol's share (capital ÷ symbols + the
   * run's closed pnl on it + the open position marked at `close`, less its
   * entry fee: the backtest account's equity), judged by the guard.
   */
  async judge(store: StrategyQueries, strategy: Strategy, barOpenTime: number, close: number): Promise<{ trip: Trip; equity: number }> {
    if (!this.guard.watchesEquity) return { trip: TRIP_NONE, equity: NaN };
    const pnl = await store.runPnl(strategy.id, this.symbol, strategy.runStartedAt ?? new Date(0));
    const open = await store.openPosition(strategy.id, this.symbol);
    const equity = shareOf(strategy)
      .plus(pnl ?? 0)
      .plus(open ? unrealised(open, close) : 0)
      .toNumber();
    return { trip: this.guard.afterBar(barOpenTime, equity), equity };
  }

  /**
   * Contract §19's cooldown also counts from the losing exits the runtime did
   * not send (live: the exchange's own stops, liquidations, outside and
   * manual closes), from when the exchange filled them; noting the same exit
   * again changes nothing.
   */
  async noteExitsElsewhere(store: StrategyQueries, strategy: Strategy): Promise<void> {
    if (this.settings.cooldownMs === 0) return;
    const at = await store.lastLossOutsideRuntime(strategy.id, this.symbol, strategy.runStartedAt ?? new Date(0));
    if (at) this.guard.noteExit(at.getTime(), 0);
  }

  /** Records `strategy.protection_triggered` for a trip at `equity`. */
  async recordTrip(tx: StrategyTransaction, strategy: Strategy, trip: Trip, equity: number): Promise<void> {
    await tx.recordEvent({
      userId: strategy.userId,
      type: 'strategy.protection_triggered',
      data: {
        strategy_id: strategy.id,
        reason: reasonOf(trip),
        equity: formatDecimal(equity),
        threshold: formatDecimal(this.guard.threshold(trip)),
        symbol: this.symbol,
      },
    });
  }
}

export function reasonOf(trip: Trip): ProtectionReason {
  return trip === TRIP_MAX_DRAWDOWN ? 'max_drawdown' : 'daily_loss';
}

/**
 * The run pauses itself after a max drawdown trip, as a pause with
 * close_positions would: `closedPositions` closed for it. The caller forgets
 * the run it holds in memory.
 */
export async function pauseAfterDrawdown(tx: StrategyTransaction, strategy: Strategy, closedPositions: number, now: Date): Promise<void> {
  strategy.status = 'paused';
  strategy.updatedAt = now;
  strategy.workerId = null;
  await tx.recordEvent({
    userId: strategy.userId,
    type: 'strategy.paused',
    data: { strategy_id: strategy.id, close_positions: true, closed_positions: closedPositions, paused_at: now.toISOString() },
  });
}

function shareOf(strategy: Strategy): Decimal {
  return new Decimal(strategy.runCapital ?? strategy.capital).div(strategy.symbols.length);
}

function unrealised(position: StrategyPosition, close: number): Decimal {
  const direction = position.side === 'long' ? 1 : -1;
  return new Decimal(close).minus(position.entryPrice).mul(position.quantity).mul(direction).minus(position.entryFee);
}

/** JSON has no −∞: the guard's "never" is stored as null. */
const finite = (value: number): number | null => (Number.isFinite(value) ? value : null);
const orNever = (value: number | null): number => value ?? -Infinity;

function toStored(state: GuardState): Omit<StoredGuard, 'entryWaiting' | 'closing'> {
  return {
    peak: finite(state.peak),
    day: finite(state.day),
    dayEquity: state.dayEquity,
    lastEquity: state.lastEquity,
    stopped: state.stopped,
    haltedUntil: finite(state.haltedUntil),
    cooldownUntil: finite(state.cooldownUntil),
  };
}

function fromStored(stored: StoredGuard): GuardState {
  return {
    peak: orNever(stored.peak),
    day: orNever(stored.day),
    dayEquity: stored.dayEquity,
    lastEquity: stored.lastEquity,
    stopped: stored.stopped,
    haltedUntil: orNever(stored.haltedUntil),
    cooldownUntil: orNever(stored.cooldownUntil),
  };
}
