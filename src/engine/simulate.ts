// Typed-array loops: every index below is bounded by the loop or the array length, so `!` stands in for a guard that would cost speed.
import { formatDecimal } from './wire-format';
import { combineBarEquity, curveDays, sampleDailyEquity, type SymbolEquity } from './equity-curve';
import { computeMetrics, tradeStatistics } from './metrics';
import { planRun } from './run-plan';
import { runSymbol } from './run-symbol';
import { SymbolAccount } from './symbol-account';
import { DAY_MS } from './timeframes';
import { TradeLog } from './trade-log';
import type { BacktestInput, EquityPoint, SimulationResult } from './types';

export interface SimulateOptions {
  /** Receives the fraction of bars simulated, in (0, 1], at least every 65,536 bars. */
  onProgress?: (fraction: number) => void;
}

/**
 * The backtest: a pure function of candles, funding, template, params and fee
 * model (no I/O, no clock, no randomness). Throws `EngineError`.
 *
 * Numbers are float64 throughout the simulation: exact decimals would cost
 * ~100× per bar, and the float64 rounding error (~1e-16 relative) stays far
 * below the 8 decimals written on the wire. Wire values are produced once, by
 * `formatDecimal`.
 */
export function simulate(input: BacktestInput, options: SimulateOptions = {}): SimulationResult {
  const plan = planRun(input);
  const { params, barMs } = plan;
  const share = plan.capital / plan.symbols.length;
  const sizing = {
    positionSize: params.position_size,
    leverage: plan.leverage,
    stopLoss: params.stop_loss_pct === undefined ? NaN : params.stop_loss_pct / 100,
    takeProfit: params.take_profit_pct === undefined ? NaN : params.take_profit_pct / 100,
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
    const account = new SymbolAccount(share, index, sizing, plan.fees, trades);
    const equity = new Float64Array(symbol.to - symbol.from);
    runSymbol({ ...symbol, barMs, strategy: plan.template.createStrategy(params), account, fees: plan.fees, equity, reportBars });
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
  const equityCurve = Array.from(days, (day, index): EquityPoint => [new Date(day).toISOString(), formatDecimal(dailyEquity[index]!)]);
  return {
    result: { metrics, equity_curve: equityCurve, trades: trades.toWire(plan.symbols.map((symbol) => symbol.symbol)) },
    barEquity,
  };
}
