export interface WaitOptions {
  /** How long to keep trying before failing (ms). */
  timeoutMs?: number;
  /** The pause after the first read (ms); each later pause is a quarter longer, up to `MAX_INTERVAL_MS`. */
  intervalMs?: number;
  /** The longest pause (ms), `MAX_INTERVAL_MS` by default: a test that times the changes it sees keeps it short. */
  maxIntervalMs?: number;
}

/**
 * A long wait reads less often: a test that polls a `/v1` path every 50 ms for 40 s spends its key's request budget
 * (a 429 instead of the page it reads) and CPU the rest of the suite needs, while a short wait still answers within
 * a few tens of milliseconds.
 */
const MAX_INTERVAL_MS = 250;
const GROWTH = 1.25;

/**
 * Reads `read` until it gives a value other than `undefined`, `null` or `false`, and returns that value; fails naming `what` was
 * awaited when the deadline passes. A test waits for the condition a fixed sleep would stand for, so it takes as long as
 * the service needs and no longer, and a slow machine gives a clear message instead of a later confusing assertion.
 */
export async function waitFor<T>(
  what: string,
  read: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 20_000, intervalMs = 50, maxIntervalMs = MAX_INTERVAL_MS }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  const longest = Math.max(intervalMs, maxIntervalMs);
  for (let pause = intervalMs; ; pause = Math.min(pause * GROWTH, longest)) {
    const value = await read();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
