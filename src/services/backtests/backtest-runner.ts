import type { MarketHistory } from './market-history';
import { engineConfig } from './job-config';
import type { JobError } from './run-records';
import { JOB_CHANGES_CHANNEL, JOBS_QUEUED_CHANNEL, type ClaimedJob, type BacktestJobsStore } from './backtest-jobs.store';
import type { NotificationListener } from '../../db/notifications';
import { BacktestProgress, type BacktestPool } from '../../engine';
import { loadBacktestInput } from './backtest-candles';
import { runProgress } from './run-progress';
import { abortRun, BOOKKEEPING_RETRY_MS, engineFailure, recordStopped, type RunInFlight, type RunWorkerSettings } from './run-worker';
import { untilAborted } from './until-aborted';
import type { Logger } from '../../observability/logger';
import { retryWhileDatabaseUnavailable } from '../../workers/database-retry';
import { QueueRunner } from '../../workers/queue-runner';

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
  private readonly inFlight = new Map<string, RunInFlight>();
  private readonly runner: QueueRunner;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly store: BacktestJobsStore,
    private readonly history: MarketHistory,
    private readonly pool: BacktestPool,
    private readonly listener: NotificationListener,
    private readonly settings: RunnerSettings,
    private readonly logger: Logger,
  ) {
    this.runner = new QueueRunner({ name: 'backtest-runner', idlePollMs: settings.idlePollMs, poll: () => this.poll(), ready: settings.ready, logger });
  }

  start(): void {
    this.unsubscribe.push(this.listener.on(JOBS_QUEUED_CHANNEL, () => this.runner.wake()));
    this.unsubscribe.push(this.listener.on(JOB_CHANGES_CHANNEL, (id) => this.checkStillMine(id)));
    this.runner.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe.splice(0).forEach((unsubscribe) => unsubscribe());
    for (const job of this.inFlight.values()) abortRun(job, 'shutdown');
    await this.runner.stop();
  }

  private async poll(): Promise<void> {
    await this.store.failAbandoned();
    const free = this.settings.threads - this.inFlight.size;
    if (free > 0) (await this.store.claim(free, this.settings.workerId)).forEach((job) => this.launch(job));
  }

  private launch(job: ClaimedJob): void {
    const entry: RunInFlight = { controller: new AbortController() };
    this.inFlight.set(job.id, entry);
    this.runner.launch(
      this.execute(job, entry)
        .catch((error: unknown) =>
          this.logger.error({ err: error, jobId: job.id }, 'backtest job bookkeeping failed; its lease will lapse and it will be taken over'),
        )
        .finally(() => this.inFlight.delete(job.id)),
    );
  }

  private async execute(job: ClaimedJob, entry: RunInFlight): Promise<void> {
    const { workerId } = this.settings;
    const signal = entry.controller.signal;
    const progress = new BacktestProgress();
    let loadedShare = 0;
    const fraction = () => runProgress(loadedShare, progress.fraction);
    const ticker = setInterval(() => {
      this.store.heartbeat(job.id, workerId, fraction()).then(
        (mine) => mine || abortRun(entry, 'ended elsewhere'),
        (error: unknown) => this.logger.warn({ err: error, jobId: job.id }, 'backtest progress update failed'),
      );
    }, this.settings.progressIntervalMs);
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

  /** A change to a job this process runs may be a cancel: look at once rather than at the next progress update. */
  private checkStillMine(id: string): void {
    const job = this.inFlight.get(id);
    if (!job) return;
    this.store.stillMine(id, this.settings.workerId).then(
      (mine) => mine || abortRun(job, 'ended elsewhere'),
      (error: unknown) => this.logger.warn({ err: error, jobId: id }, 'backtest cancel check failed'),
    );
  }
}
