/**
 * One subscriber's view of a live feed, as the async iterator graphql-ws
 * reads: values wait here while the subscriber's socket is busy. A market
 * value is superseded by the next one, so a subscriber that falls behind keeps
 * only the newest few instead of growing the process's memory.
 */
const KEPT_WHILE_BEHIND = 16;

export class LatestValues<T> implements AsyncIterableIterator<T> {
  private readonly waiting: T[] = [];
  private reader?: (result: IteratorResult<T>) => void;
  private ended = false;

  /** `leave` runs once, when the subscriber ends the iteration (completes, disconnects). */
  constructor(private readonly leave: () => void) {}

  push(value: T): void {
    if (this.ended) return;
    const reader = this.reader;
    if (reader) {
      this.reader = undefined;
      reader({ value, done: false });
      return;
    }
    this.waiting.push(value);
    if (this.waiting.length > KEPT_WHILE_BEHIND) this.waiting.shift();
  }

  next(): Promise<IteratorResult<T>> {
    if (this.waiting.length > 0) return Promise.resolve({ value: this.waiting.shift() as T, done: false });
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
}
