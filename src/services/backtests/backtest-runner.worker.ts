import type { BackgroundWorker } from '../../workers';
import { HistoryChunks } from './history-chunks.store';
import { BacktestJobsStore } from './backtest-jobs.store';
import { MarketHistory } from './market-history';
import { BacktestPool } from '../../engine';
import { ArchiveClient } from '../../upstream/archive-client';
import { BacktestRunner } from './backtest-runner';
import { BacktestSweepsStore } from './backtest-sweeps.store';
import { SweepQueueStore } from './sweep-queue.store';
import { SweepRunner } from './sweep-runner';

export const backtestRunnerWorker: BackgroundWorker = {
  name: 'backtest-runner',
  async start({ core, listener, workerId, ready }) {
    const threads = core.config.backtestWorkers;
    // By default an idle thread exits after a second: a finished job's candles and result leave with its heap instead of waiting for its next GC.
    const pool = new BacktestPool({ threads, idleTimeoutMs: core.config.backtestThreadIdleMs });
    const jobs = new BacktestJobsStore(core.orm);
    const { archiveUrl, timeoutMs } = core.config.upstream;
    // One client per process: its download slots are the process's (contract §21).
    const archive = archiveUrl === undefined ? undefined : new ArchiveClient({ baseUrl: archiveUrl, timeoutMs, logger: core.logger });
    const history = new MarketHistory(new HistoryChunks(core.orm), { upstream: core.services.upstream, archive, logger: core.logger });
    // Jobs and sweeps share the pool's threads.
    const runner = new BacktestRunner(
      jobs,
      history,
      pool,
      listener,
      { workerId, threads, idlePollMs: 2000, progressIntervalMs: 500, timeoutMs: 10 * 60_000, ready },
      core.logger,
    );
    const sweepStore = new BacktestSweepsStore(core.orm);
    const sweeps = new SweepRunner(
      new SweepQueueStore(core.orm, sweepStore),
      sweepStore,
      history,
      pool,
      listener,
      { workerId, threads, idlePollMs: 2000, progressIntervalMs: 500, keepInputMs: 5000, ready },
      core.logger,
    );
    runner.start();
    sweeps.start();
    return async () => {
      await Promise.all([runner.stop(), sweeps.stop()]);
      await pool.destroy();
      await archive?.close();
    };
  },
};
