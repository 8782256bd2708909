/**
 * When to try again after the n-th failed attempt (contract §10): the
 * configured schedule with ±20% jitter, or the receiver's `Retry-After` on 429
 * and 503 when that asks for longer. Undefined once the schedule is used up.
 */
export function nextAttemptDelaySeconds(
  failedAttempts: number,
  schedule: readonly number[],
  retryAfterSeconds?: number,
  random: () => number = Math.random,
): number | undefined {
  const base = failedAttempts < 1 ? undefined : schedule[failedAttempts - 1];
  if (base === undefined) return undefined;
  const jittered = base * (0.8 + 0.4 * random());
  return retryAfterSeconds !== undefined ? Math.max(jittered, retryAfterSeconds) : jittered;
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date; capped at a day so a receiver cannot park deliveries forever. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const header = Array.isArray(value) ? value[0] : value;
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - now) / 1000;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 86_400) : undefined;
}
