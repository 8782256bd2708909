import { randomInt } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Contract §10: 40 characters of [A-Za-z0-9], valid base64url and base64; the HMAC key is its base64 decoding (30 bytes). */
export function newWebhookSecret(): string {
  let secret = '';
  for (let index = 0; index < 40; index += 1) secret += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return secret;
}

/**
 * Standard Webhooks headers, signed by the reference `standardwebhooks`
 * implementation so receivers' verifiers accept them: `webhook-id` is the
 * event id (stable across retries), `webhook-timestamp` the attempt's time.
 * During a rotation's grace period (contract §16) `secrets` holds the new
 * secret and then the previous one: the header carries both signatures, the
 * new one first, separated by a space, and a verifier holding either accepts.
 */
export function signedHeaders(secrets: readonly string[], eventId: string, body: string, at: Date = new Date()): Record<string, string> {
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(' '),
    'content-type': 'application/json',
  };
}
