import type { EngineErrorCode } from '../engine-error';
import type { BacktestInput, BacktestResult, BarEquity } from '../types';

/** What the pool sends to a worker thread. */
export interface BacktestTask {
  input: BacktestInput;
  /** A `BacktestProgress` buffer the worker writes into. */
  progress?: SharedArrayBuffer;
  /** Send the per-bar equity back too. */
  withBarEquity: boolean;
}

export interface BacktestTaskResult {
  ok: true;
  result: BacktestResult;
  barEquity?: BarEquity;
}

/**
 * What a worker answers. Errors travel as data because a thrown error loses
 * its own fields (`code`, `field`) when it crosses the thread boundary.
 */
export type BacktestTaskOutcome = BacktestTaskResult | { ok: false; error: { code: EngineErrorCode; message: string; field?: string } };
