import type { BacktestResult } from '../../src/engine';
import type { SweepRecord } from '../../src/services/backtests/sweep-records';
import { finishedJob, finishedSweep, jobBody, sweepBody } from '../support/backtest';
import { defined } from '../support/defined';
import { plainDeflatedSharpe } from '../support/plain-deflated-sharpe';
import { startBacktestWorld, type BacktestWorld } from '../support/backtest-world';

/** Bailey & López de Prado (2014) eq. 9-10 from the trials' annualised Sharpe ratios and the best row's daily equity curve. */
function deflatedSharpe(trialSharpes: number[], dailyEquity: number[]): number {
  const perDay = trialSharpes.map((sharpe) => sharpe / Math.sqrt(365));
  const trialMean = perDay.reduce((a, b) => a + b) / perDay.length;
  const variance = perDay.reduce((sum, value) => sum + (value - trialMean) ** 2, 0) / (perDay.length - 1);
  const returns = dailyEquity.slice(1).map((value, day) => value / dailyEquity[day]! - 1);
  const t = returns.length;
  const mean = returns.reduce((a, b) => a + b) / t;
  const central = (power: number) => returns.reduce((sum, value) => sum + (value - mean) ** power, 0) / t;
  const sharpe = mean / Math.sqrt((central(2) * t) / (t - 1));
  const skewness = central(3) / central(2) ** 1.5;
  const kurtosis = central(4) / central(2) ** 2;
  return plainDeflatedSharpe(sharpe, t, skewness, kurtosis, perDay.length, variance).deflated;
}

describe('sweep selection (contract §18): trials and the deflated Sharpe ratio of the best row', () => {
  let account: BacktestWorld['account'];
  let stop: BacktestWorld['stop'];

  beforeAll(async () => ({ account, stop } = await startBacktestWorld({ workers: 2 })));
  afterAll(() => stop());

  it('counts the combinations run (not the skipped) and deflates the best row by every trial, as computed from the rows and the best row run as a job', async () => {
    const { call } = await account();
    // 3 × 3 combinations, of which fast ≥ slow (10/10) is skipped: 8 run; top 20 keeps every trial's metrics.
    const sweep = await finishedSweep(call, sweepBody({ params: { fast: [3, 5, 10], slow: [10, 20, 30], side: 'both' } }));
    expect(sweep).toMatchObject({ status: 'done', combinations: 9, skipped: 1 });
    const result = defined(sweep.result ?? undefined, 'the result');
    const rows = defined(result.rows, 'the rows');
    expect(rows).toHaveLength(8);
    const selection = defined(result.selection, 'the selection');
    expect(selection.trials).toBe(8);
    const best = defined(rows[0], 'the best row');
    const job = await finishedJob(call, jobBody({ params: best.params }));
    expect((job.result as BacktestResult).metrics).toEqual(best.metrics);
    const curve = (job.result as BacktestResult).equity_curve.map(([, equity]) => Number(equity));
    const expected = deflatedSharpe(
      rows.map((row) => Number(row.metrics.sharpe)),
      curve,
    );
    expect(Number(selection.deflated_sharpe)).toBeGreaterThan(0);
    expect(Number(selection.deflated_sharpe)).toBeLessThan(1);
    expect(Math.abs(Number(selection.deflated_sharpe) - expected)).toBeLessThan(1e-6);
    const listed = await call<{ data: SweepRecord[] }>('GET', '/v1/backtest/sweeps');
    expect(listed.body.data[0]?.result?.selection).toEqual(selection);
  });
});
