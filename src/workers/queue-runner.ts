import type { Logger } from '../observability/logger';
import { logRoundFailure } from './round-failure';
import { stopSignal } from './stop-signal';

export interface QueueRunnerOptions {
  /** Names the runner in log lines. */
  name: string;
  /** Longest sleep between polls when nothing wakes the runner. */
  idlePollMs: number;
  /**
   * One poll: claim work and `launch` it. Returns how long to sleep before the
   * next poll (0 for at once), or nothing for `idlePollMs`.
   */
  poll: () => Promise<number | void>;
  /** Awaited before each poll (the process's liveness lock): nothing is claimed while this process cannot prove it is alive. */
  ready: () => Promise<void>;
  logger: Logger;
}

/**
 * The loop of a queue worker: polls, launches what it claimed as tasks that
 * run on their own, and sleeps until `wake()` (a NOTIFY, a task ending), the
 * poll's own deadline, or `idlePollMs`. A wake-up that arrives while a poll is
 * under way is remembered, so the next sleep returns at once instead of missing it.
 */
export class QueueRunner {
  private running = false;
  private woken = false;
  private interruptSleep?: () => void;
  private loop?: Promise<void>;
  private readonly stopping = stopSignal();
  private readonly tasks = new Set<Promise<unknown>>();

  constructor(private readonly options: QueueRunnerOptions) {}

  /** Tasks launched and not yet ended. */
  get inFlight(): number {
    return this.tasks.size;
  }

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  wake(): void {
    this.woken = true;
    this.interruptSleep?.();
  }

  /** Runs `task` alongside the loop; its end wakes the loop (a slot is free). Failures must be handled by the task. */
  launch(task: Promise<unknown>): void {
    const tracked = task.finally(() => {
      this.tasks.delete(tracked);
      this.wake();
    });
    this.tasks.add(tracked);
  }

  /** Stops polling and waits for the loop and the launched tasks, at most `graceMs` when given. */
  async stop(graceMs?: number): Promise<void> {
    this.running = false;
    this.stopping.resolve();
    this.wake();
    const everything = Promise.allSettled([this.loop, ...this.tasks]);
    if (graceMs === undefined) {
      await everything;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([everything, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let sleepMs = this.options.idlePollMs;
      try {
        // A stop must not wait for a database that may never come back.
        await Promise.race([this.options.ready(), this.stopping.promise]);
        if (!this.running) break;
        sleepMs = (await this.options.poll()) ?? this.options.idlePollMs;
      } catch (error) {
        logRoundFailure(this.options.logger, this.options.name, error);
      }
      if (this.running && sleepMs > 0) await this.sleep(sleepMs);
    }
  }

  private async sleep(ms: number): Promise<void> {
    if (this.woken) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.interruptSleep = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.interruptSleep = undefined;
  }
}
