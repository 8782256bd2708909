import { createHmac } from 'node:crypto';
import { z } from 'zod';

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

/** The exchange answered and refused the call (4xx with its `code` and `msg`): nothing was done. */
export class ExchangeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

/**
 * No usable answer came (timeout, connection error, 5xx, an answer that is
 * not what the exchange documents): the call may or may not have been carried out.
 */
export class ExchangeAnswerLost extends Error {}

/** The exchange's code for an order or algo order it does not know. */
export const UNKNOWN_ORDER_CODES = [-2013, -2011];

const RECV_WINDOW_MS = 5000;
/** How long after it was signed a request can still be carried out: the exchange refuses it once `recvWindow` has passed. */
export const SIGNED_REQUEST_LIFETIME_MS = RECV_WINDOW_MS;

/* What the exchange answers, checked at the boundary: fields the service reads, the rest passes. */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
/** The exchange's `{code, msg}` body: its refusals, and its plain acknowledgements (a margin type change answers code 200). */
export const exchangeMessage = z.object({ code: z.number(), msg: z.string() });

export const orderAnswer = z.object({
  orderId: z.number(),
  clientOrderId: z.string(),
  symbol: z.string(),
  status: z.string(),
  executedQty: decimal,
  avgPrice: decimal,
});
export type ExchangeOrder = z.infer<typeof orderAnswer>;

const tradesAnswer = z.array(
  z.object({ orderId: z.number(), price: decimal, qty: decimal, commission: decimal, commissionAsset: z.string(), time: z.number() }),
);
export type ExchangeTrade = z.infer<typeof tradesAnswer>[number];

export const leverageAnswer = z.object({ symbol: z.string(), leverage: z.number() });

export const algoOrderAnswer = z.object({
  algoId: z.number(),
  clientAlgoId: z.string(),
  symbol: z.string(),
  algoStatus: z.string(),
  triggerPrice: decimal.optional(),
  actualOrderId: z.union([z.string(), z.number()]).optional(),
});
export type ExchangeAlgoOrder = z.infer<typeof algoOrderAnswer>;

const positionRiskAnswer = z.array(z.object({ symbol: z.string(), positionAmt: decimal, markPrice: decimal.optional() }));
export type ExchangePosition = z.infer<typeof positionRiskAnswer>[number];

const balanceAnswer = z.array(z.object({ asset: z.string(), availableBalance: decimal }));

/**
 * Signed trading calls on the futures host, Binance style: the parameters plus
 * `timestamp` and `recvWindow` form the query, `signature` is the hex
 * HMAC-SHA256 of that query with the secret, the key goes in `X-MBX-APIKEY`.
 * Used to verify registered keys, by live strategy runs and by the
 * body-credential endpoints; neither the credentials nor the signed query are
 * ever logged. Typed calls check the answer with zod and throw
 * `ExchangeRefusal` (4xx) or `ExchangeAnswerLost` (anything else that is not a valid answer).
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

  /** The available balance of `asset` on the futures account ('0' when the account has none of it). */
  async availableBalance(credentials: ExchangeCredentials, asset: string): Promise<string> {
    const rows = await this.call(credentials, 'GET', '/fapi/v2/balance', {}, balanceAnswer);
    return rows.find((row) => row.asset === asset)?.availableBalance ?? '0';
  }

  async setLeverage(credentials: ExchangeCredentials, symbol: string, leverage: number): Promise<void> {
    await this.call(credentials, 'POST', '/fapi/v1/leverage', { symbol, leverage }, leverageAnswer);
  }

  /** A MARKET order answered with its result (`newOrderRespType=RESULT`), so a filled order says so at once. */
  placeMarketOrder(
    credentials: ExchangeCredentials,
    order: { symbol: string; side: 'BUY' | 'SELL'; quantity: string; reduceOnly: boolean; clientOrderId: string },
  ): Promise<ExchangeOrder> {
    return this.call(
      credentials,
      'POST',
      '/fapi/v1/order',
      {
        symbol: order.symbol,
        side: order.side,
        type: 'MARKET',
        quantity: order.quantity,
        ...(order.reduceOnly ? { reduceOnly: true } : {}),
        newClientOrderId: order.clientOrderId,
        newOrderRespType: 'RESULT',
      },
      orderAnswer,
    );
  }

  /** An order by the client id it was sent with; null when the exchange does not know it. */
  async findOrder(credentials: ExchangeCredentials, symbol: string, clientOrderId: string): Promise<ExchangeOrder | null> {
    return nullWhenUnknown(this.call(credentials, 'GET', '/fapi/v1/order', { symbol, origClientOrderId: clientOrderId }, orderAnswer));
  }

  /** The trades that filled an order: their prices, quantities and the commission charged. */
  tradesOf(credentials: ExchangeCredentials, symbol: string, orderId: number | string): Promise<ExchangeTrade[]> {
    return this.call(credentials, 'GET', '/fapi/v1/userTrades', { symbol, orderId }, tradesAnswer);
  }

  /** A conditional order that closes the whole position when the mark price reaches `triggerPrice` (the Algo Order API). */
  placeClosingAlgoOrder(
    credentials: ExchangeCredentials,
    order: { symbol: string; side: 'BUY' | 'SELL'; type: 'STOP_MARKET' | 'TAKE_PROFIT_MARKET'; triggerPrice: string; clientAlgoId: string },
  ): Promise<ExchangeAlgoOrder> {
    return this.call(
      credentials,
      'POST',
      '/fapi/v1/algoOrder',
      {
        algoType: 'CONDITIONAL',
        symbol: order.symbol,
        side: order.side,
        type: order.type,
        triggerPrice: order.triggerPrice,
        closePosition: true,
        workingType: 'MARK_PRICE',
        clientAlgoId: order.clientAlgoId,
      },
      algoOrderAnswer,
    );
  }

  /** Contract §19: the exchange-held trailing stop, reduce-only for the position's quantity (the exchange takes no closePosition on it). */
  placeTrailingStopOrder(
    credentials: ExchangeCredentials,
    order: { symbol: string; side: 'BUY' | 'SELL'; quantity: string; callbackRate: string; clientAlgoId: string },
  ): Promise<ExchangeAlgoOrder> {
    return this.call(
      credentials,
      'POST',
      '/fapi/v1/algoOrder',
      {
        algoType: 'CONDITIONAL',
        symbol: order.symbol,
        side: order.side,
        type: 'TRAILING_STOP_MARKET',
        quantity: order.quantity,
        callbackRate: order.callbackRate,
        reduceOnly: true,
        workingType: 'MARK_PRICE',
        clientAlgoId: order.clientAlgoId,
      },
      algoOrderAnswer,
    );
  }

  findAlgoOrder(credentials: ExchangeCredentials, clientAlgoId: string): Promise<ExchangeAlgoOrder | null> {
    return nullWhenUnknown(this.call(credentials, 'GET', '/fapi/v1/algoOrder', { clientAlgoId }, algoOrderAnswer));
  }

  /** Cancels a conditional order; null when the exchange no longer holds it (it triggered, or never arrived). */
  cancelAlgoOrder(credentials: ExchangeCredentials, clientAlgoId: string): Promise<unknown> {
    return nullWhenUnknown(this.call(credentials, 'DELETE', '/fapi/v1/algoOrder', { clientAlgoId }, z.unknown()));
  }

  positions(credentials: ExchangeCredentials, symbol: string): Promise<ExchangePosition[]> {
    return this.call(credentials, 'GET', '/fapi/v2/positionRisk', { symbol }, positionRiskAnswer);
  }

  private async call<T>(
    credentials: ExchangeCredentials,
    method: SignedMethod,
    path: string,
    params: Record<string, string | number | boolean>,
    schema: z.ZodType<T>,
  ): Promise<T> {
    let answer: ExchangeAnswer;
    try {
      answer = await this.send(credentials, method, path, params);
    } catch (error) {
      throw new ExchangeAnswerLost(`${method} ${path}: no answer (${(error as Error).message})`);
    }
    if (answer.status >= 500 || answer.status === 408) throw new ExchangeAnswerLost(`${method} ${path}: answered ${answer.status}`);
    if (answer.status >= 300) {
      const refusal = exchangeMessage.safeParse(answer.body);
      throw new ExchangeRefusal(
        answer.status,
        refusal.data?.code,
        `${method} ${path} refused (${answer.status}${refusal.data ? ` ${refusal.data.code} ${refusal.data.msg}` : ''})`,
      );
    }
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw new ExchangeAnswerLost(`${method} ${path}: unexpected answer (${parsed.error.issues[0]?.message ?? 'invalid'})`);
    return parsed.data;
  }
}

async function nullWhenUnknown<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ExchangeRefusal && error.code !== undefined && UNKNOWN_ORDER_CODES.includes(error.code)) return null;
    throw error;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
