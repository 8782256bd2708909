import {
  addTrial,
  EngineError,
  formatDecimal,
  mergeTrials,
  NO_TRIALS,
  perDaySharpe,
  walkForwardWindows,
  type BacktestInput,
  type BacktestPool,
  type TestPart,
} from '../../engine';
import type { NotificationListener } from '../../db/notifications';
import type { Logger } from '../../observability/logger';
import { retryWhileDatabaseUnavailable } from '../../workers/database-retry';
import { loadBacktestInput } from './backtest-candles';
import { untilAborted } from './until-aborted';
import { BOOKKEEPING_RETRY_MS, engineFailure, recordStopped, type RunWorkerSettings } from './run-worker';
import { RunQueueWorker, type ClaimedRun } from './run-queue-worker';
import { SWEEP_STOPPED_CHANNEL, type BacktestSweepsStore } from './backtest-sweeps.store';
import { SWEEPS_QUEUED_CHANNEL, type ChunkOutcome, type ClaimedChunk, type SweepQueueStore, type WindowBest } from './sweep-queue.store';
import { engineConfig } from './job-config';
import type { MarketHistory } from './market-history';
import { expandCombinations, type SweepConfig } from './sweep-config';
import { compareRows, mergeLeaderboards, offerRow, withoutIndex, type RankedRow } from './sweep-leaderboard';
import type { SweepResult, SweepRow, SweepSelection } from './sweep-records';

export interface SweepRunnerSettings extends RunWorkerSettings {
  /** How long a sweep's candles stay loaded after its last chunk here ends, for the next chunk this process claims. */
  keepInputMs: number;
}

/** A chunk this process runs: its subject is its sweep's id. */
interface RunningChunk extends ClaimedRun {
  seq: number;
}

interface LoadedInput {
  input: Promise<BacktestInput>;
  /** The share of the history loaded so far, in [0, 1]: part of the sweep's progress while the load runs. */
  loaded: number;
  /** The sweep's valid combinations in order, expanded once per process (10,000 validations are not free). */
  combinations: Record<string, unknown>[];
  users: number;
  timer?: NodeJS.Timeout;
}

/**
 * The sweep worker of one process: claims chunks of sweeps (SKIP LOCKED, see
 * sweep-queue.store.ts) up to its thread count and runs their
 * combinations in the engine's pool, one combination per task. A sweep's
 * candles are loaded once per process onto a SharedArrayBuffer and every
 * thread reads that same memory: a task carries only the handles.
 */
export class SweepRunner {
  private readonly inputs = new Map<string, LoadedInput>();
  private readonly worker: RunQueueWorker<ClaimedChunk, RunningChunk>;

  constructor(
    private readonly queue: SweepQueueStore,
    private readonly sweeps: Pick<BacktestSweepsStore, 'fail'>,
    private readonly history: MarketHistory,
    private readonly pool: BacktestPool,
    listener: NotificationListener,
    private readonly settings: SweepRunnerSettings,
    private readonly logger: Logger,
  ) {
    this.worker = new RunQueueWorker({
      name: 'sweep-runner',
      what: 'sweep chunk',
      subjectField: 'sweepId',
      queue,
      channels: { queued: SWEEPS_QUEUED_CHANNEL, changed: SWEEP_STOPPED_CHANNEL },
      track: (chunk) => ({ key: `${chunk.sweep_id}/${chunk.seq}`, subject: chunk.sweep_id, seq: chunk.seq, controller: new AbortController() }),
      execute: (chunk, run) => this.execute(chunk, run),
      stillMine: (run) => queue.stillMine(run.subject, run.seq, settings.workerId),
      listener,
      settings,
      logger,
    });
  }

  start(): void {
    this.worker.start();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    for (const loaded of this.inputs.values()) clearTimeout(loaded.timer);
    this.inputs.clear();
  }

  private async execute(chunk: ClaimedChunk, entry: RunningChunk): Promise<void> {
    const { workerId } = this.settings;
    const signal = entry.controller.signal;
    let done = 0;
    // The final chunk runs the best row once more (contract §18 selection), so every chunk reads the history.
    const loaded = this.acquireInput(chunk.sweep_id, chunk.config);
    const ticker = this.worker.heartbeat(entry, () => this.queue.heartbeat(chunk.sweep_id, chunk.seq, workerId, { done, loaded: loaded.loaded }));
    try {
      const input = await untilAborted(loaded.input, signal);
      if (chunk.kind === 'combos') {
        const combinations = loaded.combinations.slice(chunk.first, chunk.first + chunk.count);
        const outcome = await this.runCombinations(chunk, combinations, input, signal, () => done++);
        clearInterval(ticker);
        await retryWhileDatabaseUnavailable(() => this.queue.completeChunk(chunk.sweep_id, chunk.seq, workerId, outcome), BOOKKEEPING_RETRY_MS, signal);
      } else {
        const result = await this.merge(chunk, input, signal);
        clearInterval(ticker);
        const recorded = await retryWhileDatabaseUnavailable(
          () => this.queue.complete(chunk.sweep_id, chunk.seq, workerId, result),
          BOOKKEEPING_RETRY_MS,
          signal,
        );
        if (recorded) this.logger.info({ sweepId: chunk.sweep_id }, 'backtest sweep done');
      }
    } catch (error) {
      await recordStopped(entry, error, signal, {
        release: () => this.queue.release(chunk.sweep_id, chunk.seq, workerId),
        fail: () => this.sweeps.fail(chunk.sweep_id, engineFailure(error, this.logger, 'backtest sweep')),
      });
    } finally {
      clearInterval(ticker);
      this.releaseInput(chunk.sweep_id);
    }
  }

  /** Each combination of the chunk over the whole range and over each train window; keeps the chunk's top rows and window bests. */
  private async runCombinations(
    chunk: ClaimedChunk,
    combinations: Record<string, unknown>[],
    input: BacktestInput,
    signal: AbortSignal,
    onDone: () => void,
  ): Promise<ChunkOutcome> {
    const { config } = chunk;
    const windows = walkForward(config);
    const rows: RankedRow[] = [];
    const best: (WindowBest | null)[] = windows.map(() => null);
    let trials = NO_TRIALS;
    const better = compareRows(config.objective);
    for (const [offset, params] of combinations.entries()) {
      const index = chunk.first + offset;
      const runs: TestPart[] = [
        { params, start: input.config.start, end: input.config.end },
        ...windows.map((window) => ({ params, start: window.trainStart, end: window.trainEnd })),
      ];
      const [metrics, ...trainMetrics] = await this.pool.runMetrics(input, runs, signal);
      if (!metrics) throw new EngineError('ENGINE_ERROR', 'the engine answered no metrics');
      offerRow(rows, { index, params, metrics }, config.objective, config.top);
      trials = addTrial(trials, perDaySharpe(Number(metrics.sharpe)));
      trainMetrics.forEach((train, window) => {
        const candidate = { index, params, metrics: train };
        const current = best[window];
        if (!current || better(candidate, current) < 0) best[window] = candidate;
      });
      onDone();
    }
    return { rows, best, trial_sharpes: trials };
  }

  /** The final chunk: the leaderboard of every chunk, and for a walk-forward sweep each window's winner run on its test part. */
  private async merge(chunk: ClaimedChunk, input: BacktestInput, signal: AbortSignal): Promise<SweepResult> {
    const { config } = chunk;
    const outcomes = await this.queue.chunkOutcomes(chunk.sweep_id);
    const rows = mergeLeaderboards(
      outcomes.map((outcome) => outcome.rows),
      config.objective,
      config.top,
    ).map(withoutIndex);
    const selection = await this.selection(input, rows[0], outcomes, signal);
    const windows = walkForward(config);
    if (windows.length === 0) return { objective: config.objective, rows, selection };
    const better = compareRows(config.objective);
    const winners = windows.map((window, index) => {
      const candidates = outcomes.map((outcome) => outcome.best[index]).filter((candidate): candidate is WindowBest => Boolean(candidate));
      const [winner] = candidates.sort(better);
      if (!winner) throw new EngineError('ENGINE_ERROR', `no combination ran on walk-forward window ${index + 1}`);
      return { window, winner };
    });
    const tests = await this.pool.runWalkForwardTests(
      input,
      winners.map(({ window, winner }) => ({ params: winner.params, start: window.testStart, end: window.testEnd })),
      signal,
    );
    const iso = (time: number) => new Date(time).toISOString();
    return {
      objective: config.objective,
      rows,
      selection,
      walk_forward: {
        windows: winners.map(({ window, winner }, index) => {
          const testMetrics = tests.testMetrics[index];
          if (!testMetrics) throw new EngineError('ENGINE_ERROR', `the engine answered no metrics for walk-forward window ${index + 1}`);
          return {
            train_start: iso(window.trainStart),
            train_end: iso(window.trainEnd),
            test_start: iso(window.testStart),
            test_end: iso(window.testEnd),
            params: winner.params,
            train_metrics: winner.metrics,
            test_metrics: testMetrics,
          };
        }),
        oos_metrics: tests.oosMetrics,
      },
    };
  }

  /** Contract §18 `selection`: the trials of every chunk, and the best row's deflated Sharpe ratio ("0" without a row, or where undefined). */
  private async selection(input: BacktestInput, bestRow: SweepRow | undefined, outcomes: ChunkOutcome[], signal: AbortSignal): Promise<SweepSelection> {
    const trials = mergeTrials(outcomes.map((outcome) => outcome.trial_sharpes ?? NO_TRIALS));
    const deflated = bestRow ? await this.pool.runDeflatedSharpe(input, bestRow.params, trials, signal) : NaN;
    return { trials: trials.count, deflated_sharpe: formatDecimal(deflated) };
  }

  /** The sweep's candles and funding, loaded by the first chunk of it that this process runs and shared by the rest. */
  private acquireInput(sweepId: string, config: SweepConfig): LoadedInput {
    let loaded = this.inputs.get(sweepId);
    if (!loaded) {
      const created: LoadedInput = {
        loaded: 0,
        combinations: expandCombinations(config.template_id, config.params).valid,
        users: 0,
        input: loadBacktestInput(this.history, engineConfig(config), { shared: true, onProgress: (share) => (created.loaded = share) }),
      };
      loaded = created;
      this.inputs.set(sweepId, loaded);
      // A failed load is not kept: the next chunk tries again.
      loaded.input.catch(() => this.inputs.delete(sweepId));
    }
    clearTimeout(loaded.timer);
    loaded.users++;
    return loaded;
  }

  private releaseInput(sweepId: string): void {
    const loaded = this.inputs.get(sweepId);
    if (!loaded || --loaded.users > 0) return;
    loaded.timer = setTimeout(() => {
      if (loaded.users > 0 || this.inputs.get(sweepId) !== loaded) return;
      this.inputs.delete(sweepId);
      loaded.input.then(
        (input) => this.pool.series.forget(input),
        () => undefined,
      );
    }, this.settings.keepInputMs);
    loaded.timer.unref();
  }
}

function walkForward(config: SweepConfig) {
  return config.walk_forward
    ? walkForwardWindows(Date.parse(config.start), Date.parse(config.end), config.walk_forward.train_days, config.walk_forward.test_days)
    : [];
}
