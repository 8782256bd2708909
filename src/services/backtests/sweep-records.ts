import type { BacktestMetrics } from '../../engine';
import { runRecord, type RunRecord, type RunRow } from './run-records';
import type { Objective, SweepConfig } from './sweep-config';

/** A leaderboard row: a combination's resolved params and its metrics over the whole range. */
export interface SweepRow {
  params: Record<string, unknown>;
  metrics: BacktestMetrics;
}

export interface WalkForwardWindowRecord {
  train_start: string;
  train_end: string;
  test_start: string;
  test_end: string;
  params: Record<string, unknown>;
  train_metrics: BacktestMetrics;
  test_metrics: BacktestMetrics;
}

export interface SweepResult {
  objective: Objective;
  /** Absent in list answers. */
  rows?: SweepRow[];
  walk_forward?: { windows: WalkForwardWindowRecord[]; oos_metrics: BacktestMetrics };
  /** Contract §18; absent for sweeps finished before it was computed. */
  selection?: SweepSelection;
}

/** Contract §18: the combinations run, and the probability that the best row's Sharpe ratio is above zero after correcting for them. */
export interface SweepSelection {
  trials: number;
  deflated_sharpe: string;
}

/** A row of `backtest_sweeps` as the queries return it. */
export type SweepStoredRow = RunRow<SweepConfig> & {
  combinations: number;
  skipped: number;
  result: SweepResult | null;
};

/** Contract §13's sweep resource. */
export type SweepRecord = RunRecord<SweepConfig, SweepResult> & {
  combinations: number;
  skipped: number;
};

/**
 * `full`: with the leaderboard; otherwise the list's shape, without
 * `result.rows`. `leaderboard`: the rows so far of a running sweep (the
 * subscription shows them); a done sweep has its final result.
 */
export function sweepRecord(row: SweepStoredRow, full: boolean, leaderboard?: SweepRow[]): SweepRecord {
  let result: SweepResult | null = null;
  if (row.status === 'done' && row.result) result = row.result;
  else if (row.status === 'running' && leaderboard) result = { objective: row.config.objective, rows: leaderboard };
  if (result && !full) {
    const { rows: _rows, ...rest } = result;
    result = rest;
  }
  return runRecord(row, { combinations: row.combinations, skipped: row.skipped }, result);
}
