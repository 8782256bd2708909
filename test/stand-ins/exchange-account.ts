import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Decimal from 'decimal.js';
import { AccountBook } from './exchange/account-book';
import type { AlgoOrder, FillEvents, Income, StandInOrder } from './exchange/account-records';
import { accountRoutes, type OrderFault, type Reply } from './exchange/account-routes';
import { FUNDING_INTERVAL, lastFundingTime } from './exchange/fapi-responses';
import { UserDataStreams } from './exchange/user-data-streams';
import { listenLocally, type LocalServer } from './listen';

export { STAND_IN_COMMISSION_RATE } from './exchange/account-book';
export type { FillEvents, OrderFault, StandInOrder };

/** A signed request the stand-in accepted (valid key, signature and timestamp). */
export interface SignedCall {
  apiKey: string;
  method: string;
  path: string;
  params: URLSearchParams;
}

/**
 * The exchange's signed endpoints (account, balance, orders, leverage, margin
 * type, positions, trades, conditional orders), as strict as the real one:
 * it knows some key/secret pairs and answers only when `X-MBX-APIKEY` is one
 * of them and `signature` is the HMAC of the rest of the query with its
 * secret. The requests are checked as the exchange checks them
 * (exchange/order-checks.ts), answered by exchange/account-routes.ts and
 * carried out on the accounts' books (exchange/account-book.ts): market
 * orders fill at once at the symbol's mark price, conditional orders fire
 * when `setMarkPrice` crosses them. Accepted calls are recorded in
 * `accepted`.
 */
export class ExchangeAccountStandIn {
  failing = false;
  /** Available balance per asset of every account (`/fapi/v2/balance`). */
  balances: Record<string, string> = { USDT: '1000' };
  /** The fill price of market orders of symbols without a mark price set; '0' uses the contract's base price. */
  fillPrice = '0';
  /** Per symbol, the highest leverage `/fapi/v1/leverage` accepts (default 125). */
  readonly maxLeverage = new Map<string, number>();
  /** Faults applied to the next order requests, first one first. */
  readonly orderFaults: OrderFault[] = [];
  /** While true, order requests wait (unanswered, not carried out) until `releaseHeldOrders`. */
  holdOrders = false;
  readonly calls: { apiKey: string | undefined; query: string }[] = [];
  readonly accepted: SignedCall[] = [];
  /** The exchange's clock: fill, trade, income and event times (a test's fast clock makes funding times come by quickly). */
  now: () => number = Date.now;
  /** The accounts' user data streams (contract §20), on this stand-in's own server: `wsUrl`. */
  readonly userStreams = new UserDataStreams();
  private readonly book = new AccountBook(this, this.userStreams);
  private readonly held: (() => void)[] = [];
  private readonly hanging: ServerResponse[] = [];
  private readonly routes = accountRoutes(this.book, this, {
    hold: (carryOut) => this.held.push(carryOut),
    hang: (res) => this.hanging.push(res),
  });
  private server?: LocalServer;
  private fundingTimer?: NodeJS.Timeout;

  get url(): string {
    return this.server!.url;
  }

  /** For `UPSTREAM_WS_URL`: the user data streams. */
  get wsUrl(): string {
    return this.server!.url.replace(/^http/, 'ws');
  }

  addAccount(apiKey: string, apiSecret: string): void {
    this.book.add(apiKey, apiSecret);
  }

  async start(): Promise<this> {
    this.server = await listenLocally((req, res) => {
      if (!this.handle(req, res)) res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: -1, msg: 'not found' }));
    });
    this.userStreams.attach(this.server.server);
    return this;
  }

  stop(): Promise<void> {
    clearInterval(this.fundingTimer);
    for (const res of this.hanging.splice(0)) res.destroy();
    this.userStreams.close();
    return this.server?.close() ?? Promise.resolve();
  }

  /** How many order requests are waiting while `holdOrders` is on. */
  get heldOrders(): number {
    return this.held.length;
  }

  /** Carries out the held order requests (answering whoever still listens) and stops holding. */
  releaseHeldOrders(): void {
    this.holdOrders = false;
    for (const run of this.held.splice(0)) run();
  }

  /**
   * From now on, at each 8-hourly funding time of `now`, every open position
   * of a perpetual pays (or receives) its amount × the mark price at that
   * time × the funding rate (the ones `/fapi/v1/fundingRate` lists): an
   * income row (`FUNDING_FEE`) and, as for a cross-margin account, an
   * ACCOUNT_UPDATE with reason `FUNDING_FEE` carrying only the balance change.
   * Off until asked for, so tests that do not look at funding never see it.
   */
  chargeFunding(): void {
    let charged = lastFundingTime(this.now());
    this.fundingTimer = setInterval(() => {
      for (let time = charged + FUNDING_INTERVAL; time <= this.now(); time += FUNDING_INTERVAL) {
        charged = time;
        this.book.payFunding(time);
      }
    }, 20);
  }

  stopFunding(): void {
    clearInterval(this.fundingTimer);
  }

  /** The funding fees an account was charged (`GET /fapi/v1/income` rows), oldest first. */
  incomeOf(apiKey: string): Income[] {
    return [...(this.book.account(apiKey)?.income ?? [])];
  }

  /** The user cancels a conditional order on the exchange's own site. */
  cancelAlgoByHand(apiKey: string, clientAlgoId: string): void {
    const algo = this.book.account(apiKey)?.algoOrders.get(clientAlgoId);
    if (!algo || algo.algoStatus !== 'NEW') return;
    this.book.cancelAlgo(algo);
  }

  /** The mark price of `symbol` from now on; conditional orders it crosses fire and fill at it. */
  setMarkPrice(symbol: string, price: string): void {
    this.book.setMarkPrice(symbol, price);
  }

  /** Gives an account a position, as if it had been opened elsewhere (negative: short). */
  setPosition(apiKey: string, symbol: string, amount: string): void {
    this.book.account(apiKey)?.positions.set(symbol, new Decimal(amount));
  }

  /** The signed position amount of an account on a symbol (negative: short). */
  positionOf(apiKey: string, symbol: string): string {
    return (this.book.account(apiKey)?.positions.get(symbol) ?? new Decimal(0)).toFixed();
  }

  /** The orders an account's market orders made, filled or not. */
  ordersOf(apiKey: string): StandInOrder[] {
    return [...(this.book.account(apiKey)?.orders.values() ?? [])];
  }

  /** The conditional orders an account holds or held. */
  algoOrdersOf(apiKey: string): AlgoOrder[] {
    return [...(this.book.account(apiKey)?.algoOrders.values() ?? [])];
  }

  /** Answers the signed paths; false for any other path (so a market-data stand-in can serve it). */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const [path = '', query = ''] = (req.url ?? '').split('?');
    const route = `${req.method} ${path}`;
    const handler = this.routes[route];
    const listenKey = path === '/fapi/v1/listenKey';
    if (!handler && !listenKey) return false;
    const apiKey = req.headers['x-mbx-apikey'] as string | undefined;
    this.calls.push({ apiKey, query });
    const reply: Reply = (status, body) => {
      if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (this.failing) {
      res.writeHead(503).end();
      return true;
    }
    const account = apiKey ? this.book.account(apiKey) : undefined;
    if (!account) {
      reply(401, { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' });
      return true;
    }
    if (listenKey) {
      const { status, body } = this.userStreams.listenKey(req.method ?? '', apiKey!);
      reply(status, body);
      return true;
    }
    const signed = /^(?<payload>.*)&signature=(?<signature>[0-9a-f]{64})$/.exec(query);
    const params = new URLSearchParams(query);
    const fresh = Math.abs(Date.now() - Number(params.get('timestamp'))) < Number(params.get('recvWindow') ?? 5000);
    const expected = signed?.groups ? createHmac('sha256', account.secret).update(signed.groups.payload!).digest('hex') : '';
    if (!signed?.groups || signed.groups.signature !== expected || !fresh) {
      reply(400, { code: -1022, msg: 'Signature for this request is not valid.' });
      return true;
    }
    this.accepted.push({ apiKey: apiKey!, method: req.method!, path, params });
    handler!(account, params, reply, res);
    return true;
  }

  orders(): SignedCall[] {
    return this.accepted.filter((call) => call.path === '/fapi/v1/order' && call.method === 'POST');
  }

  /** The exchange liquidates the account's position on `symbol` at the mark price (client id `autoclose-...`). */
  liquidate(apiKey: string, symbol: string): StandInOrder {
    return this.book.closeOutside(apiKey, symbol, `autoclose-${this.now()}`, 'LIQUIDATION');
  }

  /**
   * The user closes the position on `symbol` (or `quantity` of it) on the
   * exchange's own site, with an order the service did not place; `events`
   * says which stream events tell of it, in which order.
   */
  closeByHand(apiKey: string, symbol: string, options: { quantity?: string; events?: FillEvents } = {}): StandInOrder {
    return this.book.closeOutside(apiKey, symbol, `web_${this.book.upcomingOrderId}`, 'MARKET', options);
  }
}
