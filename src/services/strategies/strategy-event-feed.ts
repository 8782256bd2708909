import { EventEmitter, on } from 'node:events';
import type { EventEnvelope } from '../../events/event-types';

/** What the bridge publishes: the event and whose strategy it concerns, for the subscription's filter. */
export interface StrategyEventPayload {
  strategyId: string;
  userId: number;
  apiKeyId: number | null;
  /** Where the event sits in the record order (`outbox_events.seq`). */
  seq: string;
  event: EventEnvelope;
}

const WAIT_LIMIT_MS = 5_000;
const ALL_STRATEGIES = Symbol('all strategies');
const REMEMBERED = 1_000;

/**
 * Lets a request wait until events it recorded have been published to this
 * process's subscribers (pause with `close_positions`: the close events stream
 * before the response). The bridge reports each published id; in a process
 * without a bridge (ROLE=worker) there is nobody to wait for.
 */
export class StrategyEventFeed {
  /** This process's `strategyEvents` subscribers, keyed by strategy id. */
  private readonly subscribers = new EventEmitter().setMaxListeners(0);
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

  /** Whether anyone in this process follows strategy events now: without one, nothing recorded needs reading back. */
  hasSubscribers(): boolean {
    return this.subscribers.eventNames().length > 0;
  }

  /** Hands an event to this process's subscribers of its strategy and of every strategy (called by the bridge). */
  publish(payload: StrategyEventPayload): void {
    this.subscribers.emit(payload.strategyId, payload);
    this.subscribers.emit(ALL_STRATEGIES, payload);
  }

  /** The events of one strategy (or, without one, of every strategy) from now on, until `signal` aborts. */
  follow(strategyId: string | undefined, signal: AbortSignal): AsyncIterableIterator<[StrategyEventPayload]> {
    return on(this.subscribers, strategyId ?? ALL_STRATEGIES, { signal }) as AsyncIterableIterator<[StrategyEventPayload]>;
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
