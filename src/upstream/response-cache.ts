import { LRUCache } from 'lru-cache';

/**
 * Successful upstream responses kept for a short time (bounded by count, as
 * pass-through paths take arbitrary query strings), plus the requests in
 * flight, so identical concurrent requests share one upstream call.
 */
export class ResponseCache<Value extends object> {
  private readonly stored: LRUCache<string, Value>;
  private readonly inFlight = new Map<string, Promise<Value>>();

  constructor(maxEntries: number) {
    this.stored = new LRUCache<string, Value>({ max: maxEntries, ttlAutopurge: false });
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
