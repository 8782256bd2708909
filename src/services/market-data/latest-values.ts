/**
 * One subscriber's view of a live feed, as the async iterator graphql-ws
 * reads, or pushed to a consumer that sends each value itself
 * (`deliverTo`): values wait here while the subscriber's socket is busy. A
 * market value is superseded by the next one, so a subscriber that falls
 * behind keeps only the newest few instead of growing the process's memory.
 */
const KEPT_WHILE_BEHIND = 16;

/** Sends one value and calls `sent` once the subscriber's socket has taken it. */
export type Deliver<T> = (value: T, sent: () => void) => void;

export class LatestValues<T> implements AsyncIterableIterator<T> {
  private readonly waiting: T[] = [];
  private reader?: (result: IteratorResult<T>) => void;
  private deliver?: Deliver<T>;
  private delivering = false;
  private ended = false;

  /** `leave` runs once, when the subscriber ends the iteration (completes, disconnects). */
  constructor(private readonly leave: () => void) {}

  push(value: T): void {
    if (this.ended) return;
    if (this.deliver && !this.delivering) {
      this.deliverNow(value);
      return;
    }
    const reader = this.reader;
    if (reader && !this.deliver) {
      this.reader = undefined;
      reader({ value, done: false });
      return;
    }
    this.waiting.push(value);
    if (this.waiting.length > KEPT_WHILE_BEHIND) this.waiting.shift();
  }

  /**
   * Hands every value, the waiting ones first, to `deliver` instead of
   * `next()`, one at a time: a fan-out to a thousand sockets costs no promise
   * per subscriber and event. `next()` then only reports the end.
   */
  deliverTo(deliver: Deliver<T>): void {
    this.deliver = deliver;
    this.deliverWaiting();
  }

  next(): Promise<IteratorResult<T>> {
    if (this.waiting.length > 0 && !this.deliver) return Promise.resolve({ value: this.waiting.shift() as T, done: false });
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.reader = resolve;
    });
  }

  return(): Promise<IteratorResult<T>> {
    if (!this.ended) {
      this.ended = true;
      this.waiting.length = 0;
      this.reader?.({ value: undefined, done: true });
      this.reader = undefined;
      this.leave();
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }

  private deliverNow(value: T): void {
    this.delivering = true;
    this.deliver?.(value, () => {
      this.delivering = false;
      this.deliverWaiting();
    });
  }

  private deliverWaiting(): void {
    if (this.ended || this.delivering || this.waiting.length === 0) return;
    this.deliverNow(this.waiting.shift() as T);
  }
}
