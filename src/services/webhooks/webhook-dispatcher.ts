import type { NotificationListener } from '../../db/notifications';
import { EVENTS_CHANNEL } from '../../events/outbox.store';
import type { Logger } from '../../observability/logger';
import { QueueRunner } from '../../workers/queue-runner';
import type { Deliverer } from './deliverer';
import { DELIVERIES_CHANNEL, type ClaimedDelivery, type DeliveryQueueStore } from './delivery-queue.store';

const STOP_GRACE_MS = 10_000;
/** Events turned into deliveries per statement. */
const FAN_OUT_BATCH = 200;

export interface DispatcherSettings {
  /** This process's liveness id, recorded on what it claims. */
  workerId: number;
  /** Attempts in flight at once in this process. */
  concurrency: number;
  probeIntervalSeconds: number;
  /** Longest sleep between polls when nothing wakes the dispatcher. */
  idlePollMs: number;
  /** Resolves while this process holds its liveness lock: nothing is claimed without it. */
  ready: () => Promise<void>;
}

/**
 * The worker loop of webhook delivery: fans recorded events out into
 * deliveries, claims due ones (and probes of paused webhooks) and attempts
 * them, up to `concurrency` at a time. It sleeps until a NOTIFY (an event was
 * recorded, a backlog released), an attempt ending, the next scheduled retry,
 * or `idlePollMs`.
 *
 * Each poll costs as few statements as it can (issue 16): fan-out runs only
 * when an event was announced (or `idlePollMs` passed, in case a NOTIFY was
 * missed while the listener reconnected), probes and due deliveries are one
 * claim, and the next due time is read only when nothing is in flight: while
 * attempts run, each one's end wakes the loop anyway, and a retry falling due
 * meanwhile waits at most `idlePollMs`.
 */
export class WebhookDispatcher {
  private readonly runner: QueueRunner;
  private readonly unsubscribe: (() => void)[] = [];
  private eventsAnnounced = true;
  private lastFanOutAt = 0;

  constructor(
    private readonly store: DeliveryQueueStore,
    private readonly deliverer: Deliverer,
    private readonly listener: NotificationListener,
    private readonly settings: DispatcherSettings,
    private readonly logger: Logger,
  ) {
    this.runner = new QueueRunner({ name: 'webhook-dispatcher', idlePollMs: settings.idlePollMs, poll: () => this.poll(), ready: settings.ready, logger });
  }

  start(): void {
    this.unsubscribe.push(
      this.listener.on(EVENTS_CHANNEL, () => {
        this.eventsAnnounced = true;
        this.runner.wake();
      }),
      this.listener.on(DELIVERIES_CHANNEL, () => this.runner.wake()),
    );
    this.runner.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe.splice(0).forEach((unsubscribe) => unsubscribe());
    // Attempts end within their 8 s deadline; the bound only matters when the database itself is gone mid-query.
    await this.runner.stop(STOP_GRACE_MS);
  }

  private async poll(): Promise<number> {
    await this.fanOut();
    let sleepMs = this.settings.idlePollMs;
    const free = this.settings.concurrency - this.runner.inFlight;
    if (free > 0) {
      const claimed = await this.store.claim(free, this.settings.probeIntervalSeconds, this.settings.workerId);
      // Oldest first among those claimed together (a recover's backlog): the statement's rows come back in no set order.
      claimed.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime()).forEach((delivery) => this.launch(delivery));
      if (claimed.length === free) sleepMs = 0;
    }
    if (this.runner.inFlight > 0) return sleepMs;
    // Rows already due but not claimable (their webhook is at its in-flight bound, or another process has them)
    // must not make the loop spin: an attempt finishing here wakes it, others are seen on the next poll.
    const nextDue = await this.store.nextDueAt();
    if (nextDue && nextDue.getTime() > Date.now() && sleepMs > 0) sleepMs = Math.min(sleepMs, nextDue.getTime() - Date.now());
    return sleepMs;
  }

  private async fanOut(): Promise<void> {
    if (!this.eventsAnnounced && Date.now() - this.lastFanOutAt < this.settings.idlePollMs) return;
    // Cleared first: an event announced while this runs is fanned out on the next poll.
    this.eventsAnnounced = false;
    this.lastFanOutAt = Date.now();
    try {
      while ((await this.store.fanOut(FAN_OUT_BATCH)) === FAN_OUT_BATCH);
    } catch (error) {
      this.eventsAnnounced = true;
      throw error;
    }
  }

  private launch(delivery: ClaimedDelivery): void {
    this.runner.launch(
      this.deliverer
        .attempt(delivery)
        .catch((error: unknown) =>
          this.logger.error({ err: error, deliveryId: delivery.id }, 'webhook attempt crashed; its lease will lapse and it will be retried'),
        ),
    );
  }
}
