import type { Logger } from '../../observability/logger';
import type { UpstreamClient } from '../../upstream/upstream-client';
import { LatestValues } from './latest-values';

/** Where a feed's values come from, and when two values are the same (not sent twice). */
export interface FeedSource<T> {
  /** The value carried by one stream event; undefined for an event of another kind. */
  fromStream(event: unknown): T | undefined;
  /** The current value from REST, while the stream is down. */
  poll(): Promise<T | undefined>;
  same(a: T, b: T): boolean;
  pollIntervalMs: number;
  silenceLimitMs?: number;
}

/**
 * One upstream stream and everyone in this process who follows it: opened by
 * the first subscriber, closed when the last one leaves. Each new value goes
 * to every subscriber; a new subscriber first gets the latest value. While the
 * stream is down (and before it first opens) the feed polls REST instead, so
 * subscribers keep getting values through an outage.
 */
export class LiveFeed<T extends object> {
  private readonly subscribers = new Set<LatestValues<T>>();
  private latest?: T;
  private readonly closeStream: () => void;
  private pollTimer?: NodeJS.Timeout;
  private streaming = false;
  private closed = false;

  constructor(
    upstream: UpstreamClient,
    private readonly stream: string,
    private readonly source: FeedSource<T>,
    private readonly onClosed: () => void,
    private readonly logger?: Logger,
  ) {
    this.closeStream = upstream.openStream(
      stream,
      {
        message: (event) => {
          const value = source.fromStream(event);
          if (value) this.publish(value);
        },
        state: (up) => this.streamState(up),
      },
      { silenceLimitMs: source.silenceLimitMs },
    );
    this.pollNow();
  }

  subscribe(): AsyncIterableIterator<T> {
    const subscriber = new LatestValues<T>(() => this.leave(subscriber));
    this.subscribers.add(subscriber);
    if (this.latest) subscriber.push(this.latest);
    return subscriber;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.pollTimer);
    this.closeStream();
    for (const subscriber of this.subscribers) void subscriber.return();
    this.onClosed();
  }

  private leave(subscriber: LatestValues<T>): void {
    this.subscribers.delete(subscriber);
    if (this.subscribers.size === 0) this.close();
  }

  private publish(value: T): void {
    if (this.latest && this.source.same(this.latest, value)) return;
    this.latest = value;
    for (const subscriber of this.subscribers) subscriber.push(value);
  }

  private streamState(up: boolean): void {
    this.streaming = up;
    this.logger?.info({ stream: this.stream, up }, up ? 'market stream open' : 'market stream down: polling REST until it is back');
    if (up) clearTimeout(this.pollTimer);
    else this.pollNow();
  }

  private pollNow(): void {
    clearTimeout(this.pollTimer);
    if (this.closed || this.streaming) return;
    this.source.poll().then(
      (value) => {
        if (value && !this.streaming && !this.closed) this.publish(value);
      },
      (error: unknown) => this.logger?.debug({ stream: this.stream, err: error }, 'market poll failed'),
    );
    this.pollTimer = setTimeout(() => this.pollNow(), this.source.pollIntervalMs);
  }
}
