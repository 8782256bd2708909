import { LRUCache } from 'lru-cache';

/**
 * Successful upstream responses kept for a short time (bounded by count and
 * by size, as pass-through paths take arbitrary query strings and closed
 * klines are kept until evicted), plus the requests in flight, so identical
 * concurrent requests share one upstream call.
 */
export class ResponseCache<Value extends object> {
  private readonly stored: LRUCache<string, Value>;
  private readonly inFlight = new Map<string, Promise<Value>>();

  constructor(limits: { maxEntries: number; maxBytes: number; sizeOf: (value: Value) => number }) {
    this.stored = new LRUCache<string, Value>({
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      // An answer too large for the whole cache is simply not kept.
      sizeCalculation: (value) => Math.max(1, limits.sizeOf(value)),
    });
  }

  get(key: string): Value | undefined {
    return this.stored.get(key);
  }

  /**
   * Runs `load` unless an identical load is already running, in which case the
   * caller joins it. `ttlMs(value)` decides how long a result is kept: 0 (the
   * answer for errors and uncachable results) keeps nothing.
   */
  async coalesce(key: string, load: () => Promise<Value>, ttlMs: (value: Value) => number): Promise<{ value: Value; joined: boolean }> {
    const running = this.inFlight.get(key);
    if (running) return { value: await running, joined: true };
    const loading = load().then((value) => {
      const ttl = ttlMs(value);
      if (ttl > 0) this.stored.set(key, value, { ttl: Number.isFinite(ttl) ? ttl : 0 });
      return value;
    });
    this.inFlight.set(key, loading);
    try {
      return { value: await loading, joined: false };
    } finally {
      this.inFlight.delete(key);
    }
  }

  clear(): void {
    this.stored.clear();
  }
}
