import type { Logger } from '../observability/logger';
import { logRoundFailure } from './round-failure';
import { stopSignal } from './stop-signal';

export interface TimerLoopOptions {
  /** Names the loop in log lines. */
  name: string;
  intervalMs: number;
  /** One round of work; a failure is logged and the next round still comes. */
  run: () => Promise<unknown>;
  /** Awaited before each round (the process's liveness lock), so no round runs while the process cannot prove it is alive. */
  ready: () => Promise<void>;
  logger: Logger;
}

export interface RunningLoop {
  /** Ends the loop: no new round starts, and the round under way is awaited. */
  stop: () => Promise<void>;
}

/** Runs `run` at once and then `intervalMs` after each round ends, so rounds never overlap however long one takes. */
export function startTimerLoop(options: TimerLoopOptions): RunningLoop {
  let stopped = false;
  const stopping = stopSignal();
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const next = () => {
    // A stop must not wait for a database that may never come back.
    round = Promise.race([options.ready(), stopping.promise])
      .then(() => (stopped ? undefined : options.run()))
      .then(
        () => undefined,
        (error: unknown) => logRoundFailure(options.logger, options.name, error),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(next, options.intervalMs);
      });
  };
  next();
  return {
    stop: async () => {
      stopped = true;
      stopping.resolve();
      clearTimeout(timer);
      await round;
    },
  };
}
