/**
 * Engine alone (issue 5): `simulate` over 2,628,000 one-minute bars (5 years
 * of a seeded random walk) once through the worker pool, then per template on
 * the main thread. Prints bars per second and peak memory (RSS and V8 heap, sampled during each run).
 * Then `sma_cross` written as an expression (contract §17) on the same bars,
 * timed in turns with the template (bench/support/timed-turns.ts), and its
 * time over the template's (issue 26's target: at most 1.3×).
 * Then the cost of contract §19's protections: `sma_cross` with all four set
 * (at levels that keep it trading, so every rule is evaluated on every bar)
 * against the same run without them; issue 28 asks for ≤ 5 %.
 * `npm run bench -- backtest-engine protections [bars]` runs only that part.
 * The job's time with and without the contract §18 report is printed after
 * the pool's run. `BENCH_BARS` runs it all on fewer bars, to check that it runs.
 */
import os from 'node:os';
import { buildReport } from '../src/engine/report';
import { run, simulate } from '../src/engine/simulate';
import type { BacktestInput, FundingSeries } from '../src/engine/types';
import { BacktestPool } from '../src/engine/worker/backtest-pool';
import { randomWalk } from '../test/engine/candle-factory';
import { oneMinuteInput } from './support/engine-input';
import { fastest, roundRatios, timeInTurns, type TimedRun } from './support/timed-turns';

const BARS = Number(process.env.BENCH_BARS ?? 2_628_000);
const MINUTE_MS = 60_000;
const START = Date.UTC(2020, 0, 1);
const REPEATS = 3;
const SEED = 20240101;

/** `sma_cross` {fast: 10, slow: 30} as an expression (docs/expressions.md). */
const SMA_CROSS_EXPRESSION = {
  entry: 'crossover(sma(close, fast), sma(close, slow))',
  exit: 'crossunder(sma(close, fast), sma(close, slow))',
  fast: 10,
  slow: 30,
};

const TEMPLATES: [string, Record<string, unknown>][] = [
  ['sma_cross', { fast: 10, slow: 30 }],
  ['ema_cross', { fast: 10, slow: 30 }],
  ['rsi_reversion', { period: 14, oversold: 30, overbought: 70 }],
  ['bollinger_breakout', { period: 20, stddev: 2 }],
  ['donchian_breakout', { entry_period: 20, exit_period: 10 }],
  ['macd_trend', { fast: 12, slow: 26, signal: 9 }],
];

/** Every 8 hours, alternating ±1 bp. */
function fundingHistory(): FundingSeries {
  const count = Math.floor((BARS * MINUTE_MS) / (8 * 3_600_000));
  return {
    time: Float64Array.from({ length: count }, (_, index) => START + index * 8 * 3_600_000),
    rate: Float64Array.from({ length: count }, (_, index) => (index % 2 === 0 ? 0.0001 : -0.0001)),
  };
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

interface Measurement {
  trades: number;
  peakRss: number;
  peakHeap: number;
}

/** One `simulate` with its trades and the peaks of memory sampled during it. */
function measure(input: BacktestInput): Measurement {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  const { result } = simulate(input, { onProgress: sample });
  sample();
  return { trades: result.trades.length, peakRss, peakHeap };
}

/**
 * Protections in force on every bar (and every exit) that leave the trades
 * as they are, so the cost measured is the rules', not a run with fewer
 * trades to write: the bench stops if the two runs' trades differ. The
 * runs pay no fee: with fees, 51,000 trades on a random walk take the equity
 * towards zero, and any drawdown limit would end the run early.
 */
const PROTECTION_ROUNDS = 15;
const PROTECTIONS = { trailing_stop_pct: 10, max_drawdown_pct: 99.99, daily_loss_pct: 99.99, cooldown_bars: 1 };

function protectionsCost(bars: number): void {
  const candles = randomWalk(bars, SEED, START, MINUTE_MS, 30_000);
  const inputFor = (params: Record<string, unknown>): BacktestInput => oneMinuteInput('sma_cross', params, { candles, start: START, feeBps: '0' });
  const plainParams = { fast: 10, slow: 30 };
  const guardedParams = { ...plainParams, ...PROTECTIONS };
  const trades = (params: Record<string, unknown>) => () => simulate(inputFor(params)).result.trades.length;
  const { without: withoutRuns, with: withRuns } = timeInTurns({ without: trades(plainParams), with: trades(guardedParams) }, { rounds: PROTECTION_ROUNDS });
  withRuns.forEach((run, round) => {
    const without = withoutRuns[round]!.result;
    if (run.result !== without) throw new Error(`the rules changed the trades: ${run.result} with, ${without} without`);
  });
  const best = (runs: TimedRun<number>[]) => `${fastest(runs, 'ms').toFixed(0)} ms (CPU ${fastest(runs, 'cpuMs').toFixed(0)} ms)`;
  const cost = (ratio: number) => `${((ratio - 1) * 100).toFixed(1)} %`;
  const perRound = (measure: 'ms' | 'cpuMs') => {
    const ratios = roundRatios(withRuns, withoutRuns, measure);
    return `median ${cost(ratios[Math.floor(ratios.length / 2)]!)}, rounds ${cost(ratios[0]!)} to ${cost(ratios.at(-1)!)}`;
  };
  console.log(
    `protections (${bars.toLocaleString('en')} bars, sma_cross 10/30, ${PROTECTION_ROUNDS} alternating rounds, ${withRuns[0]!.result} trades with and without): without best ${best(withoutRuns)}, with ${JSON.stringify(PROTECTIONS)} best ${best(withRuns)}; cost in wall time ${perRound('ms')}, in CPU time ${perRound('cpuMs')} (target ≤ 5 %)`,
  );
}

/**
 * The report's cost (target ≤ +10 % of the job): `simulate` whole, which
 * builds it, and `buildReport` alone on the same run; without = the difference.
 */
function reportCost(input: BacktestInput): void {
  const simulation = run(input);
  const exitOrder = simulation.trades.exitOrder();
  const runs = timeInTurns(
    {
      job: () => simulate(input),
      report: () =>
        buildReport({
          symbols: simulation.plan.symbols,
          capital: simulation.plan.capital,
          finalEquity: simulation.finalEquity,
          trades: simulation.trades,
          exitOrder,
          days: simulation.days,
          dailyEquity: simulation.dailyEquity,
        }),
    },
    { rounds: REPEATS, warmUps: 1 },
  );
  const withReport = fastest(runs.job, 'ms') / 1000;
  const report = fastest(runs.report, 'ms') / 1000;
  const without = withReport - report;
  console.log(
    `report (contract §18), sma_cross over ${BARS.toLocaleString('en')} bars, ${simulation.trades.count} trades, best of ${REPEATS}: job ${withReport.toFixed(3)} s with the report, ${without.toFixed(3)} s without; the report alone ${(report * 1000).toFixed(1)} ms (+${((report / without) * 100).toFixed(1)} %)`,
  );
}

export async function main(args: string[] = []): Promise<void> {
  if (args[0] === 'protections') {
    protectionsCost(Number(args[1] ?? BARS));
    return;
  }
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(2)}`);
  const candles = randomWalk(BARS, SEED, START, MINUTE_MS, 30_000);
  const funding = fundingHistory();
  const rssAtStart = process.memoryUsage().rss;
  const inputFor = (templateId: string, params: Record<string, unknown>): BacktestInput =>
    oneMinuteInput(templateId, params, { candles, start: START, feeBps: '5', funding });

  // The pool first, so the process peak below is that of its run, not of garbage left by the main-thread runs.
  const pool = new BacktestPool({ threads: 1 });
  try {
    const warmUp = inputFor('sma_cross', { fast: 10, slow: 30 });
    await pool.run({
      ...warmUp,
      config: { ...warmUp.config, end: START + 10_000 * MINUTE_MS },
      candles: { BTCUSDT: randomWalk(10_000, SEED, START, MINUTE_MS) },
    });
    const rssWithWorker = process.memoryUsage().rss;
    // The pool's own copy of the candles, moved into the worker rather than cloned.
    const moved = { ...warmUp, candles: { BTCUSDT: randomWalk(BARS, SEED, START, MINUTE_MS, 30_000) }, funding: { BTCUSDT: fundingHistory() } };
    const started = performance.now();
    await pool.run(moved, { transferInput: true });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `worker pool (warm thread, candles moved in, result copied out): sma_cross ${(BARS / seconds / 1e6).toFixed(2)} M bars/s, ${seconds.toFixed(2)} s`,
    );
    console.log(
      `  memory: RSS at start ${mb(rssAtStart)} (main thread holding one copy of the candles, ${mb(6 * 8 * BARS)}), with the idle worker ${mb(rssWithWorker)}, process peak after the run ${mb(process.resourceUsage().maxRSS * 1024)} (a second copy of the candles built in main, then moved)`,
    );
  } finally {
    await pool.destroy();
  }

  reportCost(inputFor('sma_cross', { fast: 10, slow: 30 }));

  console.log(
    `${BARS.toLocaleString('en')} one-minute bars, best of ${REPEATS} runs after a warm-up run, on the main thread (simulation + metrics + wire output):`,
  );
  const row = (label: string, params: Record<string, unknown>, runs: TimedRun<Measurement>[]) => {
    const barsPerSecond = BARS / (fastest(runs, 'ms') / 1000);
    const peakRss = Math.max(...runs.map((one) => one.result.peakRss));
    const peakHeap = Math.max(...runs.map((one) => one.result.peakHeap));
    console.log(
      `  ${label.padEnd(19)} ${JSON.stringify(params).padEnd(48).slice(0, 48)} ${(barsPerSecond / 1e6).toFixed(2).padStart(6)} M bars/s  ${String(runs[0]!.result.trades).padStart(7)} trades  peak RSS ${mb(peakRss)}, heap ${mb(peakHeap)}`,
    );
  };
  // Worker threads live across jobs, so the steady state (after an untimed run) is the figure that matters.
  for (const [templateId, params] of TEMPLATES) {
    row(templateId, params, timeInTurns({ run: () => measure(inputFor(templateId, params)) }, { rounds: REPEATS, warmUps: 1 }).run);
  }
  // The expression against the template in turns, in the same state of the JIT: the bar loop has seen every template by now.
  const paired = timeInTurns(
    {
      template: () => measure(inputFor('sma_cross', { fast: 10, slow: 30 })),
      expression: () => measure(inputFor('expression', SMA_CROSS_EXPRESSION)),
    },
    { rounds: REPEATS },
  );
  row('sma_cross as expr', SMA_CROSS_EXPRESSION, paired.expression);
  const [template, expression] = [paired.template[0]!.result.trades, paired.expression[0]!.result.trades];
  if (expression !== template) throw new Error(`the expression made ${expression} trades, the template ${template}`);
  const ratio = (measure: 'ms' | 'cpuMs') => (fastest(paired.expression, measure) / fastest(paired.template, measure)).toFixed(2);
  console.log(
    `  expression / template time for sma_cross, best of ${REPEATS} rounds in turns: ${ratio('ms')}× by wall time, ${ratio('cpuMs')}× by CPU time (target ≤ 1.3×)`,
  );
  protectionsCost(BARS);
}
