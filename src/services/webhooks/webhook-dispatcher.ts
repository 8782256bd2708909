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
 * The worker loops of webhook delivery. The fan-out loop turns recorded events
 * into deliveries when an event is announced (or every `idlePollMs`, in case a
 * NOTIFY was missed while the listener reconnected). The claim loop claims due
 * deliveries (and probes of paused webhooks) and attempts them, up to
 * `concurrency` at a time; it sleeps until a NOTIFY (a backlog released), a
 * fan-out that made deliveries, an attempt ending, the next scheduled retry,
 * or `idlePollMs`.
 *
 * The two loops run side by side (issue 16): a fan-out of 200 events takes
 * tens of milliseconds under a burst, and in one loop every slot freed
 * meanwhile waited for it before the next claim. Each poll costs as few
 * statements as it can: probes and due deliveries are one claim, and the next
 * due time is read only when nothing is in flight: while attempts run, each
 * one's end wakes the loop anyway, and a retry falling due meanwhile waits at
 * most `idlePollMs`.
 */
export class WebhookDispatcher {
  private readonly runner: QueueRunner;
  private readonly fanOutRunner: QueueRunner;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly store: DeliveryQueueStore,
    private readonly deliverer: Deliverer,
    private readonly listener: NotificationListener,
    private readonly settings: DispatcherSettings,
    private readonly logger: Logger,
  ) {
    this.runner = new QueueRunner({ name: 'webhook-dispatcher', idlePollMs: settings.idlePollMs, poll: () => this.poll(), ready: settings.ready, logger });
    this.fanOutRunner = new QueueRunner({
      name: 'webhook-fan-out',
      idlePollMs: settings.idlePollMs,
      poll: () => this.fanOut(),
      ready: settings.ready,
      logger,
    });
  }

  start(): void {
    this.unsubscribe.push(
      this.listener.on(EVENTS_CHANNEL, () => this.fanOutRunner.wake()),
      this.listener.on(DELIVERIES_CHANNEL, () => this.runner.wake()),
    );
    this.fanOutRunner.start();
    this.runner.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe.splice(0).forEach((unsubscribe) => unsubscribe());
    // Attempts end within their 8 s deadline; the bound only matters when the database itself is gone mid-query.
    await Promise.all([this.fanOutRunner.stop(STOP_GRACE_MS), this.runner.stop(STOP_GRACE_MS)]);
  }

  private async poll(): Promise<number> {
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

  /** Fans out every event recorded so far, 200 per statement; an event announced meanwhile wakes this loop again. */
  private async fanOut(): Promise<void> {
    let batch: number;
    do {
      batch = await this.store.fanOut(FAN_OUT_BATCH);
      // Each statement's deliveries are claimable at once: the claim loop need not wait for the rest of a backlog.
      if (batch > 0) this.runner.wake();
    } while (batch === FAN_OUT_BATCH);
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
