import type { BackgroundWorker } from '../../workers';
import { HistoryChunks } from './history-chunks';
import { JobStore } from './backtest-jobs.store';
import { MarketHistory } from './market-history';
import { BacktestPool } from '../../engine';
import { BacktestRunner } from './backtest-runner';

export const backtestRunnerWorker: BackgroundWorker = {
  name: 'backtest-runner',
  async start({ core, listener, workerId, ready }) {
    const threads = core.config.backtestWorkers;
    // An idle thread exits after a second: a finished job's candles and result leave with its heap instead of waiting for its next GC.
    const pool = new BacktestPool({ threads, idleTimeoutMs: 1000 });
    const runner = new BacktestRunner(
      new JobStore(core.orm),
      new MarketHistory(new HistoryChunks(core.orm), core.services.upstream),
      pool,
      listener,
      { workerId, threads, idlePollMs: 2000, progressIntervalMs: 500, timeoutMs: 10 * 60_000, ready },
      core.logger,
    );
    runner.start();
    return async () => {
      await runner.stop();
      await pool.destroy();
    };
  },
};
