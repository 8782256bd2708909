import type { BacktestMetrics } from '../../engine';
import type { Objective } from './sweep-config';
import type { SweepRow } from './sweep-records';

/** A combination's place in the sweep's order (ties go to the earlier one) with what it scored. */
export interface RankedRow extends SweepRow {
  index: number;
}

/** The objective's value; metrics are decimal strings or integers, "0" where undefined. */
function score(metrics: BacktestMetrics, objective: Objective): number {
  return Number(metrics[objective]);
}

/** Contract §13: by the objective, descending; ties → earlier combination first. */
export function compareRows(objective: Objective) {
  return (a: { index: number; metrics: BacktestMetrics }, b: { index: number; metrics: BacktestMetrics }): number =>
    score(b.metrics, objective) - score(a.metrics, objective) || a.index - b.index;
}

/** The `top` best of several partial leaderboards (each chunk keeps its own top, so the union holds the overall top). */
export function mergeLeaderboards(boards: RankedRow[][], objective: Objective, top: number): RankedRow[] {
  return boards.flat().sort(compareRows(objective)).slice(0, top);
}

/** Keeps `row` in `board` if it is among the `top` best (board stays sorted). */
export function offerRow(board: RankedRow[], row: RankedRow, objective: Objective, top: number): void {
  board.push(row);
  board.sort(compareRows(objective));
  if (board.length > top) board.length = top;
}

export const withoutIndex = (row: RankedRow): SweepRow => ({ params: row.params, metrics: row.metrics });
