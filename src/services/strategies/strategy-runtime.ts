import { TIMEFRAME_MS, type Timeframe } from '../../engine';
import type { Strategy } from '../../entities/strategy.entity';
import type { Logger } from '../../observability/logger';
import { DryRunSteps } from './dry-run-steps';
import type { LiveOrders } from './live-orders';
import { LiveRunSteps } from './live-run-steps';
import { OrderPending } from './order-ledger';
import type { StrategyStore } from './strategies.store';
import type { Bar, StrategyMarket } from './strategy-market';
import { StrategyRunState } from './strategy-run-state';
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
 * symbol and timeframe whose candle has closed, and hands each strategy its
 * new bars: a dry run trades them in one transaction that also advances the
 * strategy's bar cursor (dry-run-steps.ts), a live run through exchange
 * orders (live-run-steps.ts). Failures in a row move a strategy to `error`.
 */
export class StrategyRuntime {
  private readonly runs = new Map<string, StrategyRunState>();
  private readonly nextDue = new Map<string, number>();
  private readonly now: () => number;
  private readonly drySteps: DryRunSteps;
  private readonly liveSteps: LiveRunSteps;

  constructor(
    private readonly store: StrategyStore,
    private readonly market: StrategyMarket,
    trader: StrategyTrader,
    private readonly live: LiveOrders,
    private readonly options: StrategyRuntimeOptions,
    private readonly logger: Logger,
  ) {
    this.now = options.now ?? Date.now;
    this.drySteps = new DryRunSteps(store, market, trader, options.workerId, this.runs);
    this.liveSteps = new LiveRunSteps(store, live, options.workerId, this.runs);
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
        if (strategy.runDry === false) await this.live.exclusive(strategy.id, () => this.liveSteps.act(strategy.id, symbol, steps));
        else await this.drySteps.act(strategy.id, symbol, steps);
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

  /** An order whose outcome the exchange cannot tell yet is no failure: the next evaluation settles it before anything else. */
  private async failed(strategyId: string, what: string, error: unknown): Promise<void> {
    if (error instanceof OrderPending) {
      this.logger.info({ strategyId, reason: error.message }, 'strategy waits for an order outcome');
      return;
    }
    this.logger.warn({ err: error, strategyId }, `strategy: ${what}`);
    await this.recordFailure(strategyId, `${what}: ${(error as Error).message}`);
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
