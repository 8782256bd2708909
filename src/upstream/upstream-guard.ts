/**
 * Keeps one upstream host from banning the service's address: it tracks the
 * weight the host reports as used in the current minute, refuses requests that
 * would exceed the budget, and after a 429/418 refuses everything until the
 * host's `Retry-After` has passed. One guard per host, since the exchange
 * counts each host (futures API, web API) separately.
 *
 * Fairness (issue 10): a client (an address) may spend at most `clientShare`
 * of the budget in a minute, so a client that keeps asking for uncached
 * answers runs out of its own share long before the others run out of theirs.
 */

const MINUTE_MS = 60_000;
/** Used when a 429/418 arrives without a usable `Retry-After` (the exchange always sends one; a stand-in might not). */
const DEFAULT_BAN_MS = 60_000;

export type GuardVerdict = { allowed: true } | { allowed: false; reason: 'banned' | 'over_budget' | 'client_share'; retryAfterMs: number };

export class UpstreamGuard {
  private bannedUntil = 0;
  private windowStart = 0;
  private usedInWindow = 0;
  private readonly usedByClient = new Map<string, number>();

  constructor(
    private readonly weightBudgetPerMinute: number,
    private readonly now: () => number = Date.now,
    private readonly clientShare = 1,
  ) {}

  /** Reserves `weight` for a request about to be sent for `client` (none: the service's own work), or says why it must not be sent. */
  admit(weight: number, client?: string): GuardVerdict {
    const now = this.now();
    if (now < this.bannedUntil) return { allowed: false, reason: 'banned', retryAfterMs: this.bannedUntil - now };
    this.rollWindow(now);
    const retryAfterMs = this.windowStart + MINUTE_MS - now;
    if (weight > 0 && this.usedInWindow + weight > this.weightBudgetPerMinute) return { allowed: false, reason: 'over_budget', retryAfterMs };
    const clientUsed = client === undefined ? 0 : (this.usedByClient.get(client) ?? 0);
    if (weight > 0 && client !== undefined && clientUsed + weight > this.weightBudgetPerMinute * this.clientShare) {
      return { allowed: false, reason: 'client_share', retryAfterMs };
    }
    this.usedInWindow += weight;
    if (client !== undefined && weight > 0) this.usedByClient.set(client, clientUsed + weight);
    return { allowed: true };
  }

  /** Milliseconds until `weight` fits (0 when it fits now); for background callers that would rather wait than fail. */
  waitTimeFor(weight: number): number {
    const now = this.now();
    if (now < this.bannedUntil) return this.bannedUntil - now;
    this.rollWindow(now);
    // A request heavier than the whole budget would wait forever; `admit` refuses it instead.
    if (weight > this.weightBudgetPerMinute) return 0;
    return this.usedInWindow + weight > this.weightBudgetPerMinute ? this.windowStart + MINUTE_MS - now : 0;
  }

  /** The host's own count wins over ours: other clients on the same address spend the same budget. */
  recordUsedWeight(headerValue: string | undefined): void {
    const reported = Number(headerValue);
    if (headerValue === undefined || !Number.isFinite(reported)) return;
    this.rollWindow(this.now());
    this.usedInWindow = Math.max(this.usedInWindow, reported);
  }

  recordBan(retryAfterHeader: string | undefined): number {
    const banMs = parseRetryAfter(retryAfterHeader, this.now()) ?? DEFAULT_BAN_MS;
    this.bannedUntil = Math.max(this.bannedUntil, this.now() + banMs);
    return banMs;
  }

  usedWeight(): number {
    this.rollWindow(this.now());
    return this.usedInWindow;
  }

  /** The exchange counts weight per calendar minute. */
  private rollWindow(now: number): void {
    const start = now - (now % MINUTE_MS);
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.usedInWindow = 0;
      this.usedByClient.clear();
    }
  }
}

/** `Retry-After` is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
