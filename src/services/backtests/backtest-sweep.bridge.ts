import { SWEEP_CHANGES_CHANNEL } from './backtest-sweeps.store';
import type { SubscriptionBridge } from '../../events/subscription-bridges';

/** Sweep changes recorded by any worker process reach this API process's `backtestSweep` subscribers. */
export const backtestSweepBridge: SubscriptionBridge = {
  name: 'backtest-sweeps',
  start({ listener, services, logger }) {
    return listener.on(SWEEP_CHANGES_CHANNEL, (id) => {
      services.backtestSweeps.sweepChanged(id).catch((error: unknown) => logger.warn({ err: error, sweepId: id }, 'backtest sweep change not forwarded'));
    });
  },
};
