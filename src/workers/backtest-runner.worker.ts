import type { BackgroundWorker } from '.';
import { HistoryChunks } from '../backtest/history-chunks';
import { JobStore } from '../backtest/job-store';
import { MarketHistory } from '../backtest/market-history';
import { BacktestPool } from '../engine';
import { BacktestRunner } from './backtest-runner';

export const backtestRunnerWorker: BackgroundWorker = {
  name: 'backtest-runner',
  async start({ core, listener, workerId }) {
    const threads = core.config.backtestWorkers;
    const pool = new BacktestPool({ threads });
    const runner = new BacktestRunner(
      new JobStore(core.orm),
      new MarketHistory(new HistoryChunks(core.orm), core.services.upstream),
      pool,
      listener,
      { workerId, threads, idlePollMs: 2000, progressIntervalMs: 500, timeoutMs: 10 * 60_000 },
      core.logger,
    );
    runner.start();
    return async () => {
      await runner.stop();
      await pool.destroy();
    };
  },
};
