import { deflatedSharpe, returnMoments, trialVariance, type TrialSharpes } from './deflated-sharpe';
import { dailyReturns } from './metrics';
import { run } from './simulate';
import type { BacktestInput } from './types';

/** Annualised Sharpe (the metric) → per day, the unit of the daily returns the deflated Sharpe ratio is computed from. */
export const perDaySharpe = (annualised: number) => annualised / Math.sqrt(365);

/**
 * Contract §18 `selection.deflated_sharpe`: the best row run once more over
 * the sweep's range for its daily returns (a sweep keeps only metrics per
 * combination), deflated by the trials' Sharpe ratios (per day).
 */
export function selectionDeflatedSharpe(input: BacktestInput, bestParams: unknown, trials: TrialSharpes): number {
  const { dailyEquity } = run({ ...input, config: { ...input.config, params: bestParams } });
  return deflatedSharpe(returnMoments(dailyReturns(dailyEquity)), trials.count, trialVariance(trials));
}
