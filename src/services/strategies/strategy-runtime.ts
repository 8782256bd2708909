import { TIMEFRAME_MS, type Timeframe } from '../../engine';
import { protectiveExit, protectiveLevels, STOP, STOP_AT_OPEN, TAKE_PROFIT } from '../../engine/protective-exit';
import { TRIP_MAX_DRAWDOWN, TRIP_NONE, trailingExtreme, trailingFirst, trailingStopLevel } from '../../engine/protections';
import type { Strategy } from '../../entities/strategy.entity';
import type { CloseReason, StrategyPosition } from '../../entities/strategy-position.entity';
import type { Logger } from '../../observability/logger';
import type { LiveOrders } from './live-orders';
import { OrderPending, type OrderGuard } from './order-ledger';
import { percentOf } from './protective-orders';
import { reasonOf, SymbolProtection } from './run-protections';
import type { StrategyStore } from './strategies.store';
import type { StrategyTransaction } from './strategy-queries.store';
import type { Bar, StrategyMarket } from './strategy-market';
import { StrategyRunState, type BarStep } from './strategy-run-state';
import type { StrategyTrader } from './strategy-trader';

export interface StrategyRuntimeOptions {
  /** This process's liveness id: a strategy is evaluated only by the live worker that claimed it. */
  workerId: number;
  /** 0: ask for klines once per candle close by this clock; > 0: every this many ms (tests with a fast exchange clock). */
  klinePollMs: number;
  /** Upstream or order failures in a row that move a strategy to `error`. */
  failureLimit: number;
  now?: () => number;
}

/** The strategies on one symbol and timeframe: one klines call serves them all. */
interface Group {
  symbol: string;
  timeframe: Timeframe;
  members: Strategy[];
}

/** Bars asked for when a run needs history (indicator warm-up) and when it only needs the latest closes. */
const HISTORY_BARS = 500;
const LATEST_BARS = 5;
/** Candles are read this long after they close, so the exchange has published the final bar. */
const CLOSE_SETTLE_MS = 1_000;
/** After a failed klines call the group is asked again this much later: a few seconds of exchange trouble do not add up to `error` at once. */
const FAILURE_RETRY_MS = 5_000;

/**
 * Evaluates every deployed strategy on each closed candle of its timeframe
 * with the template code of the backtest engine (contract §8). Each tick it
 * claims the deployed strategies no live worker holds (a strategy stays with
 * one worker while that process lives), asks the exchange once for each
 * symbol and timeframe whose candle has closed, and trades on the signals in
 * one transaction per strategy, which also advances the strategy's bar cursor.
 */
export class StrategyRuntime {
  private readonly runs = new Map<string, StrategyRunState>();
  private readonly nextDue = new Map<string, number>();
  private readonly now: () => number;

  constructor(
    private readonly store: StrategyStore,
    private readonly market: StrategyMarket,
    private readonly trader: StrategyTrader,
    private readonly live: LiveOrders,
    private readonly options: StrategyRuntimeOptions,
    private readonly logger: Logger,
  ) {
    this.now = options.now ?? Date.now;
  }

  async tick(): Promise<void> {
    const strategies = await this.claim();
    for (const id of this.runs.keys()) if (!strategies.some((strategy) => strategy.id === id)) this.runs.delete(id);
    const groups = new Map<string, Group>();
    for (const strategy of strategies) {
      const runStartedAt = strategy.runStartedAt?.getTime() ?? 0;
      const fresh = this.runs.get(strategy.id)?.runStartedAt !== runStartedAt;
      if (fresh) {
        try {
          // a live run taken over (or resumed after a restart) first settles what the previous owner left
          if (strategy.runDry === false) await this.live.exclusive(strategy.id, () => this.live.reconcile(strategy));
          this.runs.set(strategy.id, new StrategyRunState(runStartedAt, strategy.lastBars, strategy));
        } catch (error) {
          await this.failed(strategy.id, 'the strategy cannot run', error);
          continue;
        }
      }
      for (const symbol of strategy.symbols) {
        const key = `${symbol} ${strategy.timeframe}`;
        const group = groups.get(key) ?? { symbol, timeframe: strategy.timeframe as Timeframe, members: [] };
        group.members.push(strategy);
        groups.set(key, group);
        // a new run needs its indicator history now, not at the group's next candle close
        if (fresh) this.nextDue.delete(key);
      }
    }
    await Promise.all([...groups].map(([key, group]) => this.evaluateGroup(key, group)));
  }

  private claim(): Promise<Strategy[]> {
    return this.store.claim(this.options.workerId);
  }

  private async evaluateGroup(key: string, { symbol, timeframe, members }: Group): Promise<void> {
    const needsHistory = members.some((strategy) => this.runs.get(strategy.id)!.needsHistory(symbol));
    const now = this.now();
    if (now < (this.nextDue.get(key) ?? 0)) return;
    this.nextDue.set(key, this.dueAfter(now, timeframe));
    let bars: Bar[];
    try {
      bars = await this.market.bars(symbol, timeframe, needsHistory ? HISTORY_BARS : LATEST_BARS);
    } catch (error) {
      this.nextDue.set(key, now + (this.options.klinePollMs > 0 ? this.options.klinePollMs : FAILURE_RETRY_MS));
      for (const strategy of members) await this.recordFailure(strategy.id, `klines for ${symbol} ${timeframe} failed: ${(error as Error).message}`);
      return;
    }
    for (const strategy of members) {
      const steps = this.runs.get(strategy.id)!.feed(symbol, bars);
      this.logger.debug({ strategyId: strategy.id, symbol, workerId: this.options.workerId, bars: steps.length }, 'strategy evaluated');
      try {
        if (strategy.runDry === false) await this.live.exclusive(strategy.id, () => this.actLive(strategy.id, symbol, steps));
        else await this.act(strategy.id, symbol, steps);
      } catch (error) {
        await this.failed(strategy.id, 'evaluation failed', error);
      }
    }
  }

  private dueAfter(now: number, timeframe: Timeframe): number {
    if (this.options.klinePollMs > 0) return now + this.options.klinePollMs;
    const length = TIMEFRAME_MS[timeframe];
    return Math.floor(now / length) * length + length + CLOSE_SETTLE_MS;
  }

  /** Trades the bars' exits and signals and advances the bar cursor, unless the strategy was paused or taken over meanwhile. */
  private async act(strategyId: string, symbol: string, steps: BarStep[]): Promise<void> {
    const run = this.runs.get(strategyId)!;
    const [first, last] = [steps.at(0), steps.at(-1)];
    const funding = first && last ? await this.market.funding(symbol, first.bar.openTime, last.bar.closeTime) : [];
    await this.store.transaction(async (tx) => {
      const strategy = await tx.lockStrategy(strategyId);
      if (!strategy || strategy.status !== 'deployed' || strategy.workerId !== this.options.workerId) return;
      if ((strategy.runStartedAt?.getTime() ?? 0) !== run.runStartedAt) return;
      const protection = new SymbolProtection(strategy, symbol);
      for (const step of steps) {
        // in the backtest's order: the fill at the bar's open, funding within the bar, then its stops and take-profit
        await this.trader.payFunding(tx, strategy.id, symbol, step.bar, funding);
        await this.exitWithinBar(tx, strategy, symbol, step.bar, protection);
        const { trip, equity } = await protection.judge(tx, strategy, step.bar.openTime, step.bar.close);
        if (trip !== TRIP_NONE) {
          const open = await tx.openPosition(strategy.id, symbol);
          if (open) await this.closeNoting(tx, strategy, open, step.nextOpen, 'protection', step.bar.closeTime, protection);
          await protection.recordTrip(tx, strategy, trip, equity);
          if (trip === TRIP_MAX_DRAWDOWN) {
            await this.pauseOnDrawdown(tx, strategy, symbol);
            break;
          }
        }
        await this.trade(tx, strategy, symbol, step, protection);
      }
      protection.saveTo(strategy);
      strategy.lastBars = { ...strategy.lastBars, [symbol]: run.lastBars.get(symbol)! };
      strategy.consecutiveFailures = 0;
      await tx.flush();
    });
  }

  /**
   * A live run: no exchange call inside a transaction. Orders whose outcome
   * is not recorded are settled first; each signal then closes and opens
   * through intents (live-orders.ts), and the bar cursor advances after.
   * Stop-loss, take-profit and trailing stop are the exchange's conditional
   * orders, not checked on candles. A protection trip is recorded (guard
   * state, event) before its closing orders go out, and marked `closing`
   * until they all have: a process that dies in between leaves the closes to
   * the next owner, which sends them before anything else, once.
   */
  private async actLive(strategyId: string, symbol: string, steps: BarStep[]): Promise<void> {
    const run = this.runs.get(strategyId)!;
    const guard: OrderGuard = (strategy) =>
      strategy.status === 'deployed' && strategy.workerId === this.options.workerId && (strategy.runStartedAt?.getTime() ?? 0) === run.runStartedAt;
    const strategy = await this.store.findStrategy(strategyId);
    if (!strategy || !guard(strategy)) return;
    await this.live.settle(strategy);
    const protection = new SymbolProtection(strategy, symbol);
    await protection.noteExitsElsewhere(this.store, strategy);
    if (protection.closing && !(await this.closeForProtection(strategy, protection, guard))) return;
    for (const step of steps) {
      const { trip, equity } = await protection.judge(this.store, strategy, step.bar.openTime, step.bar.close);
      if (trip !== TRIP_NONE) {
        protection.closing = reasonOf(trip);
        const recorded = await this.store.transaction(async (tx) => {
          const locked = await tx.lockStrategy(strategyId);
          if (!locked || !guard(locked)) return false;
          protection.saveTo(locked);
          await protection.recordTrip(tx, locked, trip, equity);
          await tx.flush();
          return true;
        });
        if (!recorded || !(await this.closeForProtection(strategy, protection, guard))) return;
      }
      await this.tradeLive(strategy, symbol, step, protection, guard);
    }
    await this.store.transaction(async (tx) => {
      const locked = await tx.lockStrategy(strategyId);
      if (!locked || !guard(locked)) return;
      locked.lastBars = { ...locked.lastBars, [symbol]: run.lastBars.get(symbol)! };
      locked.consecutiveFailures = 0;
      protection.saveTo(locked);
      await tx.flush();
    });
  }

  /** `trade` for a live run: the same entry rule (held-back entries wait), through exchange orders. */
  private async tradeLive(strategy: Strategy, symbol: string, step: BarStep, protection: SymbolProtection, guard: OrderGuard): Promise<void> {
    const { signal } = step;
    if (!signal && !protection.entryWaiting) return;
    let open = await this.store.openPosition(strategy.id, symbol);
    const wanted = step.desired === 1 ? 'long' : step.desired === -1 ? 'short' : null;
    if (signal && open && open.side !== wanted) {
      await this.live.close(strategy, open, 'signal', signal.barCloseTime, guard);
      const closed = await this.store.findPosition(open.id);
      if (closed?.pnl != null) protection.guard.noteExit(step.bar.closeTime + 1, Number(closed.pnl));
      open = null;
    }
    protection.entryWaiting = false;
    if (!wanted || open) return;
    if (!protection.guard.mayEnter(step.bar.closeTime + 1)) {
      protection.entryWaiting = true;
      return;
    }
    await this.live.open(strategy, symbol, wanted, step.nextOpen, step.bar.closeTime, guard);
  }

  /**
   * The closing orders of a recorded trip: the symbol's position (daily
   * loss) or every position of the run (max drawdown, after which the run
   * pauses itself). False when the run has paused.
   */
  private async closeForProtection(strategy: Strategy, protection: SymbolProtection, guard: OrderGuard): Promise<boolean> {
    const drawdown = protection.closing === 'max_drawdown';
    const positions = await this.store.openPositions(strategy.id);
    for (const position of positions) {
      if (drawdown || position.symbol === protection.symbol) await this.live.close(strategy, position, 'protection', undefined, guard);
    }
    protection.closing = null;
    return this.store.transaction(async (tx) => {
      const locked = await tx.lockStrategy(strategy.id);
      if (!locked || !guard(locked)) return false;
      protection.saveTo(locked);
      if (drawdown) await this.pauseRun(tx, locked, positions.length, new Date());
      await tx.flush();
      return !drawdown;
    });
  }

  /** An order whose outcome the exchange cannot tell yet is no failure: the next evaluation settles it before anything else. */
  private async failed(strategyId: string, what: string, error: unknown): Promise<void> {
    if (error instanceof OrderPending) {
      this.logger.info({ strategyId, reason: error.message }, 'strategy waits for an order outcome');
      return;
    }
    this.logger.warn({ err: error, strategyId }, `strategy: ${what}`);
    await this.recordFailure(strategyId, `${what}: ${(error as Error).message}`);
  }

  /**
   * The template's stop-loss, trailing stop and take-profit on the open
   * position, by the backtest's rule (engine/protective-exit.ts,
   * engine/protections.ts): the nearer stop before the take-profit, a gap
   * through the stop fills at the open; a position still open carries the
   * bar's range into its trailing stop. Like the backtest, the position is not
   * re-entered until the template's signal changes again.
   */
  private async exitWithinBar(tx: StrategyTransaction, strategy: Strategy, symbol: string, bar: Bar, protection: SymbolProtection): Promise<void> {
    const stopLoss = percentOf(strategy.params.stop_loss_pct);
    const takeProfit = percentOf(strategy.params.take_profit_pct);
    const trailingStop = protection.settings.trailingStop;
    if (Number.isNaN(stopLoss) && Number.isNaN(takeProfit) && Number.isNaN(trailingStop)) return;
    const open = await tx.openPosition(strategy.id, symbol);
    if (!open) return;
    const direction = open.side === 'long' ? 1 : -1;
    const levels = protectiveLevels(direction, Number(open.entryPrice), stopLoss, takeProfit);
    const extreme = Number(open.trailExtreme ?? open.entryPrice);
    const trailing = trailingStopLevel(direction, extreme, trailingStop);
    const trailed = trailingFirst(direction, trailing, levels.stop, false);
    const stop = trailed ? trailing : levels.stop;
    const exit = protectiveExit(direction, stop, levels.takeProfit, bar.open, bar.high, bar.low);
    const reason = trailed ? 'trailing_stop' : 'stop_loss';
    // exits inside the bar are stamped at its close, as in the backtest; a gap through the stop at its open
    if (exit === STOP_AT_OPEN) await this.closeNoting(tx, strategy, open, bar.open, reason, bar.closeTime, protection, bar.openTime);
    else if (exit === STOP) await this.closeNoting(tx, strategy, open, stop, reason, bar.closeTime, protection);
    else if (exit === TAKE_PROFIT) await this.closeNoting(tx, strategy, open, levels.takeProfit, 'take_profit', bar.closeTime, protection);
    else if (!Number.isNaN(trailingStop)) open.trailExtreme = String(trailingExtreme(direction, extreme, bar.high, bar.low));
  }

  /** A dry-run close that tells the guard, so a loss starts the cooldown; `exitTime` defaults to the next bar's open. */
  private async closeNoting(
    tx: StrategyTransaction,
    strategy: Strategy,
    position: StrategyPosition,
    price: number,
    reason: CloseReason,
    barCloseTime: number,
    protection: SymbolProtection,
    exitTime = barCloseTime + 1,
  ): Promise<void> {
    await this.trader.close(tx, strategy, position, price, new Date(), reason, barCloseTime);
    protection.guard.noteExit(exitTime, Number(position.pnl));
  }

  /**
   * Max drawdown (contract §19): the run's other open positions close at the
   * market too, and the run pauses itself, as a pause with close_positions would.
   */
  private async pauseOnDrawdown(tx: StrategyTransaction, strategy: Strategy, symbol: string): Promise<void> {
    const now = new Date();
    let closed = 0;
    for (const position of await tx.openPositions(strategy.id)) {
      if (position.symbol === symbol) continue;
      await this.trader.close(tx, strategy, position, await this.market.price(position.symbol), now, 'protection');
      closed += 1;
    }
    await this.pauseRun(tx, strategy, closed, now);
  }

  /** The run pauses itself after a max drawdown trip, as a pause with close_positions would: `closedPositions` closed for it. */
  private async pauseRun(tx: StrategyTransaction, strategy: Strategy, closedPositions: number, now: Date): Promise<void> {
    strategy.status = 'paused';
    strategy.updatedAt = now;
    strategy.workerId = null;
    this.runs.delete(strategy.id);
    await tx.recordEvent({
      userId: strategy.userId,
      type: 'strategy.paused',
      data: { strategy_id: strategy.id, close_positions: true, closed_positions: closedPositions, paused_at: now.toISOString() },
    });
  }

  /**
   * Closes a position on the wrong side, then opens the desired one (dry runs
   * fill at the signal's next price). An entry the guard holds back (max
   * drawdown, daily-loss halt, cooldown) waits, and fills at the first next
   * open the guard allows while the template still wants it.
   */
  private async trade(tx: StrategyTransaction, strategy: Strategy, symbol: string, step: BarStep, protection: SymbolProtection): Promise<void> {
    const { signal } = step;
    if (!signal && !protection.entryWaiting) return;
    const at = new Date();
    const fillTime = step.bar.closeTime + 1;
    let open = await tx.openPosition(strategy.id, symbol);
    const wanted = step.desired === 1 ? 'long' : step.desired === -1 ? 'short' : null;
    if (signal && open && open.side !== wanted) {
      await this.closeNoting(tx, strategy, open, signal.price, 'signal', signal.barCloseTime, protection);
      open = null;
    }
    protection.entryWaiting = false;
    if (!wanted || open) return;
    if (!protection.guard.mayEnter(fillTime)) {
      protection.entryWaiting = true;
      return;
    }
    await this.trader.open(tx, strategy, symbol, wanted, step.nextOpen, at, step.bar.closeTime);
  }

  private async recordFailure(strategyId: string, message: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      const strategy = await tx.lockStrategy(strategyId);
      if (!strategy || strategy.status !== 'deployed' || strategy.workerId !== this.options.workerId) return;
      strategy.consecutiveFailures += 1;
      if (strategy.consecutiveFailures >= this.options.failureLimit) {
        strategy.status = 'error';
        strategy.workerId = null;
        strategy.updatedAt = new Date();
        await tx.recordEvent({
          userId: strategy.userId,
          type: 'strategy.error',
          data: { strategy_id: strategy.id, message, consecutive_failures: strategy.consecutiveFailures },
        });
        this.runs.delete(strategy.id);
      }
      await tx.flush();
    });
  }
}
