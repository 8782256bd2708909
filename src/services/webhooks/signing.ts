import { createHmac, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Contract §10: 40 characters of [A-Za-z0-9], valid base64url and base64; the HMAC key is its base64 decoding (30 bytes). */
export function newWebhookSecret(): string {
  let secret = '';
  for (let index = 0; index < 40; index += 1) secret += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return secret;
}

/** The HMAC key of a secret (its base64 decoding), worked out once per secret rather than per attempt. */
export function signingKey(secret: string): Buffer {
  return Buffer.from(secret, 'base64');
}

/**
 * Standard Webhooks headers: `webhook-id` is the event id (stable across
 * retries), `webhook-timestamp` the attempt's time, and `webhook-signature`
 * `v1,` + base64 HMAC-SHA256 over `id.timestamp.body`, computed with Node's
 * native HMAC (the reference `standardwebhooks` package hashes in JavaScript;
 * a test checks its verifier accepts every signature made here). During a
 * rotation's grace period (contract §16) `keys` holds the new secret's key
 * and then the previous one's: the header carries both signatures, the new
 * one first, separated by a space, and a verifier holding either accepts.
 */
export function signedHeaders(keys: readonly Buffer[], eventId: string, body: string, at: Date = new Date()): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signed = `${eventId}.${timestamp}.${body}`;
  return {
    'webhook-id': eventId,
    'webhook-timestamp': timestamp,
    'webhook-signature': keys.map((key) => `v1,${createHmac('sha256', key).update(signed).digest('base64')}`).join(' '),
    'content-type': 'application/json',
  };
}
