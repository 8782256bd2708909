import { createHmac } from 'node:crypto';

/** An API key of the signed `/v1` API and its secret (shown once, when the key is made). */
export interface ApiKey {
  apiKey: string;
  apiSecret: string;
}

/**
 * `X-Service-Signature`: lowercase hex HMAC-SHA256, keyed with the API secret,
 * over `timestamp + METHOD + path + body`, where the path carries the query
 * string exactly as sent and the body is the raw bytes (empty when none).
 */
export function signature(secret: string, timestamp: string, method: string, pathWithQuery: string, body = ''): string {
  return createHmac('sha256', secret).update(`${timestamp}${method.toUpperCase()}${pathWithQuery}${body}`).digest('hex');
}

/** The three headers of a signed request; `timestamp` is Unix milliseconds and must be within the server's tolerance (30 s). */
export function signedHeaders(key: ApiKey, method: string, pathWithQuery: string, body = '', timestamp = String(Date.now())): Record<string, string> {
  return {
    'X-Service-API-Key': key.apiKey,
    'X-Service-Timestamp': timestamp,
    'X-Service-Signature': signature(key.apiSecret, timestamp, method, pathWithQuery, body),
  };
}
