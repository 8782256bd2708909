import { EventEmitter, on } from 'node:events';
import { listeningStream } from '../listening-stream';
import { TERMINAL_STATUSES, type JobStatus } from './run-records';

interface WatchedRun {
  status: JobStatus;
  progress: number;
}

/**
 * The subscribers of this process to jobs or sweeps, keyed by id, fed by a
 * subscription bridge when any process changes one (NOTIFY). A subscription
 * yields the run now, then each change a subscriber can see, and ends after
 * a terminal state.
 */
export class RunWatchers<Run extends WatchedRun> {
  private readonly changes = new EventEmitter().setMaxListeners(0);

  /** `isNews(next, last)`: whether a re-read run differs from the last one yielded in a way a subscriber can see. */
  constructor(private readonly isNews: (next: Run, last: Run) => boolean) {}

  /** `read` answers the run now, or undefined when the caller may not see it (then nothing is yielded). */
  async watch(id: string, read: () => Promise<Run | undefined>): Promise<AsyncIterable<Run> | undefined> {
    const controller = new AbortController();
    // Listening starts before the first read, so a change between the two is not lost.
    const changes = on(this.changes, id, { signal: controller.signal }) as AsyncIterableIterator<[Run]>;
    const first = await read();
    if (!first) {
      controller.abort();
      return undefined;
    }
    return listeningStream(this.follow(first, changes, controller), controller);
  }

  /** A run changed: re-read it (only when someone here watches it) and tell its subscribers. */
  async changed(id: string, read: () => Promise<Run | undefined>): Promise<void> {
    if (this.changes.listenerCount(id) === 0) return;
    const run = await read();
    if (run) this.changes.emit(id, run);
  }

  private async *follow(first: Run, changes: AsyncIterableIterator<[Run]>, controller: AbortController): AsyncGenerator<Run> {
    try {
      let last = first;
      yield first;
      if (TERMINAL_STATUSES.includes(first.status)) return;
      for await (const [run] of changes) {
        if (!this.isNews(run, last)) continue;
        last = run;
        yield run;
        if (TERMINAL_STATUSES.includes(run.status)) return;
      }
    } finally {
      controller.abort();
    }
  }
}
