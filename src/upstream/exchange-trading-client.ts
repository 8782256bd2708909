import { createHmac } from 'node:crypto';

export interface ExchangeCredentials {
  apiKey: string;
  apiSecret: string;
}

/** `accepted`: the exchange answered the signed call; `rejected`: it refused the key (4xx); `unavailable`: no usable answer. */
export type AccountCheck = 'accepted' | 'rejected' | 'unavailable';

export interface ExchangeAnswer {
  status: number;
  body: unknown;
}

export type SignedMethod = 'GET' | 'POST' | 'DELETE';

const RECV_WINDOW_MS = 5000;

/**
 * Signed trading calls on the futures host, Binance style: the parameters plus
 * `timestamp` and `recvWindow` form the query, `signature` is the hex
 * HMAC-SHA256 of that query with the secret, the key goes in `X-MBX-APIKEY`.
 * Used to verify registered keys, by live strategy runs and by the
 * body-credential endpoints; neither the credentials nor the signed query are
 * ever logged.
 */
export class ExchangeTradingClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  /** The exchange's answer as is (any status); throws only when no answer came (network failure, timeout). */
  async send(credentials: ExchangeCredentials, method: SignedMethod, path: string, params: Record<string, string | number | boolean>): Promise<ExchangeAnswer> {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) query.set(key, String(value));
    query.set('timestamp', String(Date.now()));
    query.set('recvWindow', String(RECV_WINDOW_MS));
    const payload = query.toString();
    const signature = createHmac('sha256', credentials.apiSecret).update(payload, 'utf8').digest('hex');
    const response = await fetch(`${this.baseUrl}${path}?${payload}&signature=${signature}`, {
      method,
      headers: { 'X-MBX-APIKEY': credentials.apiKey },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, body: parseJson(text) };
  }

  /** Whether the exchange accepts the key, through its signed futures account endpoint. */
  async checkAccount(credentials: ExchangeCredentials): Promise<AccountCheck> {
    try {
      const answer = await this.send(credentials, 'GET', '/fapi/v2/account', {});
      if (answer.status >= 200 && answer.status < 300) return 'accepted';
      return answer.status >= 400 && answer.status < 500 && answer.status !== 429 ? 'rejected' : 'unavailable';
    } catch {
      return 'unavailable';
    }
  }

  /** The available balance of `asset` on the futures account, or null when the exchange does not answer with one. */
  async availableBalance(credentials: ExchangeCredentials, asset: string): Promise<string | null> {
    const answer = await this.send(credentials, 'GET', '/fapi/v2/balance', {});
    if (answer.status !== 200 || !Array.isArray(answer.body)) return null;
    const row = (answer.body as { asset?: string; availableBalance?: string }[]).find((entry) => entry.asset === asset);
    return row?.availableBalance ?? '0';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
