import { createHmac } from 'node:crypto';

export interface ExchangeCredentials {
  apiKey: string;
  apiSecret: string;
}

/** `accepted`: the exchange answered the signed call; `rejected`: it refused the key (4xx); `unavailable`: no usable answer. */
export type AccountCheck = 'accepted' | 'rejected' | 'unavailable';

const RECV_WINDOW_MS = 5000;

/**
 * The one signed call identity needs: the futures account endpoint, Binance
 * style (`timestamp`, `recvWindow`, `signature` = hex HMAC-SHA256 of the query
 * with the secret, header `X-MBX-APIKEY`). Neither the secret nor the
 * signature is ever logged.
 */
export class ExchangeSignedClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  async checkAccount(credentials: ExchangeCredentials): Promise<AccountCheck> {
    const query = `timestamp=${Date.now()}&recvWindow=${RECV_WINDOW_MS}`;
    const signature = createHmac('sha256', credentials.apiSecret).update(query, 'utf8').digest('hex');
    try {
      const response = await fetch(`${this.baseUrl}/fapi/v2/account?${query}&signature=${signature}`, {
        headers: { 'X-MBX-APIKEY': credentials.apiKey },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.arrayBuffer();
      if (response.ok) return 'accepted';
      return response.status >= 400 && response.status < 500 && response.status !== 429 ? 'rejected' : 'unavailable';
    } catch {
      return 'unavailable';
    }
  }
}
