import { isDatabaseUnavailable } from '../../db/database-unavailable';
import { EngineError } from '../../engine';
import type { Logger } from '../../observability/logger';
import { retryWhileDatabaseUnavailable } from '../../workers/database-retry';
import type { JobError } from './run-records';

/** What the job worker and the sweep worker of a process are set up with alike. */
export interface RunWorkerSettings {
  workerId: number;
  /** Jobs or sweep chunks run at once in this process: the pool's threads. */
  threads: number;
  /** Longest sleep between polls when no NOTIFY wakes the runner. */
  idlePollMs: number;
  /** How often a running job's or chunk's progress is stored (its lease renewed, a cancel noticed). */
  progressIntervalMs: number;
  /** Resolves while this process holds its liveness lock: nothing is claimed (or declared abandoned) without it. */
  ready: () => Promise<void>;
}

/** Within a job's or chunk's lease: an outcome recorded this late still belongs to this worker. */
export const BOOKKEEPING_RETRY_MS = 20_000;

/** A job or chunk this process runs. */
export interface RunInFlight {
  controller: AbortController;
  /** Why it was aborted: decides what, if anything, the runner records. */
  reason?: 'ended elsewhere' | 'timeout' | 'shutdown';
}

export function abortRun(run: RunInFlight, reason: NonNullable<RunInFlight['reason']>): void {
  if (run.controller.signal.aborted) return;
  run.reason = reason;
  run.controller.abort();
}

/**
 * Records the end of a run that threw: at shutdown, or stopped by a database
 * outage while loading history (no fault of the run), it goes back to the
 * queue once the database answers; one that ended elsewhere (a cancel, a
 * takeover) is left alone; any other failed.
 */
export async function recordStopped(
  run: RunInFlight,
  error: unknown,
  signal: AbortSignal,
  outcomes: { release: () => Promise<unknown>; fail: () => Promise<unknown> },
): Promise<void> {
  if (run.reason === 'shutdown' || (run.reason === undefined && isDatabaseUnavailable(error))) {
    await retryWhileDatabaseUnavailable(outcomes.release, BOOKKEEPING_RETRY_MS, signal);
  } else if (run.reason !== 'ended elsewhere') {
    await retryWhileDatabaseUnavailable(outcomes.fail, BOOKKEEPING_RETRY_MS, signal);
  }
}

/** The error a run failed with: the engine's own, or (logged as `what` failing unexpectedly) ENGINE_ERROR. */
export function engineFailure(error: unknown, logger: Logger, what: string): JobError {
  if (error instanceof EngineError) return { code: error.code, message: error.message };
  logger.error({ err: error }, `${what} failed unexpectedly`);
  return { code: 'ENGINE_ERROR', message: 'the backtest engine failed unexpectedly' };
}
