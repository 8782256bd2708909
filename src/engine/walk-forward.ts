import { computeMetrics, tradeStatistics } from './metrics';
import { run } from './simulate';
import { DAY_MS } from './timeframes';
import type { BacktestInput, BacktestMetrics } from './types';

/** One walk-forward window (contract §13): instants in Unix ms; each part runs as a job over [start, end) would. */
export interface WalkForwardWindow {
  trainStart: number;
  trainEnd: number;
  testStart: number;
  testEnd: number;
}

/**
 * Consecutive windows of `trainDays` followed by `testDays`, stepping by
 * `testDays` from `start`, while the test part ends by `end`: the test parts
 * tile [start + trainDays, …] without overlap, so they chain into one curve.
 */
export function walkForwardWindows(start: number, end: number, trainDays: number, testDays: number): WalkForwardWindow[] {
  const windows: WalkForwardWindow[] = [];
  for (let trainStart = start; ; trainStart += testDays * DAY_MS) {
    const trainEnd = trainStart + trainDays * DAY_MS;
    const testEnd = trainEnd + testDays * DAY_MS;
    if (testEnd > end) return windows;
    windows.push({ trainStart, trainEnd, testStart: trainEnd, testEnd });
  }
}

export interface TestPart {
  params: unknown;
  start: number;
  end: number;
}

/** `input` run with the part's params over the part's range. */
export function withRun(input: BacktestInput, part: TestPart): BacktestInput {
  return { ...input, config: { ...input.config, params: part.params, start: part.start, end: part.end } };
}

export interface WalkForwardTests {
  /** Each part's own metrics, as a job over that part would report them. */
  testMetrics: BacktestMetrics[];
  /** The metrics of the parts chained into one equity curve. */
  oosMetrics: BacktestMetrics;
}

/**
 * Runs each test part with its own params, then chains them: each part starts
 * with the equity the previous one ended with (its curve scaled by that
 * growth), so the chained curve compounds like one account that switched
 * params at each boundary. A boundary date shared by two parts counts once.
 */
export function chainTestParts(base: BacktestInput, parts: readonly TestPart[]): WalkForwardTests {
  const testMetrics: BacktestMetrics[] = [];
  const daily: number[] = [];
  const bars: number[] = [];
  const pnl: number[] = [];
  const entryTime: number[] = [];
  const exitTime: number[] = [];
  let capital = NaN;
  let growth = 1;
  let lastDay = -Infinity;
  for (const part of parts) {
    const simulation = run(withRun(base, part));
    testMetrics.push(simulation.metrics);
    if (Number.isNaN(capital)) capital = simulation.plan.capital;
    simulation.days.forEach((day, index) => {
      // `days` and `dailyEquity` have the same length.
      if (day > lastDay) daily.push(simulation.dailyEquity[index]! * growth);
      lastDay = Math.max(lastDay, day);
    });
    for (const equity of simulation.barEquity.equity) bars.push(equity * growth);
    const { trades } = simulation;
    // The trade log's columns hold at least `count` values.
    for (let index = 0; index < trades.count; index++) {
      pnl.push(trades.pnl[index]! * growth);
      entryTime.push(trades.entryTime[index]!);
      exitTime.push(trades.exitTime[index]!);
    }
    growth *= simulation.finalEquity / simulation.plan.capital;
  }
  const first = parts[0];
  const last = parts[parts.length - 1];
  const oosMetrics = computeMetrics({
    dailyEquity: Float64Array.from(daily),
    barEquity: Float64Array.from(bars),
    capital,
    finalEquity: capital * growth,
    days: first && last ? (last.end - first.start) / DAY_MS : 0,
    trades: tradeStatistics(Float64Array.from(pnl), Float64Array.from(entryTime), Float64Array.from(exitTime), pnl.length),
  });
  return { testMetrics, oosMetrics };
}
