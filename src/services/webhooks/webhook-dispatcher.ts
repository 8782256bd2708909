import type { NotificationListener } from '../../db/notifications';
import { EVENTS_CHANNEL } from '../../events/outbox';
import type { Logger } from '../../observability/logger';
import { QueueRunner } from '../../workers/queue-runner';
import type { Deliverer } from './deliverer';
import { DELIVERIES_CHANNEL, type ClaimedDelivery, type WebhooksStore } from './webhooks.store';

const STOP_GRACE_MS = 10_000;

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
 * recorded, a backlog released), the next scheduled retry, or `idlePollMs`.
 */
export class WebhookDispatcher {
  private readonly runner: QueueRunner;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly store: WebhooksStore,
    private readonly deliverer: Deliverer,
    private readonly listener: NotificationListener,
    private readonly settings: DispatcherSettings,
    private readonly logger: Logger,
  ) {
    this.runner = new QueueRunner({ name: 'webhook-dispatcher', idlePollMs: settings.idlePollMs, poll: () => this.poll(), ready: settings.ready, logger });
  }

  start(): void {
    for (const channel of [EVENTS_CHANNEL, DELIVERIES_CHANNEL]) this.unsubscribe.push(this.listener.on(channel, () => this.runner.wake()));
    this.runner.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe.splice(0).forEach((unsubscribe) => unsubscribe());
    // Attempts end within their 8 s deadline; the bound only matters when the database itself is gone mid-query.
    await this.runner.stop(STOP_GRACE_MS);
  }

  private async poll(): Promise<number> {
    let sleepMs = this.settings.idlePollMs;
    while ((await this.store.fanOut(200)) > 0);
    const free = this.settings.concurrency - this.runner.inFlight;
    if (free > 0) {
      const claimed = [
        ...(await this.store.claimProbes(this.settings.probeIntervalSeconds, free, this.settings.workerId)),
        ...(await this.store.claimDue(free, this.settings.workerId)),
      ];
      // Oldest first among those claimed together (a recover's backlog): the statement's rows come back in no set order.
      claimed.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime()).forEach((delivery) => this.launch(delivery));
      if (claimed.length === free) sleepMs = 0;
    }
    // Rows already due but not claimable (their webhook is at its in-flight bound, or another process has them)
    // must not make the loop spin: an attempt finishing here wakes it, others are seen on the next poll.
    const nextDue = await this.store.nextDueAt();
    if (nextDue && nextDue.getTime() > Date.now() && sleepMs > 0) sleepMs = Math.min(sleepMs, nextDue.getTime() - Date.now());
    return sleepMs;
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
