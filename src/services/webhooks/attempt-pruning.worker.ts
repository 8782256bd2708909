import type { BackgroundWorker } from '../../workers';
import { startTimerLoop } from '../../workers/timer-loop';

/** Pruning is cheap and idempotent: every worker process may run it, and an hour late only keeps rows an hour longer. */
const PRUNE_INTERVAL_MS = 3600_000;

/** Deletes delivery attempts older than 30 days (contract §16), at start and then hourly. */
export const attemptPruningWorker: BackgroundWorker = {
  name: 'webhook-attempt-pruning',
  async start({ core, ready }) {
    const loop = startTimerLoop({
      name: 'webhook-attempt-pruning',
      intervalMs: PRUNE_INTERVAL_MS,
      run: () => core.services.webhookDelivery.store.pruneAttempts(),
      ready,
      logger: core.logger,
    });
    return () => loop.stop();
  },
};
