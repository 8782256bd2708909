import type { BackgroundWorker } from '../../workers';
import { MAX_IN_FLIGHT_PER_PROCESS } from './delivery-queue.store';
import { WebhookDispatcher } from './webhook-dispatcher';

export const webhookDispatcherWorker: BackgroundWorker = {
  name: 'webhook-dispatcher',
  async start({ core, listener, workerId, ready }) {
    const dispatcher = new WebhookDispatcher(
      core.services.webhookDelivery.queue,
      core.services.webhookDelivery.deliverer,
      listener,
      { workerId, concurrency: MAX_IN_FLIGHT_PER_PROCESS, probeIntervalSeconds: core.config.webhooks.probeIntervalSeconds, idlePollMs: 1000, ready },
      core.logger,
    );
    dispatcher.start();
    return () => dispatcher.stop();
  },
};
