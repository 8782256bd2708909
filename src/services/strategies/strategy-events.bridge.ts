import { EVENTS_CHANNEL } from '../../events/outbox.store';
import type { BridgeContext, SubscriptionBridge } from '../../events/subscription-bridges';

/**
 * Strategy events recorded by any process (the API's deploy/pause, a worker's
 * runtime) reach this process's `strategyEvents` subscribers: each outbox
 * NOTIFY is read back and published in the order the notifications came.
 */
export const strategyEventsBridge: SubscriptionBridge = {
  name: 'strategy-events',
  start({ listener, services, logger }: BridgeContext) {
    const feed = services.strategyTrading.feed;
    const detachFeed = feed.attachBridge();
    let chain = Promise.resolve();
    const publish = async (eventId: string) => {
      const payload = await services.strategies.eventPayload(eventId);
      if (!payload) return;
      feed.publish(payload);
      // graphql-ws sends to each subscriber within the microtasks that follow publish; waiting one
      // macrotask lets those writes reach the sockets before a waiting request answers (pause).
      await new Promise((resolve) => setImmediate(resolve));
      feed.published(eventId);
    };
    const stopListening = listener.on(EVENTS_CHANNEL, (eventId) => {
      chain = chain.then(() => publish(eventId)).catch((error: unknown) => logger.warn({ err: error, eventId }, 'strategy event not published'));
    });
    return () => {
      stopListening();
      detachFeed();
    };
  },
};
