import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLocally, type LocalServer } from './listen';

/** A signed request the stand-in accepted (valid key, signature and timestamp). */
export interface SignedCall {
  apiKey: string;
  method: string;
  path: string;
  params: URLSearchParams;
}

type Reply = (status: number, body: unknown) => void;

/**
 * The exchange's signed endpoints (account, balance, orders, leverage, margin
 * type): it knows some key/secret pairs and answers only when `X-MBX-APIKEY`
 * is one of them and `signature` is the HMAC of the rest of the query with its
 * secret. Accepted calls are recorded in `accepted`; orders are filled at once.
 */
export class ExchangeAccountStandIn {
  failing = false;
  /** Available balance per asset of every account (`/fapi/v2/balance`). */
  balances: Record<string, string> = { USDT: '1000' };
  /** The average fill price of market orders; '0' lets the caller use its own price. */
  fillPrice = '0';
  readonly calls: { apiKey: string | undefined; query: string }[] = [];
  readonly accepted: SignedCall[] = [];
  private readonly accounts = new Map<string, string>();
  private server?: LocalServer;
  private nextOrderId = 1000;

  get url(): string {
    return this.server!.url;
  }

  addAccount(apiKey: string, apiSecret: string): void {
    this.accounts.set(apiKey, apiSecret);
  }

  async start(): Promise<this> {
    this.server = await listenLocally((req, res) => {
      if (!this.handle(req, res)) res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: -1, msg: 'not found' }));
    });
    return this;
  }

  stop(): Promise<void> {
    return this.server?.close() ?? Promise.resolve();
  }

  /** Answers the signed paths; false for any other path (so a market-data stand-in can serve it). */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const [path = '', query = ''] = (req.url ?? '').split('?');
    const route = `${req.method} ${path}`;
    const handler = this.routes[route];
    if (handler === undefined) return false;
    const apiKey = req.headers['x-mbx-apikey'] as string | undefined;
    this.calls.push({ apiKey, query });
    const reply: Reply = (status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (this.failing) {
      res.writeHead(503).end();
      return true;
    }
    const secret = apiKey ? this.accounts.get(apiKey) : undefined;
    if (!secret) {
      reply(401, { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' });
      return true;
    }
    const { payload, signature } = /^(?<payload>.*)&signature=(?<signature>[0-9a-f]{64})$/.exec(query)?.groups ?? {};
    const params = new URLSearchParams(query);
    const fresh = Math.abs(Date.now() - Number(params.get('timestamp'))) < Number(params.get('recvWindow') ?? 5000);
    const expected = payload !== undefined ? createHmac('sha256', secret).update(payload).digest('hex') : '';
    if (payload === undefined || signature !== expected || !fresh) {
      reply(400, { code: -1022, msg: 'Signature for this request is not valid.' });
      return true;
    }
    this.accepted.push({ apiKey: apiKey!, method: req.method!, path, params });
    handler(params, reply);
    return true;
  }

  orders(): SignedCall[] {
    return this.accepted.filter((call) => call.path === '/fapi/v1/order' && call.method === 'POST');
  }

  private readonly routes: Record<string, (params: URLSearchParams, reply: Reply) => void> = {
    'GET /fapi/v2/account': (_params, reply) => reply(200, { totalWalletBalance: '1000.00000000', availableBalance: this.balances.USDT ?? '0', assets: [] }),
    'GET /fapi/v2/balance': (_params, reply) =>
      reply(
        200,
        Object.entries(this.balances).map(([asset, amount]) => ({ asset, balance: amount, availableBalance: amount })),
      ),
    'POST /fapi/v1/order': (params, reply) => {
      if (!params.get('symbol') || !params.get('side') || !params.get('type')) return reply(400, { code: -1102, msg: 'Mandatory parameter was not sent.' });
      reply(200, {
        orderId: (this.nextOrderId += 1),
        symbol: params.get('symbol'),
        status: 'FILLED',
        side: params.get('side'),
        type: params.get('type'),
        origQty: params.get('quantity'),
        executedQty: params.get('quantity'),
        avgPrice: this.fillPrice,
        reduceOnly: params.get('reduceOnly') === 'true',
      });
    },
    'DELETE /fapi/v1/order': (params, reply) =>
      params.get('orderId') || params.get('origClientOrderId')
        ? reply(200, { orderId: Number(params.get('orderId')), symbol: params.get('symbol'), status: 'CANCELED' })
        : reply(400, { code: -1102, msg: "Param 'orderId' or 'origClientOrderId' must be sent, but both were empty/null!" }),
    'POST /fapi/v1/leverage': (params, reply) =>
      reply(200, { symbol: params.get('symbol'), leverage: Number(params.get('leverage')), maxNotionalValue: '1000000' }),
    'POST /fapi/v1/marginType': (_params, reply) => reply(200, { code: 200, msg: 'success' }),
  };
}
