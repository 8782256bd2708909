import type { CommonParams } from './templates';
import { DAY_MS } from './timeframes';

/**
 * Contract §19's protections, as one piece of code for the backtest's bar
 * loop and the strategy runtime (dry and live runs): the trailing stop's
 * level, and the guard that watches a symbol's close-of-bar equity (max
 * drawdown, daily loss) and its losing exits (cooldown).
 *
 * Equity is the symbol's share of the strategy (contract §7: each symbol runs
 * the template on its own share, sized by that share's equity). The backtest
 * runs each symbol's bars as one loop; measuring the share lets every bar be
 * judged when it closes without coupling the symbols' loops, and the runtime
 * measures the same share, so a backtest and a run trip on the same bar.
 */
export interface ProtectionSettings {
  /** Fractions of a price or of equity; NaN when not set. */
  trailingStop: number;
  maxDrawdown: number;
  dailyLoss: number;
  /** How long an entry waits after a losing exit: cooldown_bars × the bar length (0 when not set). */
  cooldownMs: number;
}

export function protectionSettings(params: CommonParams, barMs: number): ProtectionSettings {
  const fraction = (percent: number | undefined) => (percent === undefined ? NaN : percent / 100);
  return {
    trailingStop: fraction(params.trailing_stop_pct),
    maxDrawdown: fraction(params.max_drawdown_pct),
    dailyLoss: fraction(params.daily_loss_pct),
    cooldownMs: (params.cooldown_bars ?? 0) * barMs,
  };
}

/**
 * The trailing stop for a bar: `extreme` is the highest high (long) or lowest
 * low (short) of the bars since entry before this one, the entry price on the
 * entry bar. A NaN fraction (not set) is an infinitely distant level.
 */
export function trailingStopLevel(direction: 1 | -1, extreme: number, fraction: number): number {
  return Number.isNaN(fraction) ? -direction * Infinity : extreme * (1 - direction * fraction);
}

/**
 * Whether the trailing stop acts before `stop` (the stop-loss, or the
 * liquidation when that is nearer): it must be strictly nearer the price,
 * except that it acts before a liquidation at the same level, the position's
 * own stops acting before the exchange would.
 */
export function trailingFirst(direction: 1 | -1, trailing: number, stop: number, stopIsLiquidation: boolean): boolean {
  return direction * (trailing - stop) > 0 || (trailing === stop && stopIsLiquidation);
}

/** The extreme carried to the next bar once this bar's range is known. */
export function trailingExtreme(direction: 1 | -1, extreme: number, high: number, low: number): number {
  return direction === 1 ? Math.max(extreme, high) : Math.min(extreme, low);
}

/** What a bar's close trips: nothing, the max drawdown (for the rest of the run) or the daily loss (until the next UTC day). */
export const TRIP_NONE = 0;
export const TRIP_MAX_DRAWDOWN = 1;
export const TRIP_DAILY_LOSS = 2;
export type Trip = typeof TRIP_NONE | typeof TRIP_MAX_DRAWDOWN | typeof TRIP_DAILY_LOSS;

/** The guard's memory; the runtime stores it so a restart or a takeover goes on from it. */
export interface GuardState {
  /** Highest close-of-bar equity so far (−∞ before the first bar). */
  peak: number;
  /** 00:00 UTC of the day of the last bar seen, and the equity at that instant. */
  day: number;
  dayEquity: number;
  /** Equity at the last bar's close (the capital before the first); the backtest's loop, which skips quiet bars, keeps its own. */
  lastEquity: number;
  /** The max drawdown tripped: no entry for the rest of the run. */
  stopped: boolean;
  /** No entry fills before this time (daily loss: the next 00:00 UTC; cooldown: the exit plus the cooldown). */
  haltedUntil: number;
  cooldownUntil: number;
}

export function initialGuardState(capital: number): GuardState {
  return { peak: -Infinity, day: -Infinity, dayEquity: capital, lastEquity: capital, stopped: false, haltedUntil: -Infinity, cooldownUntil: -Infinity };
}

export class EquityGuard {
  readonly state: GuardState;
  /** Whether a bar's equity needs looking at at all: the runtime skips the call when neither rule is set. */
  readonly watchesEquity: boolean;

  /** The rules compare with these: 1 − each limit (NaN when not set, which no equity is at or below). */
  private readonly drawdownKeeps: number;
  private readonly dailyKeeps: number;
  /** 00:00 UTC after `state.day`: a bar before it is on the same day, without a division per bar. */
  private nextDay: number;
  /** See `quietUntil`. */
  private quietEnd = Infinity;
  private quietLow = -Infinity;
  private quietHigh = Infinity;

  constructor(
    private readonly settings: ProtectionSettings,
    state: GuardState,
  ) {
    this.state = state;
    this.watchesEquity = !Number.isNaN(settings.maxDrawdown) || !Number.isNaN(settings.dailyLoss);
    this.drawdownKeeps = 1 - settings.maxDrawdown;
    this.dailyKeeps = 1 - settings.dailyLoss;
    this.nextDay = state.day + DAY_MS;
    this.updateQuietBars();
  }

  /**
   * The bars `afterBar` needn't see, so that the backtest's loop calls it on
   * few bars: one that opens before `quietUntil` with an equity above
   * `quietFloor` and at most `quietCeiling` changes nothing but the last
   * equity (no new day, no new peak) and trips nothing. The three change only
   * in `afterBar`.
   */
  get quietUntil(): number {
    return this.quietEnd;
  }

  get quietFloor(): number {
    return this.quietLow;
  }

  get quietCeiling(): number {
    return this.quietHigh;
  }

  /**
   * The equity at the close of the bar opened at `openTime`. The bar belongs
   * to the UTC day of its open time, whose reference is the equity at that
   * day's 00:00: the close of the last bar before it (`previousEquity`, which
   * a caller that skipped quiet bars passes), or the capital on the run's
   * first day. When both rules trip on one bar the max drawdown is reported:
   * it is the stronger of the two. A rule that has tripped does not trip
   * again while its halt lasts.
   */
  afterBar(openTime: number, equity: number, previousEquity = this.state.lastEquity): Trip {
    const trip = this.tripAt(openTime, equity, previousEquity);
    this.updateQuietBars();
    return trip;
  }

  private tripAt(openTime: number, equity: number, previousEquity: number): Trip {
    const state = this.state;
    if (openTime >= this.nextDay) {
      const day = Math.floor(openTime / DAY_MS) * DAY_MS;
      if (day > state.day) {
        state.day = day;
        state.dayEquity = previousEquity;
      }
      this.nextDay = state.day + DAY_MS;
    }
    state.lastEquity = equity;
    if (equity > state.peak) state.peak = equity;
    if (state.stopped) return TRIP_NONE;
    if (equity <= state.peak * this.drawdownKeeps) {
      state.stopped = true;
      return TRIP_MAX_DRAWDOWN;
    }
    if (openTime >= state.haltedUntil && equity <= state.dayEquity * this.dailyKeeps) {
      state.haltedUntil = this.nextDay;
      return TRIP_DAILY_LOSS;
    }
    return TRIP_NONE;
  }

  /**
   * `tripAt` trips at or below the drawdown level (unless stopped) and, on a
   * day not halted, at or below the daily level; a halt that may end within
   * the day counts as none, leaving its bars to `tripAt`. An unset rule's
   * level is NaN, which no equity is at or below: −∞ here. Without a rule on
   * equity every bar stays quiet.
   */
  private updateQuietBars(): void {
    if (!this.watchesEquity) return;
    const state = this.state;
    const drawdownLevel = state.stopped ? NaN : state.peak * this.drawdownKeeps;
    const dailyLevel = state.stopped || state.haltedUntil >= this.nextDay ? NaN : state.dayEquity * this.dailyKeeps;
    this.quietEnd = this.nextDay;
    this.quietLow = Math.max(Number.isNaN(drawdownLevel) ? -Infinity : drawdownLevel, Number.isNaN(dailyLevel) ? -Infinity : dailyLevel);
    this.quietHigh = state.peak;
  }

  /** A position exited at `time` with net `pnl`: a loss (pnl ≤ 0) starts the cooldown. */
  noteExit(time: number, pnl: number): void {
    if (pnl <= 0 && time + this.settings.cooldownMs > this.state.cooldownUntil) this.state.cooldownUntil = time + this.settings.cooldownMs;
  }

  /** Whether an entry may fill at `time`. */
  mayEnter(time: number): boolean {
    const state = this.state;
    return !state.stopped && time >= state.haltedUntil && time >= state.cooldownUntil;
  }

  /** The equity level at which the rule that tripped fired, for the `strategy.protection_triggered` event's `threshold`. */
  threshold(trip: Trip): number {
    return trip === TRIP_MAX_DRAWDOWN ? this.state.peak * this.drawdownKeeps : this.state.dayEquity * this.dailyKeeps;
  }
}
