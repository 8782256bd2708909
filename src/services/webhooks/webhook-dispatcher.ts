import type { NotificationListener } from '../../db/notifications';
import { EVENTS_CHANNEL } from '../../events/outbox';
import type { Logger } from '../../observability/logger';
import { WakeSignal } from '../../workers/wake-signal';
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
}

/**
 * The worker loop of webhook delivery: fans recorded events out into
 * deliveries, claims due ones (and probes of paused webhooks) and attempts
 * them, up to `concurrency` at a time. It sleeps until a NOTIFY (an event was
 * recorded, a backlog released), the next scheduled retry, or `idlePollMs`.
 */
export class WebhookDispatcher {
  private running = false;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly wakeSignal = new WakeSignal();
  private loop?: Promise<void>;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly store: WebhooksStore,
    private readonly deliverer: Deliverer,
    private readonly listener: NotificationListener,
    private readonly settings: DispatcherSettings,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.running = true;
    for (const channel of [EVENTS_CHANNEL, DELIVERIES_CHANNEL]) this.unsubscribe.push(this.listener.on(channel, () => this.wakeSignal.wake()));
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe.splice(0).forEach((unsubscribe) => unsubscribe());
    this.wakeSignal.wake();
    // Attempts end within their 8 s deadline; the bound only matters when the database itself is gone mid-query.
    await Promise.race([Promise.allSettled([this.loop, ...this.inFlight]), new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())]);
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.wakeSignal.reset();
      let sleepMs = this.settings.idlePollMs;
      try {
        while ((await this.store.fanOut(200)) > 0 && this.running);
        const free = this.settings.concurrency - this.inFlight.size;
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
      } catch (error) {
        this.logger.error({ err: error }, 'webhook dispatcher iteration failed');
      }
      if (this.running && sleepMs > 0) await this.wakeSignal.sleep(sleepMs);
    }
  }

  private launch(delivery: ClaimedDelivery): void {
    const attempt = this.deliverer
      .attempt(delivery)
      .catch((error: unknown) =>
        this.logger.error({ err: error, deliveryId: delivery.id }, 'webhook attempt crashed; its lease will lapse and it will be retried'),
      )
      .finally(() => {
        this.inFlight.delete(attempt);
        this.wakeSignal.wake();
      });
    this.inFlight.add(attempt);
  }
}
