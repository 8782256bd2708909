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
/** `GET /fapi/v1/openOrders`: the account's resting orders on every symbol. */
const openOrdersAnswer = z.array(z.object({ orderId: z.number(), clientOrderId: z.string(), symbol: z.string(), status: z.string() }));
export type OpenOrder = z.infer<typeof openOrdersAnswer>[number];
/** `GET /fapi/v1/openAlgoOrders`: the conditional orders the exchange still holds (not triggered, not cancelled). */
const openAlgoOrdersAnswer = z.array(
  z.object({ algoId: z.number(), clientAlgoId: z.string(), symbol: z.string(), orderType: z.string(), algoStatus: z.string() }),
);
export type OpenAlgoOrder = z.infer<typeof openAlgoOrdersAnswer>[number];
/** `GET /fapi/v1/income?incomeType=FUNDING_FEE`: `income` is what the account received (negative: paid); `tranId` is unique per income type. */
const fundingAnswer = z.array(z.object({ symbol: z.string(), incomeType: z.literal('FUNDING_FEE'), income: decimal, time: z.number(), tranId: z.number() }));
export type FundingFee = z.infer<typeof fundingAnswer>[number];
/** The most rows one income call returns. */
const INCOME_LIMIT = 1000;

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

  /** The account's resting orders, all symbols (weight 40). */
  async openOrders(credentials: ExchangeCredentials): Promise<OpenOrder[]> {
    return openOrdersAnswer.parse(await this.signed(credentials, '/fapi/v1/openOrders', {}));
  }

  /** The conditional orders the exchange holds for the account, all symbols. */
  async openAlgoOrders(credentials: ExchangeCredentials): Promise<OpenAlgoOrder[]> {
    return openAlgoOrdersAnswer.parse(await this.signed(credentials, '/fapi/v1/openAlgoOrders', {}));
  }

  /**
   * The funding the account paid or received from `startTime` on (inclusive),
   * oldest first, page by page: a page ends inside one funding time's rows
   * (every symbol is charged at the same instant), so the next starts at that
   * time again and leaves out the rows it already has.
   */
  async fundingFeesSince(credentials: ExchangeCredentials, startTime: number): Promise<FundingFee[]> {
    const fees = new Map<number, FundingFee>();
    for (let from = startTime; ;) {
      const page = fundingAnswer.parse(await this.signed(credentials, '/fapi/v1/income', { incomeType: 'FUNDING_FEE', startTime: from, limit: INCOME_LIMIT }));
      const fresh = page.filter((fee) => !fees.has(fee.tranId));
      for (const fee of fresh) fees.set(fee.tranId, fee);
      if (page.length < INCOME_LIMIT || fresh.length === 0) return [...fees.values()];
      from = page.at(-1)!.time;
    }
  }

  /** Cancels a resting order by its client id (`-2011` when the exchange no longer holds it). */
  async cancelOrder(credentials: ExchangeCredentials, symbol: string, clientOrderId: string): Promise<void> {
    const answer = await this.trading.send(credentials, 'DELETE', '/fapi/v1/order', { symbol, origClientOrderId: clientOrderId });
    if (answer.status >= 300)
      throw new ExchangeRefusal(answer.status, exchangeMessage.safeParse(answer.body).data?.code, `DELETE /fapi/v1/order answered ${answer.status}`);
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
