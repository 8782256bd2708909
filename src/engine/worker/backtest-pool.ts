import path from 'node:path';
import { isArrayBuffer } from 'node:util/types';
import { Piscina } from 'piscina';
import type { TrialSharpes } from '../deflated-sharpe';
import { EngineError } from '../engine-error';
import type { BacktestInput, BacktestMetrics, BacktestResult, ResultJson, SimulationResult } from '../types';
import { planSeries } from '../simulate';
import { withRun, type TestPart, type WalkForwardTests } from '../walk-forward';
import type { BacktestProgress } from './backtest-progress';
import { DEFAULT_SERIES_CACHE_BYTES, SeriesCache } from './series-cache';
import type {
  AnyTaskOutcome,
  BacktestTask,
  BacktestTaskResult,
  DeflatedSharpeTaskOutcome,
  MetricsTaskOutcome,
  TaskFailure,
  WalkForwardTaskOutcome,
} from './backtest-task';

export interface BacktestPoolOptions {
  /** Worker threads (`BACKTEST_WORKERS`). */
  threads: number;
  /** An idle thread exits after this long; the next run starts a new one. */
  idleTimeoutMs?: number;
  /** The most bytes of indicator series held for sweeps at once (`SeriesCache`); default `DEFAULT_SERIES_CACHE_BYTES`. */
  seriesCacheBytes?: number;
}

export interface BacktestRunOptions {
  /**
   * Aborting terminates the worker thread running the task at once (a
   * CPU-bound loop cannot be interrupted otherwise) and rejects the run with
   * an error named `AbortError`; the pool replaces the thread.
   */
  signal?: AbortSignal;
  progress?: BacktestProgress;
  /**
   * Moves the candle and funding buffers into the worker instead of copying
   * them (structured cloning holds two extra copies while in flight). The
   * caller's arrays are detached afterwards. Buffers on a SharedArrayBuffer
   * are shared either way.
   */
  transferInput?: boolean;
}

/** Every distinct transferable buffer under the input's series (`isArrayBuffer` skips shared ones and works across realms). */
function inputBuffers(input: BacktestInput): ArrayBuffer[] {
  const arrays = [
    ...Object.values(input.candles).flatMap((series) => [series.openTime, series.open, series.high, series.low, series.close, series.volume]),
    ...Object.values(input.funding).flatMap((series) => [series.time, series.rate]),
  ];
  const buffers = new Set(arrays.map((array) => array.buffer).filter((buffer) => isArrayBuffer(buffer)));
  return [...buffers];
}

/** From TypeScript sources the worker needs a compiler hook; the compiled build loads the worker itself. */
function workerFilename(): string {
  return __filename.endsWith('.ts') ? path.join(__dirname, 'typescript-worker.js') : path.join(__dirname, 'backtest-worker.js');
}

/** Runs `simulate` off the main thread on a piscina pool. */
export class BacktestPool {
  private readonly piscina: Piscina<BacktestTask, AnyTaskOutcome>;
  /** The sweeps' indicator series, shared by every thread and every combination of a sweep. */
  readonly series: SeriesCache;

  constructor(options: BacktestPoolOptions) {
    this.series = new SeriesCache(options.seriesCacheBytes ?? DEFAULT_SERIES_CACHE_BYTES);
    this.piscina = new Piscina({
      filename: workerFilename(),
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: options.idleTimeoutMs ?? 60_000,
      // A small young generation (8 MB semi-spaces): `npm start`'s --max-semi-space-size=64 is sized for the API's
      // short-lived request objects, and would let each engine thread, which allocates little but typed arrays until
      // it writes a job's result, commit 128 MB of young generation that a 5-year job's peak then carries. V8's
      // default (16 MB semi-spaces) still left the 5-year archive job at 604 MB; with 8 MB it peaked at 577-579 MB,
      // the sweep bench's time unchanged (docs/backtests.md).
      resourceLimits: { maxYoungGenerationSizeMb: 24 },
    });
  }

  /**
   * Resolves with the job's wire `result` (metrics, equity curve, trades) as
   * JSON text, and its metrics; rejects with an `EngineError` (job error
   * code) or an `AbortError`. The per-bar equity stays in the worker:
   * cloning it back would cost 16 bytes a bar twice over for something a
   * job does not return.
   */
  async run(input: BacktestInput, options: BacktestRunOptions = {}): Promise<ResultJson> {
    const { json, metrics } = await this.execute(input, options, false);
    return { json, metrics };
  }

  /** `run` with the result parsed, also bringing back the per-bar equity. */
  async runWithBarEquity(input: BacktestInput, options: BacktestRunOptions = {}): Promise<SimulationResult> {
    const outcome = await this.execute(input, options, true);
    if (!outcome.barEquity) throw new EngineError('ENGINE_ERROR', 'the worker returned no per-bar equity');
    return { result: JSON.parse(outcome.json) as BacktestResult, barEquity: outcome.barEquity };
  }

  /**
   * The metrics of `input` run with each run's params and range, in order, on
   * one thread. The candles should sit on a SharedArrayBuffer (see
   * MarketHistory's `shared` option): every thread then reads the same
   * memory, and a task carries only the handles. The runs read the
   * indicator series of the pool's `series` cache for this input and
   * compute the missing ones into the slots it reserves: every run with the
   * same input shares them (see `SeriesCache` for the memory bound).
   */
  async runMetrics(input: BacktestInput, runs: TestPart[], signal?: AbortSignal): Promise<BacktestMetrics[]> {
    const lease = this.series.lease(input, (planner) => runs.forEach((part) => planSeries(withRun(input, part), planner)));
    let computed: string[] | undefined;
    try {
      const task: BacktestTask = { kind: 'metrics', input, runs, ready: lease.ready, reserved: lease.reserved };
      const outcome = (await this.piscina.run(task, { signal })) as MetricsTaskOutcome;
      if (!outcome.ok) throw new EngineError(outcome.error.code, outcome.error.message, outcome.error.field);
      computed = outcome.computed;
      return outcome.metrics;
    } finally {
      this.series.settle(lease, computed);
    }
  }

  /** Walk-forward test parts, each with its own params, and their chained out-of-sample metrics (see `chainTestParts`). */
  async runWalkForwardTests(input: BacktestInput, parts: TestPart[], signal?: AbortSignal): Promise<WalkForwardTests> {
    const outcome = (await this.piscina.run({ kind: 'walk_forward_tests', input, parts }, { signal })) as WalkForwardTaskOutcome;
    if (!outcome.ok) throw new EngineError(outcome.error.code, outcome.error.message, outcome.error.field);
    return { testMetrics: outcome.testMetrics, oosMetrics: outcome.oosMetrics };
  }

  /** The deflated Sharpe ratio of a sweep's best row (`selectionDeflatedSharpe`); NaN where undefined. */
  async runDeflatedSharpe(input: BacktestInput, params: unknown, trials: TrialSharpes, signal?: AbortSignal): Promise<number> {
    const outcome = (await this.piscina.run({ kind: 'deflated_sharpe', input, params, trials }, { signal })) as DeflatedSharpeTaskOutcome;
    if (!outcome.ok) throw new EngineError(outcome.error.code, outcome.error.message, outcome.error.field);
    return outcome.value;
  }

  async destroy(): Promise<void> {
    await this.piscina.destroy();
  }

  private async execute(input: BacktestInput, options: BacktestRunOptions, withBarEquity: boolean): Promise<BacktestTaskResult> {
    const transferList = options.transferInput ? inputBuffers(input) : undefined;
    const task: BacktestTask = { kind: 'job', input, progress: options.progress?.buffer, withBarEquity };
    const outcome = (await this.piscina.run(task, { signal: options.signal, transferList })) as BacktestTaskResult | TaskFailure;
    if (!outcome.ok) throw new EngineError(outcome.error.code, outcome.error.message, outcome.error.field);
    return outcome;
  }
}
