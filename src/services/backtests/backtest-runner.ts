import type { MarketHistory } from './market-history';
import { engineConfig } from './job-config';
import type { JobError } from './run-records';
import { JOB_CHANGES_CHANNEL, JOBS_QUEUED_CHANNEL, type ClaimedJob, type BacktestJobsStore } from './backtest-jobs.store';
import type { NotificationListener } from '../../db/notifications';
import { BacktestProgress, type BacktestPool } from '../../engine';
import { loadBacktestInput } from './backtest-candles';
import { runProgress } from './run-progress';
import { abortRun, BOOKKEEPING_RETRY_MS, engineFailure, recordStopped, type RunInFlight, type RunWorkerSettings } from './run-worker';
import { RunQueueWorker, type ClaimedRun } from './run-queue-worker';
import { untilAborted } from './until-aborted';
import type { Logger } from '../../observability/logger';
import { retryWhileDatabaseUnavailable } from '../../workers/database-retry';

export interface RunnerSettings extends RunWorkerSettings {
  /** Longest simulation (after the data is loaded) before the job fails with TIMEOUT. */
  timeoutMs: number;
}

/**
 * The job worker of one process: claims queued jobs (SKIP LOCKED, see
 * backtest-jobs.store.ts) up to its thread count, loads their history and runs them in
 * the engine's worker pool. A cancel is noticed through NOTIFY or the next
 * progress update and terminates the thread at once.
 */
export class BacktestRunner {
  private readonly worker: RunQueueWorker<ClaimedJob, ClaimedRun>;

  constructor(
    private readonly store: BacktestJobsStore,
    private readonly history: MarketHistory,
    private readonly pool: BacktestPool,
    listener: NotificationListener,
    private readonly settings: RunnerSettings,
    private readonly logger: Logger,
  ) {
    this.worker = new RunQueueWorker({
      name: 'backtest-runner',
      what: 'backtest job',
      subjectField: 'jobId',
      queue: store,
      channels: { queued: JOBS_QUEUED_CHANNEL, changed: JOB_CHANGES_CHANNEL },
      track: (job) => ({ key: job.id, subject: job.id, controller: new AbortController() }),
      execute: (job, run) => this.execute(job, run),
      stillMine: (run) => store.stillMine(run.subject, settings.workerId),
      listener,
      settings,
      logger,
    });
  }

  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  private async execute(job: ClaimedJob, entry: ClaimedRun): Promise<void> {
    const { workerId } = this.settings;
    const signal = entry.controller.signal;
    const progress = new BacktestProgress();
    let loadedShare = 0;
    const fraction = () => runProgress(loadedShare, progress.fraction);
    const ticker = this.worker.heartbeat(entry, () => this.store.heartbeat(job.id, workerId, fraction()));
    let timeout: NodeJS.Timeout | undefined;
    try {
      // A fetch from the exchange may be slow: a cancel frees the job's slot at once and leaves the fetch to finish (and be stored) on its own.
      const started = performance.now();
      const load = loadBacktestInput(this.history, engineConfig(job.config), { signal, onProgress: (share) => (loadedShare = share) });
      const input = await untilAborted(load, signal);
      const loaded = performance.now();
      timeout = setTimeout(() => abortRun(entry, 'timeout'), this.settings.timeoutMs);
      const result = await this.pool.run(input, { signal, progress, transferInput: true });
      const simulated = performance.now();
      clearInterval(ticker);
      await retryWhileDatabaseUnavailable(() => this.store.complete(job.id, workerId, result), BOOKKEEPING_RETRY_MS, signal);
      const timings = { loadMs: Math.round(loaded - started), simulateMs: Math.round(simulated - loaded), storeMs: Math.round(performance.now() - simulated) };
      this.logger.info({ jobId: job.id, ...timings, rssMb: Math.round(process.memoryUsage().rss / 1048576) }, 'backtest job done');
    } catch (error) {
      clearInterval(ticker);
      await recordStopped(entry, error, signal, {
        release: () => this.store.release(job.id, workerId),
        fail: () => this.store.fail(job.id, workerId, this.jobError(error, entry)),
      });
    } finally {
      clearInterval(ticker);
      clearTimeout(timeout);
    }
  }

  private jobError(error: unknown, entry: RunInFlight): JobError {
    if (entry.reason === 'timeout') return { code: 'TIMEOUT', message: `the simulation took longer than ${Math.round(this.settings.timeoutMs / 1000)} s` };
    return engineFailure(error, this.logger, 'backtest job');
  }
}
