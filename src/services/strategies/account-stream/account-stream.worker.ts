import type { BackgroundWorker } from '../../../workers';
import { startTimerLoop } from '../../../workers/timer-loop';
import { UserDataClient } from '../../../upstream/user-data-client';
import { AccountStream } from './account-stream';
import { AccountStreamStore } from './account-stream.store';

/** How often a worker claims the accounts whose stream no live process keeps: a dead owner's streams move within about this long. */
const CLAIM_INTERVAL_MS = 1_000;

/**
 * Keeps one user data stream per exchange account with a deployed live
 * strategy, across all processes (contract §20): each round claims the
 * accounts no live worker holds, starts a stream for each newly claimed one
 * and stops those this process no longer keeps.
 */
export const accountStreamWorker: BackgroundWorker = {
  name: 'account-streams',
  async start({ core, workerId, ready }) {
    const store = new AccountStreamStore(core.orm);
    const { live, exchange } = core.services.strategyTrading;
    const { fapiUrl, wsUrl, timeoutMs } = core.config.upstream;
    const deps = {
      store,
      live,
      exchange,
      client: new UserDataClient(fapiUrl, timeoutMs, exchange),
      exchangeKeys: core.services.exchangeKeys,
      wsUrl,
      logger: core.logger,
    };
    const streams = new Map<number, AccountStream>();
    const loop = startTimerLoop({
      name: 'account-streams',
      intervalMs: CLAIM_INTERVAL_MS,
      ready,
      logger: core.logger,
      run: async () => {
        const kept = new Set(await store.claim(workerId));
        for (const [userId, stream] of streams) {
          if (kept.has(userId)) continue;
          streams.delete(userId);
          await stream.stop(true);
        }
        for (const userId of kept) {
          if (streams.has(userId)) continue;
          const stream = new AccountStream(userId, deps);
          streams.set(userId, stream);
          stream.start();
        }
      },
    });
    return async () => {
      await loop.stop();
      await Promise.all([...streams.values()].map((stream) => stream.stop(false)));
    };
  },
};
