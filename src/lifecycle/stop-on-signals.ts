import type { Logger } from '../observability/logger';

/** How long an orderly stop may take before the process exits anyway. */
const FORCED_EXIT_MS = 20_000;

export interface StopOnSignals {
  /** Hands over the stop of what started; a signal that arrived while starting stops it now. */
  started: (stop: () => Promise<void>) => void;
}

/**
 * SIGINT and SIGTERM stop what the process started, then exit 0. Listening
 * from the first moment: a signal that arrives while starting stops it once
 * started, instead of killing the process with PostgreSQL and the work half
 * set up. The listeners stay for the whole run (`on`, not `once`): a second
 * Ctrl-C, or a library's signal listener that re-raises the signal when it
 * finds itself alone (signal-exit does), must not kill the process mid-stop.
 */
export function stopOnSignals(logger: Logger): StopOnSignals {
  let requested: NodeJS.Signals | undefined;
  let stopRunning: (() => Promise<void>) | undefined;
  const shutdown = (signal: NodeJS.Signals) => {
    requested ??= signal;
    if (!stopRunning) return;
    const stop = stopRunning;
    stopRunning = undefined;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), FORCED_EXIT_MS).unref();
    stop().then(
      () => {
        logger.info({ signal: requested }, 'service stopped');
        logger.flush();
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  return {
    started: (stop) => {
      stopRunning = stop;
      if (requested) shutdown(requested);
    },
  };
}
