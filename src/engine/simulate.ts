// Typed-array loops: every index below is bounded by the loop or the array length, so `!` stands in for a guard that would cost speed.
import { formatDecimal } from './wire-format';
import { combineBarEquity, curveDays, sampleDailyEquity, type SymbolEquity } from './equity-curve';
import { computeMetrics, tradeStatistics } from './metrics';
import { buildReport } from './report';
import { planRun, type RunPlan, type SymbolPlan } from './run-plan';
import { planningFeed, sharedFeed, type SeriesPlanner, type SeriesStore } from './indicators/indicator-feed';
import { EquityGuard, initialGuardState, protectionSettings } from './protections';
import { runSymbol } from './run-symbol';
import { SymbolAccount } from './symbol-account';
import { DAY_MS } from './timeframes';
import { TradeLog } from './trade-log';
import type { BacktestInput, BacktestMetrics, BarEquity, EquityPoint, SimulationResult } from './types';

export interface SimulateOptions {
  /** Receives the fraction of bars simulated, in (0, 1], at least every 65,536 bars. */
  onProgress?: (fraction: number) => void;
  /**
   * A sweep's indicator series: the strategy reads each indicator's series
   * over the run's bars from here, computing and adding the ones missing,
   * instead of updating its own ring buffers (the values are the same).
   */
  series?: SeriesStore;
}

export interface Simulation {
  plan: RunPlan;
  finalEquity: number;
  metrics: BacktestMetrics;
  days: Float64Array;
  dailyEquity: Float64Array;
  barEquity: BarEquity;
  trades: TradeLog;
}

/**
 * The backtest: a pure function of candles, funding, template, params and fee
 * model (no I/O, no clock, no randomness). Throws `EngineError`. The result
 * holds the contract §18 report, built from the run's trade log and curve.
 *
 * Numbers are float64 throughout the simulation: exact decimals would cost
 * ~100× per bar, and the float64 rounding error (~1e-16 relative) stays far
 * below the 8 decimals written on the wire. Wire values are produced once, by
 * `formatDecimal`.
 */
export function simulate(input: BacktestInput, options: SimulateOptions = {}): SimulationResult {
  const { plan, finalEquity, metrics, days, dailyEquity, barEquity, trades } = run(input, options);
  const equityCurve = Array.from(days, (day, index): EquityPoint => [new Date(day).toISOString(), formatDecimal(dailyEquity[index]!)]);
  const exitOrder = trades.exitOrder();
  const report = buildReport({ symbols: plan.symbols, capital: plan.capital, finalEquity, trades, exitOrder, days, dailyEquity });
  return {
    result: {
      metrics,
      equity_curve: equityCurve,
      trades: trades.toWire(
        plan.symbols.map((symbol) => symbol.symbol),
        exitOrder,
      ),
      report,
    },
    barEquity,
  };
}

/**
 * `simulate`'s metrics alone, by the same run: a sweep evaluates thousands of
 * combinations and keeps only their metrics, so it skips writing trades and
 * the equity curve as wire strings. The metrics are identical string for string.
 */
export function simulateMetrics(input: BacktestInput, options: SimulateOptions = {}): BacktestMetrics {
  return run(input, options).metrics;
}

/** What a symbol's series keys start with: the symbol and its bars, which the series' values depend on besides the indicator. */
const seriesScope = (symbol: SymbolPlan) => `${symbol.symbol}[${symbol.from},${symbol.to})`;

/**
 * Asks `planner` for every indicator series `run(input, { series })` would
 * ask its store for, in the same order, without simulating a bar: what a
 * sweep's task is planned by (see `SeriesCache`). Throws what `run` throws
 * for an invalid input.
 */
export function planSeries(input: BacktestInput, planner: SeriesPlanner): void {
  const plan = planRun(input);
  for (const symbol of plan.symbols) plan.template.createStrategy(plan.params, planningFeed(symbol.from, symbol.to, seriesScope(symbol), planner));
}

/** The simulation in the engine's own units, before anything is written as wire strings. */
export function run(input: BacktestInput, options: SimulateOptions = {}): Simulation {
  const plan = planRun(input);
  const { params, barMs } = plan;
  const share = plan.capital / plan.symbols.length;
  const protections = protectionSettings(params, barMs);
  const sizing = {
    positionSize: params.position_size,
    leverage: plan.leverage,
    stopLoss: params.stop_loss_pct === undefined ? NaN : params.stop_loss_pct / 100,
    takeProfit: params.take_profit_pct === undefined ? NaN : params.take_profit_pct / 100,
    trailingStop: protections.trailingStop,
  };
  const totalBars = plan.symbols.reduce((total, symbol) => total + symbol.to - symbol.from, 0);
  let barsDone = 0;
  const reportBars = (count: number) => {
    barsDone += count;
    options.onProgress?.(barsDone / totalBars);
  };

  const trades = new TradeLog();
  let finalEquity = 0;
  const symbolEquity: SymbolEquity[] = plan.symbols.map((symbol, index) => {
    const guard = new EquityGuard(protections, initialGuardState(share));
    const account = new SymbolAccount(share, index, sizing, plan.fees, trades, guard);
    const equity = new Float64Array(symbol.to - symbol.from);
    const feed = options.series && sharedFeed(symbol.candles, symbol.from, symbol.to, seriesScope(symbol), options.series);
    runSymbol({ ...symbol, barMs, strategy: plan.template.createStrategy(params, feed), account, guard, equity, reportBars });
    finalEquity += account.cash;
    return { openTime: symbol.candles.openTime.subarray(symbol.from, symbol.to), equity, share };
  });

  const barEquity = combineBarEquity(symbolEquity);
  const days = curveDays(plan.start, plan.end);
  const dailyEquity = sampleDailyEquity(symbolEquity, days, barMs);
  const metrics = computeMetrics({
    dailyEquity,
    barEquity: barEquity.equity,
    capital: plan.capital,
    finalEquity,
    days: (plan.end - plan.start) / DAY_MS,
    trades: tradeStatistics(trades.pnl, trades.entryTime, trades.exitTime, trades.count),
  });
  return { plan, finalEquity, metrics, days, dailyEquity, barEquity, trades };
}
