import { JOB_CHANGES_CHANNEL } from './backtest-jobs.store';
import type { SubscriptionBridge } from '../../events/subscription-bridges';

/** Job changes recorded by any worker process reach this API process's `backtestJob` subscribers. */
export const backtestJobBridge: SubscriptionBridge = {
  name: 'backtest-jobs',
  start({ listener, services, logger }) {
    return listener.on(JOB_CHANGES_CHANNEL, (id) => {
      services.backtestJobs.jobChanged(id).catch((error: unknown) => logger.warn({ err: error, jobId: id }, 'backtest job change not forwarded'));
    });
  },
};
