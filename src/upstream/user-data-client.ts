import { z } from 'zod';
import { ExchangeAnswerLost, ExchangeRefusal, exchangeMessage, type ExchangeCredentials, type ExchangeTradingClient } from './exchange-trading-client';

/** The exchange's answer to a keepalive of a listenKey that expired. */
export const LISTEN_KEY_GONE = -1125;

const listenKeyAnswer = z.object({ listenKey: z.string().min(1) });
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const tradesAnswer = z.array(
  z.object({ orderId: z.number(), side: z.enum(['BUY', 'SELL']), price: decimal, qty: decimal, commission: decimal, time: z.number() }),
);
export type AccountTrade = z.infer<typeof tradesAnswer>[number];
const orderAnswer = z.object({ clientOrderId: z.string(), origType: z.string().optional(), type: z.string().optional() });

/**
 * The user data stream's REST side (contract §20): the listenKey (API-key
 * header only, no signature: `POST` creates or returns the active key, `PUT`
 * extends it, `DELETE` closes it) and the signed reads reconciliation needs.
 */
export class UserDataClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly trading: ExchangeTradingClient,
  ) {}

  async createListenKey(credentials: ExchangeCredentials): Promise<string> {
    return listenKeyAnswer.parse(await this.listenKey(credentials, 'POST')).listenKey;
  }

  /** Extends the key by 60 minutes; ExchangeRefusal with code LISTEN_KEY_GONE once it expired. */
  async keepAlive(credentials: ExchangeCredentials): Promise<void> {
    await this.listenKey(credentials, 'PUT');
  }

  async closeListenKey(credentials: ExchangeCredentials): Promise<void> {
    await this.listenKey(credentials, 'DELETE');
  }

  /** The account's trades on `symbol` from `startTime` on, oldest first. */
  async tradesSince(credentials: ExchangeCredentials, symbol: string, startTime: number): Promise<AccountTrade[]> {
    return tradesAnswer.parse(await this.signed(credentials, '/fapi/v1/userTrades', { symbol, startTime }));
  }

  /** The client order id and original type of an order known by its exchange id. */
  async orderOf(credentials: ExchangeCredentials, symbol: string, orderId: number): Promise<{ clientOrderId: string; type: string }> {
    const order = orderAnswer.parse(await this.signed(credentials, '/fapi/v1/order', { symbol, orderId }));
    return { clientOrderId: order.clientOrderId, type: order.origType ?? order.type ?? '' };
  }

  private async signed(credentials: ExchangeCredentials, path: string, params: Record<string, string | number>): Promise<unknown> {
    const answer = await this.trading.send(credentials, 'GET', path, params);
    if (answer.status >= 300)
      throw new ExchangeRefusal(answer.status, exchangeMessage.safeParse(answer.body).data?.code, `GET ${path} answered ${answer.status}`);
    return answer.body;
  }

  private async listenKey(credentials: ExchangeCredentials, method: 'POST' | 'PUT' | 'DELETE'): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/fapi/v1/listenKey`, {
        method,
        headers: { 'X-MBX-APIKEY': credentials.apiKey },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new ExchangeAnswerLost(`${method} /fapi/v1/listenKey: no answer (${(error as Error).message})`);
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const refusal = exchangeMessage.safeParse(body);
      throw new ExchangeRefusal(response.status, refusal.data?.code, `${method} /fapi/v1/listenKey refused (${response.status})`);
    }
    return body;
  }
}
