// Typed-array loops: every index below is bounded by the loop or the array length, so `!` stands in for a guard that would cost speed.
import { formatDecimal } from './wire-format';
import type { BacktestMetrics } from './types';

/**
 * Contract §7 metrics. Each function returns NaN where the contract calls the
 * value undefined; `formatDecimal` writes NaN and ±Infinity as "0".
 */

const DAYS_PER_YEAR = 365;

/** r_d = E_d / E_(d−1) − 1 between consecutive daily points; a day starting at zero or negative equity returns 0 (nothing left to grow). */
export function dailyReturns(dailyEquity: Float64Array): Float64Array {
  const returns = new Float64Array(Math.max(0, dailyEquity.length - 1));
  for (let day = 1; day < dailyEquity.length; day++) {
    const previous = dailyEquity[day - 1]!;
    returns[day - 1] = previous > 0 ? dailyEquity[day]! / previous - 1 : 0;
  }
  return returns;
}

function mean(values: Float64Array): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** mean(r) / std(r, sample) · √365; undefined with fewer than two returns or zero deviation. */
export function sharpeRatio(returns: Float64Array): number {
  if (returns.length < 2) return NaN;
  const average = mean(returns);
  let squares = 0;
  for (const value of returns) squares += (value - average) ** 2;
  const deviation = Math.sqrt(squares / (returns.length - 1));
  return deviation === 0 ? NaN : (average / deviation) * Math.sqrt(DAYS_PER_YEAR);
}

/** mean(r) / √(mean over all days of min(r, 0)²) · √365; undefined without returns or without a losing day. */
export function sortinoRatio(returns: Float64Array): number {
  if (returns.length === 0) return NaN;
  let downside = 0;
  for (const value of returns) if (value < 0) downside += value * value;
  const deviation = Math.sqrt(downside / returns.length);
  return deviation === 0 ? NaN : (mean(returns) / deviation) * Math.sqrt(DAYS_PER_YEAR);
}

/** max over bars of 1 − E_t / peak(E), the peak starting at the capital; 0 when equity never falls. */
export function maxDrawdown(barEquity: Float64Array, capital: number): number {
  let peak = capital;
  let worst = 0;
  for (const equity of barEquity) {
    if (equity >= peak) {
      peak = equity;
    } else {
      const drawdown = 1 - equity / peak;
      if (drawdown > worst) worst = drawdown;
    }
  }
  return worst;
}

/** (E_end / E_start)^(365/days) − 1 over fractional days; −1 when the final equity is not positive. */
export function compoundAnnualGrowth(startEquity: number, endEquity: number, days: number): number {
  if (endEquity <= 0) return -1;
  return (endEquity / startEquity) ** (DAYS_PER_YEAR / days) - 1;
}

export interface TradeStatistics {
  winRate: number;
  profitFactor: number;
  expectedValue: number;
  count: number;
  averageDurationSeconds: number;
}

/** Over closed trades' net pnl (after fees and funding); times in Unix ms. */
export function tradeStatistics(pnl: Float64Array, entryTime: Float64Array, exitTime: Float64Array, count: number): TradeStatistics {
  let wins = 0;
  let winning = 0;
  let losing = 0;
  let total = 0;
  let durationMs = 0;
  for (let index = 0; index < count; index++) {
    const value = pnl[index]!;
    total += value;
    if (value > 0) {
      wins++;
      winning += value;
    } else if (value < 0) {
      losing -= value;
    }
    durationMs += exitTime[index]! - entryTime[index]!;
  }
  return {
    winRate: count === 0 ? NaN : wins / count,
    profitFactor: losing === 0 ? NaN : winning / losing,
    expectedValue: count === 0 ? NaN : total / count,
    count,
    averageDurationSeconds: count === 0 ? 0 : Math.round(durationMs / count / 1000),
  };
}

export interface MetricsInput {
  /** Combined equity at 00:00 UTC of each curve date. */
  dailyEquity: Float64Array;
  /** Combined mark-to-market equity at each bar close. */
  barEquity: Float64Array;
  capital: number;
  finalEquity: number;
  /** (end − start) in days, fractional. */
  days: number;
  trades: TradeStatistics;
}

export function computeMetrics(input: MetricsInput): BacktestMetrics {
  const returns = dailyReturns(input.dailyEquity);
  const drawdown = maxDrawdown(input.barEquity, input.capital);
  const cagr = compoundAnnualGrowth(input.capital, input.finalEquity, input.days);
  return {
    sharpe: formatDecimal(sharpeRatio(returns)),
    sortino: formatDecimal(sortinoRatio(returns)),
    calmar: formatDecimal(drawdown === 0 ? NaN : cagr / drawdown),
    max_drawdown: formatDecimal(drawdown),
    win_rate: formatDecimal(input.trades.winRate),
    profit_factor: formatDecimal(input.trades.profitFactor),
    cagr: formatDecimal(cagr),
    expected_value: formatDecimal(input.trades.expectedValue),
    total_trades: input.trades.count,
    avg_trade_duration_seconds: input.trades.averageDurationSeconds,
  };
}
