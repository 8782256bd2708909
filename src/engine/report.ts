// Typed-array loops: every index below is bounded by the loop or the array length, so `!` stands in for a guard that would cost speed.
import { drawdownPeriods, monthlyReturns } from './curve-report';
import type { SymbolPlan } from './run-plan';
import { lowerBound } from './sorted-search';
import type { TradeLog } from './trade-log';
import type { BacktestReport, ReportSummary, SymbolReport } from './types';
import { formatDecimal } from './wire-format';

export interface ReportInput {
  symbols: readonly SymbolPlan[];
  capital: number;
  finalEquity: number;
  trades: TradeLog;
  /** Trade indices in exit-time order (`TradeLog.exitOrder`). */
  exitOrder: readonly number[];
  days: Float64Array;
  dailyEquity: Float64Array;
}

/**
 * Contract §18 `report`, from what the run already holds: the trade log, the
 * daily curve and each symbol's first open and last close. Nothing here reads
 * the bars again, except a binary search per trade for its bar count.
 */
export function buildReport(input: ReportInput): BacktestReport {
  return {
    summary: summarise(input),
    per_symbol: perSymbol(input),
    monthly_returns: monthlyReturns(input.days, input.dailyEquity),
    drawdowns: drawdownPeriods(input.days, input.dailyEquity),
  };
}

/** The mean over symbols of last simulated close / first simulated open − 1: holding each share, without fees, funding or leverage. */
function buyAndHoldReturn(symbols: readonly SymbolPlan[]): number {
  let sum = 0;
  for (const { candles, from, to } of symbols) sum += candles.close[to - 1]! / candles.open[from]! - 1;
  return sum / symbols.length;
}

/** Bars, over all symbols, opening in [entry_time, exit_time) of a trade, over all simulated bars. */
function exposure(symbols: readonly SymbolPlan[], trades: TradeLog): number {
  let total = 0;
  for (const { from, to } of symbols) total += to - from;
  let exposed = 0;
  for (let index = 0; index < trades.count; index++) {
    const { candles, from, to } = symbols[trades.symbol[index]!]!;
    const openTime = candles.openTime.subarray(from, to);
    exposed += lowerBound(openTime, trades.exitTime[index]!) - lowerBound(openTime, trades.entryTime[index]!);
  }
  return exposed / total;
}

function summarise(input: ReportInput): ReportSummary {
  const { trades, exitOrder } = input;
  let fees = 0;
  let funding = 0;
  let longs = 0;
  let best = -Infinity;
  let worst = Infinity;
  let durationMs = 0;
  for (let index = 0; index < trades.count; index++) {
    const pnl = trades.pnl[index]!;
    fees += trades.fee[index]!;
    funding += trades.funding[index]!;
    if (trades.direction[index] === 1) longs++;
    best = Math.max(best, pnl);
    worst = Math.min(worst, pnl);
    durationMs += trades.exitTime[index]! - trades.entryTime[index]!;
  }
  let wins = 0;
  let losses = 0;
  let maxWins = 0;
  let maxLosses = 0;
  for (const index of exitOrder) {
    if (trades.pnl[index]! > 0) {
      losses = 0;
      maxWins = Math.max(maxWins, ++wins);
    } else {
      wins = 0;
      maxLosses = Math.max(maxLosses, ++losses);
    }
  }
  return {
    total_return: formatDecimal(input.finalEquity / input.capital - 1),
    buy_and_hold_return: formatDecimal(buyAndHoldReturn(input.symbols)),
    exposure: formatDecimal(exposure(input.symbols, trades)),
    total_fees: formatDecimal(fees),
    total_funding: formatDecimal(funding),
    long_trades: longs,
    short_trades: trades.count - longs,
    best_trade: formatDecimal(best),
    worst_trade: formatDecimal(worst),
    avg_trade_duration_s: trades.count === 0 ? 0 : Math.round(durationMs / trades.count / 1000),
    max_consecutive_wins: maxWins,
    max_consecutive_losses: maxLosses,
  };
}

function perSymbol(input: ReportInput): SymbolReport[] {
  const { trades, symbols } = input;
  const count = new Int32Array(symbols.length);
  const wins = new Int32Array(symbols.length);
  const pnl = new Float64Array(symbols.length);
  const fees = new Float64Array(symbols.length);
  const funding = new Float64Array(symbols.length);
  for (let index = 0; index < trades.count; index++) {
    const symbol = trades.symbol[index]!;
    count[symbol]!++;
    if (trades.pnl[index]! > 0) wins[symbol]!++;
    pnl[symbol]! += trades.pnl[index]!;
    fees[symbol]! += trades.fee[index]!;
    funding[symbol]! += trades.funding[index]!;
  }
  return symbols.map(({ symbol }, index) => ({
    symbol,
    trades: count[index]!,
    win_rate: formatDecimal(wins[index]! / count[index]!),
    pnl: formatDecimal(pnl[index]!),
    fees: formatDecimal(fees[index]!),
    funding: formatDecimal(funding[index]!),
  }));
}
