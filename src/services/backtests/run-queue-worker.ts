import type { NotificationListener } from '../../db/notifications';
import type { Logger } from '../../observability/logger';
import { QueueRunner } from '../../workers/queue-runner';
import { abortRun, type RunInFlight, type RunWorkerSettings } from './run-worker';

/** A claimed job or sweep chunk, as tracked while this process runs it. */
export interface ClaimedRun extends RunInFlight {
  /** Unique among the runs in flight here. */
  key: string;
  /** The id a change notification names: the job's, or the sweep's for each of its chunks. */
  subject: string;
}

/** The queue a worker claims from: rows handed out once each (the store's row locks, skipping locked rows) under a lease on `workerId`. */
export interface RunQueue<Claimed> {
  /** Fails what a dead worker held on its last attempt (`claim` takes over the rest): a process killed with SIGKILL stops renewing its leases. */
  failAbandoned(): Promise<unknown>;
  claim(limit: number, workerId: number): Promise<Claimed[]>;
}

export interface RunQueueWorkerOptions<Claimed, Run extends ClaimedRun> {
  /** Names the worker's loop in log lines. */
  name: string;
  /** What one run is called in log lines ('backtest job', 'sweep chunk'). */
  what: string;
  /** The log field that carries a run's subject ('jobId', 'sweepId'). */
  subjectField: string;
  queue: RunQueue<Claimed>;
  /** Payload-free wake-up when work is queued, and the change (a cancel, a takeover) of a subject whose id is the payload. */
  channels: { queued: string; changed: string };
  /** The entry a claimed item is tracked by while it runs. */
  track: (claimed: Claimed) => Run;
  /** Runs a claimed item and records its end; rejects only when that bookkeeping failed (the lease then lapses and another worker takes it). */
  execute: (claimed: Claimed, run: Run) => Promise<void>;
  /** Whether this worker still holds the run's lease: false once it was canceled or taken over. */
  stillMine: (run: Run) => Promise<boolean>;
  listener: NotificationListener;
  settings: RunWorkerSettings;
  logger: Logger;
}

/**
 * The part the job worker and the sweep worker of a process share: claims
 * from a PostgreSQL queue up to the pool's thread count, tracks what runs
 * here, and aborts a run as soon as it ends elsewhere (a NOTIFY or a failed
 * heartbeat) or the process shuts down. A run killed with the process is
 * recovered by `failAbandoned` in some other process once its lease lapses.
 */
export class RunQueueWorker<Claimed, Run extends ClaimedRun> {
  private readonly inFlight = new Map<string, Run>();
  private readonly runner: QueueRunner;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly options: RunQueueWorkerOptions<Claimed, Run>) {
    const { name, settings, logger } = options;
    this.runner = new QueueRunner({ name, idlePollMs: settings.idlePollMs, poll: () => this.poll(), ready: settings.ready, logger });
  }

  start(): void {
    const { listener, channels } = this.options;
    this.unsubscribe.push(listener.on(channels.queued, () => this.runner.wake()));
    this.unsubscribe.push(listener.on(channels.changed, (subject) => this.checkStillMine(subject)));
    this.runner.start();
  }

  /** Aborts every run (each goes back to the queue) and waits for them and the loop to end. */
  async stop(): Promise<void> {
    this.unsubscribe.splice(0).forEach((unsubscribe) => unsubscribe());
    for (const run of this.inFlight.values()) abortRun(run, 'shutdown');
    await this.runner.stop();
  }

  /** Stores the run's progress every `progressIntervalMs` (renewing its lease) until cleared; aborts the run once the lease is lost. */
  heartbeat(run: Run, beat: () => Promise<boolean>): NodeJS.Timeout {
    return setInterval(() => this.abortUnlessMine(run, beat(), 'progress update failed'), this.options.settings.progressIntervalMs);
  }

  private async poll(): Promise<void> {
    const { queue, settings } = this.options;
    await queue.failAbandoned();
    const free = settings.threads - this.inFlight.size;
    if (free > 0) (await queue.claim(free, settings.workerId)).forEach((claimed) => this.launch(claimed));
  }

  private launch(claimed: Claimed): void {
    const run = this.options.track(claimed);
    this.inFlight.set(run.key, run);
    this.runner.launch(
      this.options
        .execute(claimed, run)
        .catch((error: unknown) =>
          this.options.logger.error(
            { err: error, ...this.logFields(run) },
            `${this.options.what} bookkeeping failed; its lease will lapse and it will be taken over`,
          ),
        )
        .finally(() => this.inFlight.delete(run.key)),
    );
  }

  /** A change to a subject this process runs may be a cancel: look at once rather than at the next progress update. */
  private checkStillMine(subject: string): void {
    for (const run of this.inFlight.values()) {
      if (run.subject === subject) this.abortUnlessMine(run, this.options.stillMine(run), 'cancel check failed');
    }
  }

  private abortUnlessMine(run: Run, mine: Promise<boolean>, failure: string): void {
    mine.then(
      (stillMine) => stillMine || abortRun(run, 'ended elsewhere'),
      (error: unknown) => this.options.logger.warn({ err: error, ...this.logFields(run) }, `${this.options.what} ${failure}`),
    );
  }

  private logFields(run: Run): Record<string, string> {
    return { [this.options.subjectField]: run.subject };
  }
}
