import type { EventEnvelope } from './event-types';

/** The GraphQL pubsub topic of strategy events (subscription `strategyEvents`). */
export const STRATEGY_EVENTS_TOPIC = 'STRATEGY_EVENTS';

/** What the bridge publishes: the event and whose strategy it concerns, for the subscription's filter. */
export interface StrategyEventPayload {
  strategyId: string;
  userId: number;
  apiKeyId: number | null;
  event: EventEnvelope;
}

const WAIT_LIMIT_MS = 5_000;
const REMEMBERED = 1_000;

/**
 * Lets a request wait until events it recorded have been published to this
 * process's subscribers (pause with `close_positions`: the close events stream
 * before the response). The bridge reports each published id; in a process
 * without a bridge (ROLE=worker) there is nobody to wait for.
 */
export class StrategyEventFeed {
  private bridged = false;
  private readonly recent = new Set<string>();
  private readonly waiters = new Map<string, () => void>();

  attachBridge(): () => void {
    this.bridged = true;
    return () => {
      this.bridged = false;
      for (const release of this.waiters.values()) release();
      this.waiters.clear();
    };
  }

  published(eventId: string): void {
    this.recent.add(eventId);
    if (this.recent.size > REMEMBERED) this.recent.delete(this.recent.values().next().value as string);
    this.waiters.get(eventId)?.();
    this.waiters.delete(eventId);
  }

  async waitFor(eventIds: string[]): Promise<void> {
    if (!this.bridged) return;
    const pending = eventIds.filter((id) => !this.recent.has(id));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, WAIT_LIMIT_MS);
    });
    await Promise.race([Promise.all(pending.map((id) => new Promise<void>((resolve) => this.waiters.set(id, resolve)))), timeout]);
    clearTimeout(timer);
    for (const id of pending) this.waiters.delete(id);
  }
}
