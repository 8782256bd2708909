import { EVENTS_CHANNEL } from '../../events/outbox.store';
import type { BridgeContext, SubscriptionBridge } from '../../events/subscription-bridges';

/**
 * Strategy events recorded by any process (the API's deploy/pause, a worker's
 * runtime) reach this process's `strategyEvents` subscribers: outbox NOTIFYs
 * are read back and published in the order the notifications came. Every
 * event recorded anywhere is announced to every API process, so the
 * notifications that arrive while a read is under way are read together in
 * the next one, and none is read while this process has no subscriber. A
 * subscriber that joins after that check was not listening when the event
 * committed (a NOTIFY arrives only after its commit); asking with `after`, it
 * gets the event from the stored history, which it reads after it starts
 * listening (the seam rule of `followEvents`).
 */
export const strategyEventsBridge: SubscriptionBridge = {
  name: 'strategy-events',
  start({ listener, services, logger }: BridgeContext) {
    const feed = services.strategyTrading.feed;
    const detachFeed = feed.attachBridge();
    const announced: string[] = [];
    let draining = false;
    const publish = async (eventIds: string[]) => {
      if (feed.hasSubscribers()) {
        for (const payload of await services.strategies.eventPayloads(eventIds)) feed.publish(payload);
        // graphql-ws sends to each subscriber within the microtasks that follow publish; waiting one
        // macrotask lets those writes reach the sockets before a waiting request answers (pause).
        await new Promise((resolve) => setImmediate(resolve));
      }
      eventIds.forEach((eventId) => feed.published(eventId));
    };
    const drain = async () => {
      while (announced.length > 0) {
        const eventIds = announced.splice(0);
        await publish(eventIds).catch((error: unknown) => logger.warn({ err: error, eventIds }, 'strategy events not published'));
      }
      draining = false;
    };
    const stopListening = listener.on(EVENTS_CHANNEL, (eventId) => {
      announced.push(eventId);
      if (draining) return;
      draining = true;
      // A commit's notifications arrive in one read and are handed over one by one: start after the last of them.
      queueMicrotask(() => void drain());
    });
    return () => {
      stopListening();
      detachFeed();
    };
  },
};
