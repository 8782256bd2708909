/**
 * Engine alone (issue 5): `simulate` over 2,628,000 one-minute bars (5 years
 * of a seeded random walk) once through the worker pool, then per template on
 * the main thread. Prints bars per second and peak memory (RSS and V8 heap, sampled during each run).
 * Then `sma_cross` written as an expression (contract §17) on the same bars,
 * with its time over the template's (issue 26's target: at most 1.3×).
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
  barsPerSecond: number;
  trades: number;
  peakRss: number;
  peakHeap: number;
}

function measure(input: BacktestInput): Measurement {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  const started = performance.now();
  const { result } = simulate(input, { onProgress: sample });
  const seconds = (performance.now() - started) / 1000;
  sample();
  return { barsPerSecond: BARS / seconds, trades: result.trades.length, peakRss, peakHeap };
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

interface TimedRun {
  ms: number;
  /** This process's CPU time (user + system) during the run: unlike wall time, not charged for other processes' turns on the CPU. */
  cpuMs: number;
  trades: number;
}

function protectionsCost(bars: number): void {
  const candles = randomWalk(bars, SEED, START, MINUTE_MS, 30_000);
  const inputFor = (params: Record<string, unknown>): BacktestInput => ({
    config: {
      templateId: 'sma_cross',
      params,
      symbols: ['BTCUSDT'],
      timeframe: '1m',
      start: START,
      end: START + bars * MINUTE_MS,
      capital: '10000',
      leverage: 1,
      feeModel: 'fixed_bps',
      feeBps: '0',
    },
    candles: { BTCUSDT: candles },
    funding: {},
  });
  const time = (params: Record<string, unknown>): TimedRun => {
    const cpuAtStart = process.cpuUsage();
    const started = performance.now();
    const trades = simulate(inputFor(params)).result.trades.length;
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuAtStart);
    return { ms, cpuMs: (cpu.user + cpu.system) / 1000, trades };
  };
  const plainParams = { fast: 10, slow: 30 };
  const guardedParams = { ...plainParams, ...PROTECTIONS };
  // V8 recompiles the bar loop as each kind of run brings it new paths: two untimed rounds, in both orders, let it settle.
  for (const params of [plainParams, guardedParams, guardedParams, plainParams]) time(params);
  // This VM's speed drifts by up to 2× within seconds: each round times both runs back to back (in turns, first one,
  // then the other), and the cost is the median of the rounds' ratios.
  const withoutRuns: TimedRun[] = [];
  const withRuns: TimedRun[] = [];
  for (let round = 0; round < PROTECTION_ROUNDS; round++) {
    const [first, second] = round % 2 === 0 ? [plainParams, guardedParams] : [guardedParams, plainParams];
    const a = time(first);
    const b = time(second);
    const [without, withRules] = round % 2 === 0 ? [a, b] : [b, a];
    if (without.trades !== withRules.trades) throw new Error(`the rules changed the trades: ${withRules.trades} with, ${without.trades} without`);
    withoutRuns.push(without);
    withRuns.push(withRules);
  }
  const best = (runs: TimedRun[]) => `${Math.min(...runs.map((run) => run.ms)).toFixed(0)} ms (CPU ${Math.min(...runs.map((run) => run.cpuMs)).toFixed(0)} ms)`;
  const cost = (ratio: number) => `${((ratio - 1) * 100).toFixed(1)} %`;
  const perRound = (measure: (run: TimedRun) => number) => {
    const ratios = withRuns.map((run, round) => measure(run) / measure(withoutRuns[round]!)).sort((x, y) => x - y);
    return `median ${cost(ratios[Math.floor(ratios.length / 2)]!)}, rounds ${cost(ratios[0]!)} to ${cost(ratios.at(-1)!)}`;
  };
  console.log(
    `protections (${bars.toLocaleString('en')} bars, sma_cross 10/30, ${PROTECTION_ROUNDS} alternating rounds, ${withRuns[0]!.trades} trades with and without): without best ${best(withoutRuns)}, with ${JSON.stringify(PROTECTIONS)} best ${best(withRuns)}; cost in wall time ${perRound((run) => run.ms)}, in CPU time ${perRound((run) => run.cpuMs)} (target ≤ 5 %)`,
  );
}

function bestSeconds(action: () => void): number {
  action();
  let best = Infinity;
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    const started = performance.now();
    action();
    best = Math.min(best, (performance.now() - started) / 1000);
  }
  return best;
}

/**
 * The report's cost (target ≤ +10 % of the job): `simulate` whole, which
 * builds it, and `buildReport` alone on the same run; without = the difference.
 */
function reportCost(input: BacktestInput): void {
  const withReport = bestSeconds(() => simulate(input));
  const simulation = run(input);
  const exitOrder = simulation.trades.exitOrder();
  const report = bestSeconds(() =>
    buildReport({
      symbols: simulation.plan.symbols,
      capital: simulation.plan.capital,
      finalEquity: simulation.finalEquity,
      trades: simulation.trades,
      exitOrder,
      days: simulation.days,
      dailyEquity: simulation.dailyEquity,
    }),
  );
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
  const inputFor = (templateId: string, params: Record<string, unknown>): BacktestInput => ({
    config: {
      templateId,
      params,
      symbols: ['BTCUSDT'],
      timeframe: '1m',
      start: START,
      end: START + BARS * MINUTE_MS,
      capital: '10000',
      leverage: 1,
      feeModel: 'fixed_bps',
      feeBps: '5',
    },
    candles: { BTCUSDT: candles },
    funding: { BTCUSDT: funding },
  });

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

  reportCost(inputFor('sma_cross', { fast: 10, slow: 30 }));

  console.log(
    `${BARS.toLocaleString('en')} one-minute bars, best of ${REPEATS} runs after a warm-up run, on the main thread (simulation + metrics + wire output):`,
  );
  const best = (templateId: string, params: Record<string, unknown>, label = templateId): Measurement => {
    // Worker threads live across jobs, so the steady state (after one untimed run) is the figure that matters.
    measure(inputFor(templateId, params));
    const runs = Array.from({ length: REPEATS }, () => measure(inputFor(templateId, params)));
    const fastest = runs.reduce((a, b) => (b.barsPerSecond > a.barsPerSecond ? b : a));
    const peakRss = Math.max(...runs.map((run) => run.peakRss));
    const peakHeap = Math.max(...runs.map((run) => run.peakHeap));
    console.log(
      `  ${label.padEnd(19)} ${JSON.stringify(params).padEnd(48).slice(0, 48)} ${(fastest.barsPerSecond / 1e6).toFixed(2).padStart(6)} M bars/s  ${String(fastest.trades).padStart(7)} trades  peak RSS ${mb(peakRss)}, heap ${mb(peakHeap)}`,
    );
    return fastest;
  };
  const results = new Map(TEMPLATES.map(([templateId, params]) => [templateId, best(templateId, params)]));
  const template = results.get('sma_cross')!;
  const expression = best('expression', SMA_CROSS_EXPRESSION, 'sma_cross as expr');
  if (expression.trades !== template.trades) throw new Error(`the expression made ${expression.trades} trades, the template ${template.trades}`);
  console.log(`  expression / template time for sma_cross: ${(template.barsPerSecond / expression.barsPerSecond).toFixed(2)}× (target ≤ 1.3×)`);
  protectionsCost(BARS);
}
