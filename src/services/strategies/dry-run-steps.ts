import { protectiveExit, protectiveLevels, STOP, STOP_AT_OPEN, TAKE_PROFIT } from '../../engine/protective-exit';
import { TRIP_MAX_DRAWDOWN, TRIP_NONE, trailingExtreme, trailingFirst, trailingStopLevel } from '../../engine/protections';
import type { Strategy } from '../../entities/strategy.entity';
import type { CloseReason, StrategyPosition } from '../../entities/strategy-position.entity';
import { percentOf } from './protective-orders';
import { pauseAfterDrawdown, SymbolProtection } from './run-protections';
import type { StrategyStore } from './strategies.store';
import type { StrategyTransaction } from './strategy-queries.store';
import type { Bar, StrategyMarket } from './strategy-market';
import type { BarStep, StrategyRunState } from './strategy-run-state';
import type { StrategyTrader } from './strategy-trader';

/**
 * A dry run's closed bars, traded as the backtest trades them: fills at the
 * candles' prices, stops and take-profit checked on the candles, all in one
 * transaction per strategy and symbol that also advances the bar cursor.
 */
export class DryRunSteps {
  constructor(
    private readonly store: StrategyStore,
    private readonly market: StrategyMarket,
    private readonly trader: StrategyTrader,
    private readonly workerId: number,
    /** The runtime's runs by strategy id: read when acting, forgotten when a run pauses itself. */
    private readonly runs: Map<string, StrategyRunState>,
  ) {}

  /** Trades the bars' exits and signals and advances the bar cursor, unless the strategy was paused or taken over meanwhile. */
  async act(strategyId: string, symbol: string, steps: BarStep[]): Promise<void> {
    const run = this.runs.get(strategyId)!;
    const [first, last] = [steps.at(0), steps.at(-1)];
    const funding = first && last ? await this.market.funding(symbol, first.bar.openTime, last.bar.closeTime) : [];
    await this.store.transaction(async (tx) => {
      const strategy = await tx.lockStrategy(strategyId);
      if (!strategy || strategy.status !== 'deployed' || strategy.workerId !== this.workerId) return;
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
    this.runs.delete(strategy.id);
    await pauseAfterDrawdown(tx, strategy, closed, now);
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
}
