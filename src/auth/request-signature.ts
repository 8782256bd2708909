import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed request's HMAC covers (contract §6). */
export interface SignedRequestParts {
  timestamp: string;
  method: string;
  /** The path with the query string exactly as sent. */
  pathWithQuery: string;
  /** The raw body bytes; empty when there was none. */
  body: Buffer | string;
}

/** Lowercase hex HMAC-SHA256, keyed with the API secret, over `timestamp + METHOD + path + body`. */
export function requestSignature(secret: string, parts: SignedRequestParts): string {
  return createHmac('sha256', secret).update(`${parts.timestamp}${parts.method.toUpperCase()}${parts.pathWithQuery}`, 'utf8').update(parts.body).digest('hex');
}

export function isSignatureValid(secret: string, parts: SignedRequestParts, signature: string): boolean {
  const expected = Buffer.from(requestSignature(secret, parts), 'utf8');
  const offered = Buffer.from(signature, 'utf8');
  return offered.length === expected.length && timingSafeEqual(offered, expected);
}

/** Unix milliseconds within `toleranceMs` of now, either way (clock skew in both directions). */
export function isTimestampFresh(timestamp: string, nowMs: number, toleranceMs: number): boolean {
  if (!/^\d{1,16}$/.test(timestamp)) return false;
  return Math.abs(nowMs - Number(timestamp)) <= toleranceMs;
}
