import { findTemplate, type Position, type Strategy as TemplateStrategy } from '../../engine';
import type { Strategy } from '../../entities/strategy.entity';
import type { Bar } from './strategy-market';

/** A change of desired position on one symbol, to be filled at the next price (the following bar's open). */
export interface Signal {
  symbol: string;
  desired: Position;
  price: number;
  /** Close time of the bar that produced the signal. */
  barCloseTime: number;
}

/** One closed bar past the warm-up: the open position's stop-loss and take-profit are checked on it, then its signal (if any) is traded. */
export interface BarStep {
  bar: Bar;
  /** The following bar's open: where a protection tripped at this bar's close fills (contract §19). */
  nextOpen: number;
  /** The position the template wants after this bar (what a held-back entry still waits for). */
  desired: Position;
  signal?: Signal;
}

/**
 * The in-memory side of one run of one strategy on this worker: one template
 * instance per symbol, fed every closed bar once, exactly as the backtest loop
 * does. Bars up to the stored cursor (or, on a fresh run, every bar already
 * closed at the first look) only warm the indicators up; later bars trade.
 */
export class StrategyRunState {
  private readonly instances = new Map<string, TemplateStrategy>();
  private readonly desired = new Map<string, Position>();
  /** Open time of the last bar fed, per symbol. */
  readonly lastBars = new Map<string, number>();

  constructor(
    readonly runStartedAt: number,
    private readonly stored: Record<string, number> | null,
    strategy: Strategy,
  ) {
    const template = findTemplate(strategy.templateId);
    if (!template) throw new Error(`unknown template ${strategy.templateId}`);
    const validated = template.validateParams(strategy.params);
    if (!validated.ok) throw new Error(validated.error.message);
    for (const symbol of strategy.symbols) this.instances.set(symbol, template.createStrategy(validated.params));
  }

  /** Whether `symbol` has not been fed yet on this worker and so needs history. */
  needsHistory(symbol: string): boolean {
    return !this.lastBars.has(symbol);
  }

  /** Feeds the closed bars not seen yet (the last bar of `bars` is the forming one) and returns the steps of bars past the warm-up. */
  feed(symbol: string, bars: Bar[]): BarStep[] {
    const instance = this.instances.get(symbol);
    const lastClosed = bars.at(-2);
    if (!instance || !lastClosed) return [];
    const steps: BarStep[] = [];
    const warmingUp = this.needsHistory(symbol);
    const warmUpUntil = warmingUp ? (this.stored?.[symbol] ?? lastClosed.openTime) : -Infinity;
    const seen = this.lastBars.get(symbol) ?? -Infinity;
    for (let index = 0; index + 1 < bars.length; index += 1) {
      // a closed bar and the one after it, whose open is the next price
      const [bar, next] = [bars[index], bars[index + 1]];
      if (!bar || !next) break;
      if (bar.openTime <= seen) continue;
      const desired = instance.onBar(bar.open, bar.high, bar.low, bar.close, bar.volume);
      const previous = this.desired.get(symbol) ?? 0;
      this.desired.set(symbol, desired);
      this.lastBars.set(symbol, bar.openTime);
      if (bar.openTime <= warmUpUntil) continue;
      const step: BarStep = { bar, nextOpen: next.open, desired };
      if (desired !== previous) step.signal = { symbol, desired, price: next.open, barCloseTime: bar.closeTime };
      steps.push(step);
    }
    return steps;
  }
}
