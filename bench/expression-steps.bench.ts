/**
 * The per-bar cost of a sweep combination, in one process, by CPU time:
 * `sma_cross` and the same rules as an expression, every indicator series
 * already computed and shared as a sweep shares them, so what is left is
 * the engine's bar loop and the strategy's own per-bar steps (issue 26's
 * sweep target). Seconds, not minutes: for iterating on the compiled
 * expression. `npm run bench -- expression-steps [bars]` (default 1,000,000).
 */
import { simulateMetrics, type BacktestInput, type CandleSeries } from '../src/engine';
import type { SeriesStore } from '../src/engine/indicators/indicator-feed';
import { machineLine } from './support/backtest-bench';
import { oneMinuteInput } from './support/engine-input';
import { fastest, timeInTurns } from './support/timed-turns';

const MINUTE_MS = 60_000;
const START = Date.parse('2025-01-01T00:00:00Z');
/** A few of the benchmark sweep's combinations: fast lengths from 2 to 40, slow from 50 to 290. */
const COMBINATIONS = [
  [2, 50],
  [10, 120],
  [25, 200],
  [40, 290],
] as const;
const ROUNDS = 5;

/** A seeded random walk, so every run measures the same bars and the same trades. */
function syntheticCandles(bars: number): CandleSeries {
  const candles: CandleSeries = {
    openTime: new Float64Array(bars),
    open: new Float64Array(bars),
    high: new Float64Array(bars),
    low: new Float64Array(bars),
    close: new Float64Array(bars),
    volume: new Float64Array(bars),
  };
  let seed = 26;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  let price = 40_000;
  for (let bar = 0; bar < bars; bar++) {
    const open = price;
    price *= 1 + (random() - 0.5) * 0.004;
    candles.openTime[bar] = START + bar * MINUTE_MS;
    candles.open[bar] = open;
    candles.close[bar] = price;
    candles.high[bar] = Math.max(open, price) * (1 + random() * 0.001);
    candles.low[bar] = Math.min(open, price) * (1 - random() * 0.001);
    candles.volume[bar] = 1 + random() * 100;
  }
  return candles;
}

/** Keeps every series it is given: the sweep's cache when everything fits. */
function keepEverything(): SeriesStore {
  const series = new Map<string, Float64Array>();
  return {
    get: (key) => series.get(key),
    reserve: (_key, length) => new Float64Array(length),
    add: (key, values) => void series.set(key, values),
  };
}

export function main(args: string[]): void {
  const bars = Number(args[0] ?? 1_000_000);
  const candles = syntheticCandles(bars);
  const input = (templateId: string, params: Record<string, unknown>): BacktestInput =>
    oneMinuteInput(templateId, params, { candles, start: START, feeBps: '5' });
  const rules = { entry: 'crossover(sma(close, fast), sma(close, slow))', exit: 'crossunder(sma(close, fast), sma(close, slow))' };
  const kinds = {
    template: COMBINATIONS.map(([fast, slow]) => input('sma_cross', { fast, slow })),
    expression: COMBINATIONS.map(([fast, slow]) => input('expression', { ...rules, fast, slow })),
  };
  const series = keepEverything();
  // The first pass computes every series (and checks that both give the same metrics); the rounds only read them.
  for (let index = 0; index < COMBINATIONS.length; index++) {
    const template = JSON.stringify(simulateMetrics(kinds.template[index]!, { series }));
    const expression = JSON.stringify(simulateMetrics(kinds.expression[index]!, { series }));
    if (template !== expression) throw new Error(`combination ${COMBINATIONS[index]!.join('/')}: the expression's metrics differ from the template's`);
  }
  const runs = timeInTurns(
    {
      template: () => kinds.template.forEach((one) => simulateMetrics(one, { series })),
      expression: () => kinds.expression.forEach((one) => simulateMetrics(one, { series })),
    },
    { rounds: ROUNDS },
  );
  const nsPerBar = (kind: 'template' | 'expression') => (fastest(runs[kind], 'cpuMs') * 1e6) / (bars * COMBINATIONS.length);
  const best = { template: nsPerBar('template'), expression: nsPerBar('expression') };
  console.log(machineLine());
  console.log(`${bars} bars × ${COMBINATIONS.length} combinations, series shared, best of ${ROUNDS} rounds by CPU time:`);
  console.log(`  sma_cross template:   ${best.template.toFixed(1)} ns/bar`);
  console.log(`  sma_cross expression: ${best.expression.toFixed(1)} ns/bar = ${(best.expression / best.template).toFixed(2)}× the template`);
}
