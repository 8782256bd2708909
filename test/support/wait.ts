export interface WaitOptions {
  /** How long to keep trying before failing (ms). */
  timeoutMs?: number;
  /** The pause between two reads (ms). */
  intervalMs?: number;
}

/**
 * Reads `read` until it gives a value other than `undefined`, `null` or `false`, and returns that value; fails naming `what` was
 * awaited when the deadline passes. A test waits for the condition a fixed sleep would stand for, so it takes as long as
 * the service needs and no longer, and a slow machine gives a clear message instead of a later confusing assertion.
 */
export async function waitFor<T>(
  what: string,
  read: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 20_000, intervalMs = 50 }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
