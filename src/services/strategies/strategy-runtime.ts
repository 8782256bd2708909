import type { EntityManager } from '@mikro-orm/postgresql';
import { TIMEFRAME_MS, type Timeframe } from '../../engine';
import { protectiveExit, protectiveLevels, STOP, STOP_AT_OPEN, TAKE_PROFIT } from '../../engine/protective-exit';
import type { Strategy } from '../../entities/strategy.entity';
import { recordEvent } from '../../events/outbox.store';
import type { Logger } from '../../observability/logger';
import type { LiveOrders } from './live-orders';
import { OrderPending, type OrderGuard } from './order-ledger';
import { percentOf } from './protective-orders';
import type { StrategyStore } from './strategies.store';
import type { Bar, StrategyMarket } from './strategy-market';
import { StrategyRunState, type BarStep, type Signal } from './strategy-run-state';
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
    await this.store.transaction(async (em) => {
      const strategy = await this.store.lockStrategy(em, strategyId);
      if (!strategy || strategy.status !== 'deployed' || strategy.workerId !== this.options.workerId) return;
      if ((strategy.runStartedAt?.getTime() ?? 0) !== run.runStartedAt) return;
      for (const step of steps) {
        // in the backtest's order: the fill at the bar's open, funding within the bar, then its stop and take-profit
        await this.trader.payFunding(em, strategy.id, symbol, step.bar, funding);
        await this.exitWithinBar(em, strategy, symbol, step.bar);
        if (step.signal) await this.trade(em, strategy, step.signal);
      }
      strategy.lastBars = { ...strategy.lastBars, [symbol]: run.lastBars.get(symbol)! };
      strategy.consecutiveFailures = 0;
      await this.store.flush(em);
    });
  }

  /**
   * A live run: no exchange call inside a transaction. Orders whose outcome
   * is not recorded are settled first; each signal then closes and opens
   * through intents (live-orders.ts), and the bar cursor advances after.
   * Stop-loss and take-profit are the exchange's conditional orders, not
   * checked on candles.
   */
  private async actLive(strategyId: string, symbol: string, steps: BarStep[]): Promise<void> {
    const run = this.runs.get(strategyId)!;
    const guard: OrderGuard = (strategy) =>
      strategy.status === 'deployed' && strategy.workerId === this.options.workerId && (strategy.runStartedAt?.getTime() ?? 0) === run.runStartedAt;
    const strategy = await this.store.findStrategy(this.store.fork(), strategyId);
    if (!strategy || !guard(strategy)) return;
    await this.live.settle(strategy);
    for (const { signal } of steps) {
      if (!signal) continue;
      const open = await this.store.openPosition(this.store.fork(), strategy.id, signal.symbol);
      const wanted = signal.desired === 1 ? 'long' : signal.desired === -1 ? 'short' : null;
      if (open && open.side !== wanted) await this.live.close(strategy, open, 'signal', signal.barCloseTime, guard);
      if (wanted && open?.side !== wanted) await this.live.open(strategy, signal.symbol, wanted, signal.price, signal.barCloseTime, guard);
    }
    await this.store.transaction(async (em) => {
      const locked = await this.store.lockStrategy(em, strategyId);
      if (!locked || !guard(locked)) return;
      locked.lastBars = { ...locked.lastBars, [symbol]: run.lastBars.get(symbol)! };
      locked.consecutiveFailures = 0;
      await this.store.flush(em);
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
   * The template's stop-loss and take-profit on the open position, by the
   * backtest's own rule (engine/protective-exit.ts): stop before take-profit,
   * a gap through the stop fills at the open. Like the backtest, the position
   * is not re-entered until the template's signal changes again.
   */
  private async exitWithinBar(em: EntityManager, strategy: Strategy, symbol: string, bar: Bar): Promise<void> {
    const stopLoss = percentOf(strategy.params.stop_loss_pct);
    const takeProfit = percentOf(strategy.params.take_profit_pct);
    if (Number.isNaN(stopLoss) && Number.isNaN(takeProfit)) return;
    const open = await this.store.openPosition(em, strategy.id, symbol);
    if (!open) return;
    const direction = open.side === 'long' ? 1 : -1;
    const levels = protectiveLevels(direction, Number(open.entryPrice), stopLoss, takeProfit);
    const exit = protectiveExit(direction, levels.stop, levels.takeProfit, bar.open, bar.high, bar.low);
    if (exit === STOP_AT_OPEN || exit === STOP) {
      await this.trader.close(em, strategy, open, exit === STOP ? levels.stop : bar.open, new Date(), 'stop_loss', bar.closeTime);
    } else if (exit === TAKE_PROFIT) {
      await this.trader.close(em, strategy, open, levels.takeProfit, new Date(), 'take_profit', bar.closeTime);
    }
  }

  /** Closes a position on the wrong side, then opens the desired one (dry runs fill at the signal's next price). */
  private async trade(em: EntityManager, strategy: Strategy, signal: Signal): Promise<void> {
    const at = new Date();
    const open = await this.store.openPosition(em, strategy.id, signal.symbol);
    const wanted = signal.desired === 1 ? 'long' : signal.desired === -1 ? 'short' : null;
    if (open && open.side !== wanted) await this.trader.close(em, strategy, open, signal.price, at, 'signal', signal.barCloseTime);
    if (wanted && open?.side !== wanted) await this.trader.open(em, strategy, signal.symbol, wanted, signal.price, at, signal.barCloseTime);
  }

  private async recordFailure(strategyId: string, message: string): Promise<void> {
    await this.store.transaction(async (em) => {
      const strategy = await this.store.lockStrategy(em, strategyId);
      if (!strategy || strategy.status !== 'deployed' || strategy.workerId !== this.options.workerId) return;
      strategy.consecutiveFailures += 1;
      if (strategy.consecutiveFailures >= this.options.failureLimit) {
        strategy.status = 'error';
        strategy.workerId = null;
        strategy.updatedAt = new Date();
        await recordEvent(em, {
          userId: strategy.userId,
          type: 'strategy.error',
          data: { strategy_id: strategy.id, message, consecutive_failures: strategy.consecutiveFailures },
        });
        this.runs.delete(strategy.id);
      }
      await this.store.flush(em);
    });
  }
}
