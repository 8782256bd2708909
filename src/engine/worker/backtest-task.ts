import type { TrialSharpes } from '../deflated-sharpe';
import type { EngineErrorCode } from '../engine-error';
import type { BacktestInput, BacktestMetrics, BarEquity, ResultJson } from '../types';
import type { TestPart, WalkForwardTests } from '../walk-forward';

/** What the pool sends to a worker thread: one job, or a sweep's runs over candles shared by every thread. */
export type BacktestTask =
  | {
      kind: 'job';
      input: BacktestInput;
      /** A `BacktestProgress` buffer the worker writes into. */
      progress?: SharedArrayBuffer;
      /** Send the per-bar equity back too. */
      withBarEquity: boolean;
    }
  | {
      /** The metrics of each run: `input` with that run's params and range (a sweep's combination, in full and per train window). */
      kind: 'metrics';
      input: BacktestInput;
      runs: TestPart[];
      /** The indicator series the runs read, by key (a `SeriesLease`'s). */
      ready: Map<string, Float64Array>;
      /** Memory for the series the runs compute and the pool keeps, by key. */
      reserved: Map<string, Float64Array>;
    }
  | { kind: 'walk_forward_tests'; input: BacktestInput; parts: TestPart[] }
  /** A sweep's best row run once more for its daily returns, deflated by the trials (contract §18). */
  | { kind: 'deflated_sharpe'; input: BacktestInput; params: unknown; trials: TrialSharpes };

/** A job's result as JSON text (see `ResultJson`). */
export interface BacktestTaskResult extends ResultJson {
  ok: true;
  barEquity?: BarEquity;
}

export type TaskFailure = { ok: false; error: { code: EngineErrorCode; message: string; field?: string } };

/**
 * What a worker answers. Errors travel as data because a thrown error loses
 * its own fields (`code`, `field`) when it crosses the thread boundary.
 */
export type BacktestTaskOutcome = BacktestTaskResult | TaskFailure;
export type MetricsTaskOutcome =
  | {
      ok: true;
      metrics: BacktestMetrics[];
      /** The keys of the reserved series the runs computed. */
      computed: string[];
    }
  | TaskFailure;
export type WalkForwardTaskOutcome = ({ ok: true } & WalkForwardTests) | TaskFailure;
export type DeflatedSharpeTaskOutcome = { ok: true; value: number } | TaskFailure;
export type AnyTaskOutcome = BacktestTaskOutcome | MetricsTaskOutcome | WalkForwardTaskOutcome | DeflatedSharpeTaskOutcome;
