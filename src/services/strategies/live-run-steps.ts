import { TRIP_NONE } from '../../engine/protections';
import type { Strategy } from '../../entities/strategy.entity';
import type { LiveOrders } from './live-orders';
import type { OrderGuard } from './order-ledger';
import { pauseAfterDrawdown, reasonOf, SymbolProtection } from './run-protections';
import type { StrategyStore } from './strategies.store';
import type { BarStep, StrategyRunState } from './strategy-run-state';

/**
 * A live run's closed bars: no exchange call inside a transaction. Orders
 * whose outcome is not recorded are settled first; each signal then closes
 * and opens through intents (live-orders.ts), and the bar cursor advances
 * after. Stop-loss, take-profit and trailing stop are the exchange's
 * conditional orders, not checked on candles. A protection trip is recorded
 * (guard state, event) before its closing orders go out, and marked `closing`
 * until they all have: a process that dies in between leaves the closes to
 * the next owner, which sends them before anything else, once.
 */
export class LiveRunSteps {
  constructor(
    private readonly store: StrategyStore,
    private readonly live: LiveOrders,
    private readonly workerId: number,
    /** The runtime's runs by strategy id: read when acting, forgotten when a run pauses itself. */
    private readonly runs: Map<string, StrategyRunState>,
  ) {}

  async act(strategyId: string, symbol: string, steps: BarStep[]): Promise<void> {
    const run = this.runs.get(strategyId)!;
    const guard: OrderGuard = (strategy) =>
      strategy.status === 'deployed' && strategy.workerId === this.workerId && (strategy.runStartedAt?.getTime() ?? 0) === run.runStartedAt;
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
      await this.trade(strategy, symbol, step, protection, guard);
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

  /** The entry rule of the dry run's `trade` (dry-run-steps.ts: held-back entries wait), through exchange orders. */
  private async trade(strategy: Strategy, symbol: string, step: BarStep, protection: SymbolProtection, guard: OrderGuard): Promise<void> {
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
      if (drawdown) {
        this.runs.delete(locked.id);
        await pauseAfterDrawdown(tx, locked, positions.length, new Date());
      }
      await tx.flush();
      return !drawdown;
    });
  }
}
