import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Decimal from 'decimal.js';
import { contractFilters } from './exchange/contract-filters';
import { FUNDING_INTERVAL, fundingMarkPrice, fundingRateAt, lastFundingTime } from './exchange/fapi-responses';
import { findContract } from './exchange/market-universe';
import { UserDataStreams } from './exchange/user-data-streams';
import { listenLocally, type LocalServer } from './listen';

/** A signed request the stand-in accepted (valid key, signature and timestamp). */
export interface SignedCall {
  apiKey: string;
  method: string;
  path: string;
  params: URLSearchParams;
}

/** An order the stand-in filled (or holds), as `GET /fapi/v1/order` answers it. */
export interface StandInOrder {
  orderId: number;
  clientOrderId: string;
  symbol: string;
  status: 'NEW' | 'FILLED';
  side: 'BUY' | 'SELL';
  type: string;
  origType: string;
  origQty: string;
  executedQty: string;
  avgPrice: string;
  cumQuote: string;
  reduceOnly: boolean;
  updateTime: number;
}

interface AlgoOrder {
  algoId: number;
  clientAlgoId: string;
  algoType: 'CONDITIONAL';
  orderType: string;
  symbol: string;
  side: 'BUY' | 'SELL';
  triggerPrice: string;
  workingType: string;
  closePosition: boolean;
  reduceOnly: boolean;
  /** TRAILING_STOP_MARKET: the callback in percent, the order's quantity, and the best mark price since it was placed. */
  callbackRate: string;
  quantity: string;
  bestPrice: string;
  algoStatus: 'NEW' | 'FINISHED' | 'CANCELED' | 'EXPIRED';
  actualOrderId: string;
  actualPrice: string;
  createTime: number;
  updateTime: number;
}

interface Trade {
  id: number;
  orderId: number;
  symbol: string;
  side: 'BUY' | 'SELL';
  price: string;
  qty: string;
  quoteQty: string;
  commission: string;
  commissionAsset: string;
  time: number;
}

/** One row of `GET /fapi/v1/income`, as the exchange answers it. */
interface Income {
  symbol: string;
  incomeType: 'FUNDING_FEE';
  income: string;
  asset: string;
  info: string;
  time: number;
  tranId: number;
  tradeId: string;
}

/** What one account holds: orders by client id, positions (signed amounts), leverage, conditional orders, trades, income. */
interface Account {
  secret: string;
  orders: Map<string, StandInOrder>;
  positions: Map<string, Decimal>;
  leverage: Map<string, number>;
  algoOrders: Map<string, AlgoOrder>;
  trades: Trade[];
  income: Income[];
}

/**
 * How the stream tells of a fill made outside the service: `both` in the
 * exchange's order (ACCOUNT_UPDATE, then ORDER_TRADE_UPDATE); `account-only`
 * when the order event is lost; `order-first` when the order event comes first.
 */
export type FillEvents = 'both' | 'account-only' | 'order-first';

/**
 * What happens to the next order request (`POST /fapi/v1/order`):
 * `lost-after-fill` fills it and drops the connection; `server-error` answers
 * 503 without doing anything; `timeout-after-fill` fills it and never answers.
 */
export type OrderFault = 'lost-after-fill' | 'server-error' | 'timeout-after-fill';

type Reply = (status: number, body: unknown) => void;
type Route = (account: Account, params: URLSearchParams, reply: Reply, res: ServerResponse) => void;

/** The commission the stand-in charges on every fill: not the service's assumed taker rate, so tests can tell where a fee came from. */
export const STAND_IN_COMMISSION_RATE = '0.0004';
const DEFAULT_MAX_LEVERAGE = 125;
const CONDITIONAL_TYPES = ['STOP', 'STOP_MARKET', 'TAKE_PROFIT', 'TAKE_PROFIT_MARKET', 'TRAILING_STOP_MARKET'];

/**
 * The exchange's signed endpoints (account, balance, orders, leverage, margin
 * type, positions, trades, conditional orders), as strict as the real one:
 * it knows some key/secret pairs and answers only when `X-MBX-APIKEY` is one
 * of them and `signature` is the HMAC of the rest of the query with its
 * secret; quantities must sit on the symbol's step and reach its minimums
 * (`MIN_NOTIONAL` unless reduce-only); client order ids are unique; leverage
 * is bounded; conditional types are refused on `/fapi/v1/order` (-4120) and
 * taken on the Algo Order API, where they fire when `setMarkPrice` crosses
 * them. Market orders fill at once at the symbol's mark price. Accepted
 * calls are recorded in `accepted`.
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
  private readonly accounts = new Map<string, Account>();
  private readonly markPrices = new Map<string, Decimal>();
  private readonly held: (() => void)[] = [];
  private readonly hanging: ServerResponse[] = [];
  private server?: LocalServer;
  private nextOrderId = 1000;
  private nextAlgoId = 5000;
  private nextTradeId = 1;
  private nextTranId = 9_000_000;
  private fundingTimer?: NodeJS.Timeout;

  get url(): string {
    return this.server!.url;
  }

  /** For `UPSTREAM_WS_URL`: the user data streams. */
  get wsUrl(): string {
    return this.server!.url.replace(/^http/, 'ws');
  }

  addAccount(apiKey: string, apiSecret: string): void {
    this.accounts.set(apiKey, {
      secret: apiSecret,
      orders: new Map(),
      positions: new Map(),
      leverage: new Map(),
      algoOrders: new Map(),
      trades: [],
      income: [],
    });
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
        for (const [apiKey, account] of this.accounts) this.payFunding(apiKey, account, time);
      }
    }, 20);
  }

  stopFunding(): void {
    clearInterval(this.fundingTimer);
  }

  /** The funding fees an account was charged (`GET /fapi/v1/income` rows), oldest first. */
  incomeOf(apiKey: string): Income[] {
    return [...(this.accounts.get(apiKey)?.income ?? [])];
  }

  private payFunding(apiKey: string, account: Account, time: number): void {
    for (const [symbol, amount] of account.positions) {
      const listed = findContract(symbol);
      if (amount.isZero() || listed?.contractType !== 'PERPETUAL') continue;
      const income = amount.mul(fundingMarkPrice(listed, time)).mul(fundingRateAt(listed, time)).neg().toDecimalPlaces(8);
      account.income.push({
        symbol,
        incomeType: 'FUNDING_FEE',
        income: income.toFixed(8),
        asset: 'USDT',
        info: 'FUNDING_FEE',
        time,
        tranId: (this.nextTranId += 1),
        tradeId: '',
      });
      const balance = this.balances.USDT ?? '0';
      this.userStreams.publish(apiKey, {
        e: 'ACCOUNT_UPDATE',
        E: time,
        T: time,
        a: { m: 'FUNDING_FEE', B: [{ a: 'USDT', wb: balance, cw: balance, bc: income.toFixed(8) }], P: [] },
      });
    }
  }

  /** The user cancels a conditional order on the exchange's own site. */
  cancelAlgoByHand(apiKey: string, clientAlgoId: string): void {
    const algo = this.accounts.get(apiKey)?.algoOrders.get(clientAlgoId);
    if (!algo || algo.algoStatus !== 'NEW') return;
    algo.algoStatus = 'CANCELED';
    algo.updateTime = this.now();
  }

  /** The mark price of `symbol` from now on; conditional orders it crosses fire and fill at it. */
  setMarkPrice(symbol: string, price: string): void {
    const mark = new Decimal(price);
    this.markPrices.set(symbol, mark);
    for (const account of this.accounts.values()) {
      for (const algo of account.algoOrders.values()) {
        if (algo.symbol !== symbol || algo.algoStatus !== 'NEW') continue;
        if (algo.orderType === 'TRAILING_STOP_MARKET') {
          if (!this.trails(algo, mark)) continue;
        } else if (!crosses(algo, mark)) continue;
        const amount = account.positions.get(symbol) ?? new Decimal(0);
        const closes = algo.side === 'SELL' ? amount.gt(0) : amount.lt(0);
        algo.updateTime = this.now();
        if ((!algo.closePosition && !algo.reduceOnly) || !closes) {
          algo.algoStatus = 'EXPIRED';
          continue;
        }
        const order = this.fill(account, {
          symbol,
          side: algo.side,
          type: 'MARKET',
          originalType: algo.orderType,
          closePosition: algo.closePosition,
          quantity: algo.closePosition || algo.quantity === '' ? amount.abs() : new Decimal(algo.quantity),
          reduceOnly: true,
          clientOrderId: `algo_${algo.algoId}`,
        });
        algo.algoStatus = 'FINISHED';
        algo.actualOrderId = String(order.orderId);
        algo.actualPrice = order.avgPrice;
      }
    }
  }

  /** A trailing stop follows the best mark since it was placed and fires once the mark falls back (rises, for a BUY) by the callback rate. */
  private trails(algo: AlgoOrder, mark: Decimal): boolean {
    const best = algo.side === 'SELL' ? Decimal.max(algo.bestPrice, mark) : Decimal.min(algo.bestPrice, mark);
    algo.bestPrice = best.toFixed();
    const rate = new Decimal(algo.callbackRate).div(100);
    return algo.side === 'SELL' ? mark.lte(best.mul(new Decimal(1).minus(rate))) : mark.gte(best.mul(new Decimal(1).plus(rate)));
  }

  /** Gives an account a position, as if it had been opened elsewhere (negative: short). */
  setPosition(apiKey: string, symbol: string, amount: string): void {
    this.accounts.get(apiKey)?.positions.set(symbol, new Decimal(amount));
  }

  /** The signed position amount of an account on a symbol (negative: short). */
  positionOf(apiKey: string, symbol: string): string {
    return (this.accounts.get(apiKey)?.positions.get(symbol) ?? new Decimal(0)).toFixed();
  }

  /** The orders an account's market orders made, filled or not. */
  ordersOf(apiKey: string): StandInOrder[] {
    return [...(this.accounts.get(apiKey)?.orders.values() ?? [])];
  }

  /** The conditional orders an account holds or held. */
  algoOrdersOf(apiKey: string): AlgoOrder[] {
    return [...(this.accounts.get(apiKey)?.algoOrders.values() ?? [])];
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
    const account = apiKey ? this.accounts.get(apiKey) : undefined;
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

  private readonly routes: Record<string, Route> = {
    'GET /fapi/v2/account': (_account, _params, reply) =>
      reply(200, { totalWalletBalance: '1000.00000000', availableBalance: this.balances.USDT ?? '0', assets: [] }),
    'GET /fapi/v2/balance': (_account, _params, reply) =>
      reply(
        200,
        Object.entries(this.balances).map(([asset, amount]) => ({ asset, balance: amount, availableBalance: amount })),
      ),
    'POST /fapi/v1/order': (account, params, reply, res) => {
      const carryOut = () => this.placeOrder(account, params, reply, res);
      if (this.holdOrders) this.held.push(carryOut);
      else carryOut();
    },
    'GET /fapi/v1/order': (account, params, reply) => {
      const order = this.findOrder(account, params);
      if (!order || order.symbol !== params.get('symbol')) return reply(400, { code: -2013, msg: 'Order does not exist.' });
      reply(200, order);
    },
    'DELETE /fapi/v1/order': (_account, params, reply) =>
      params.get('orderId') || params.get('origClientOrderId')
        ? reply(200, { orderId: Number(params.get('orderId')), symbol: params.get('symbol'), status: 'CANCELED' })
        : reply(400, { code: -1102, msg: "Param 'orderId' or 'origClientOrderId' must be sent, but both were empty/null!" }),
    'GET /fapi/v1/userTrades': (account, params, reply) => {
      if (!params.get('symbol')) return reply(400, { code: -1102, msg: "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed." });
      const orderId = params.get('orderId');
      const startTime = Number(params.get('startTime') ?? 0);
      reply(
        200,
        account.trades.filter(
          (trade) => trade.symbol === params.get('symbol') && (orderId === null || String(trade.orderId) === orderId) && trade.time >= startTime,
        ),
      );
    },
    'POST /fapi/v1/leverage': (account, params, reply) => {
      const symbol = params.get('symbol') ?? '';
      const leverage = Number(params.get('leverage'));
      if (!findContract(symbol)) return reply(400, { code: -1121, msg: 'Invalid symbol.' });
      if (!Number.isInteger(leverage) || leverage < 1 || leverage > (this.maxLeverage.get(symbol) ?? DEFAULT_MAX_LEVERAGE)) {
        return reply(400, { code: -4028, msg: `Leverage ${params.get('leverage')} is not valid` });
      }
      account.leverage.set(symbol, leverage);
      reply(200, { symbol, leverage, maxNotionalValue: '1000000' });
    },
    'POST /fapi/v1/marginType': (_account, _params, reply) => reply(200, { code: 200, msg: 'success' }),
    'GET /fapi/v2/positionRisk': (account, params, reply) => {
      const symbols = params.get('symbol') ? [params.get('symbol')!] : [...account.positions.keys()];
      reply(
        200,
        symbols.map((symbol) => ({
          symbol,
          positionAmt: (account.positions.get(symbol) ?? new Decimal(0)).toFixed(),
          markPrice: this.priceOf(symbol).toFixed(),
          leverage: String(account.leverage.get(symbol) ?? 20),
          positionSide: 'BOTH',
        })),
      );
    },
    'POST /fapi/v1/algoOrder': (account, params, reply) => this.placeAlgoOrder(account, params, reply),
    'GET /fapi/v1/algoOrder': (account, params, reply) => {
      const algo = this.findAlgo(account, params);
      if (!algo) return reply(400, { code: -2013, msg: 'Order does not exist.' });
      reply(200, algoView(algo));
    },
    'DELETE /fapi/v1/algoOrder': (account, params, reply) => {
      const algo = this.findAlgo(account, params);
      if (!algo || algo.algoStatus !== 'NEW') return reply(400, { code: -2011, msg: 'Unknown order sent.' });
      algo.algoStatus = 'CANCELED';
      algo.updateTime = this.now();
      reply(200, { algoId: algo.algoId, clientAlgoId: algo.clientAlgoId, code: '200', msg: 'success' });
    },
    'GET /fapi/v1/openAlgoOrders': (account, params, reply) =>
      reply(
        200,
        [...account.algoOrders.values()]
          .filter((algo) => algo.algoStatus === 'NEW' && (!params.get('symbol') || algo.symbol === params.get('symbol')))
          .map(algoView),
      ),
    // market orders fill at once here, so only an order a test left resting would show
    'GET /fapi/v1/openOrders': (account, params, reply) =>
      reply(
        200,
        [...account.orders.values()].filter((order) => order.status === 'NEW' && (!params.get('symbol') || order.symbol === params.get('symbol'))),
      ),
    'GET /fapi/v1/income': (account, params, reply) => {
      const limit = Number(params.get('limit') ?? 100);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return reply(400, { code: -1130, msg: "Data sent for parameter 'limit' is not valid." });
      const type = params.get('incomeType');
      const startTime = Number(params.get('startTime') ?? this.now() - 7 * 86_400_000);
      const endTime = Number(params.get('endTime') ?? Infinity);
      reply(
        200,
        account.income
          .filter(
            (row) =>
              (!type || row.incomeType === type) &&
              (!params.get('symbol') || row.symbol === params.get('symbol')) &&
              row.time >= startTime &&
              row.time <= endTime,
          )
          .slice(0, limit),
      );
    },
  };

  private placeOrder(account: Account, params: URLSearchParams, reply: Reply, res: ServerResponse): void {
    const symbol = params.get('symbol');
    const side = params.get('side');
    const type = params.get('type');
    if (!symbol || !side || !type) return reply(400, { code: -1102, msg: 'Mandatory parameter was not sent.' });
    if (CONDITIONAL_TYPES.includes(type)) {
      return reply(400, { code: -4120, msg: 'Order type not supported for this endpoint. Please use the Algo Order API endpoints instead.' });
    }
    const listed = findContract(symbol);
    if (!listed) return reply(400, { code: -1121, msg: 'Invalid symbol.' });
    if (side !== 'BUY' && side !== 'SELL') return reply(400, { code: -1117, msg: 'Invalid side.' });
    const clientOrderId = params.get('newClientOrderId') ?? `auto_${this.nextOrderId + 1}`;
    if (!/^[.A-Z:/a-z0-9_-]{1,36}$/.test(clientOrderId)) return reply(400, { code: -4015, msg: 'Client order id is not valid.' });
    if (account.orders.has(clientOrderId)) return reply(400, { code: -4015, msg: 'Client order id is not valid: it was used before.' });
    const text = params.get('quantity') ?? '';
    if (!/^\d+(\.\d+)?$/.test(text)) return reply(400, { code: -1102, msg: "Mandatory parameter 'quantity' was not sent, was empty/null, or malformed." });
    const quantity = new Decimal(text);
    const filters = contractFilters(listed);
    const lot = type === 'MARKET' ? filters.marketLot : filters.lot;
    if (!quantity.mod(lot.stepSize).isZero()) return reply(400, { code: -1111, msg: 'Precision is over the maximum defined for this asset.' });
    if (quantity.lte(0)) return reply(400, { code: -4003, msg: 'Quantity less than or equal to zero.' });
    if (quantity.lt(lot.minQty)) return reply(400, { code: -4004, msg: 'Quantity less than min quantity.' });
    if (quantity.gt(lot.maxQty)) return reply(400, { code: -4005, msg: 'Quantity greater than max quantity.' });
    const reduceOnly = params.get('reduceOnly') === 'true';
    const price = this.priceOf(symbol);
    if (!reduceOnly && quantity.mul(price).lt(filters.minNotional)) {
      return reply(400, { code: -4164, msg: `Order's notional must be no smaller than ${filters.minNotional} (unless you choose reduce only).` });
    }
    if (reduceOnly) {
      const amount = account.positions.get(symbol) ?? new Decimal(0);
      const reduces = side === 'SELL' ? amount.gt(0) : amount.lt(0);
      if (!reduces) return reply(400, { code: -2022, msg: 'ReduceOnly Order is rejected.' });
    }
    const fault = this.orderFaults.shift();
    if (fault === 'server-error') return reply(503, { code: -1001, msg: 'Internal error; unable to process your request. Please try again.' });
    const order = this.fill(account, { symbol, side, type, quantity, reduceOnly, clientOrderId });
    if (fault === 'lost-after-fill') {
      res.destroy();
      return;
    }
    if (fault === 'timeout-after-fill') {
      this.hanging.push(res);
      return;
    }
    reply(200, params.get('newOrderRespType') === 'RESULT' ? order : { ...order, status: 'NEW', executedQty: '0', avgPrice: '0.00', cumQuote: '0' });
  }

  /**
   * A market fill at the mark price: the position moves, one trade with the
   * stand-in's commission is recorded, and the account's user data stream
   * gets its ACCOUNT_UPDATE and ORDER_TRADE_UPDATE.
   */
  private fill(
    account: Account,
    order: {
      symbol: string;
      side: 'BUY' | 'SELL';
      type: string;
      /** The type the order was placed as (`ot`): a conditional order's own type when it fired. */
      originalType?: string;
      closePosition?: boolean;
      quantity: Decimal;
      reduceOnly: boolean;
      clientOrderId: string;
    },
    events: FillEvents = 'both',
  ): StandInOrder {
    const price = this.priceOf(order.symbol);
    const held = account.positions.get(order.symbol) ?? new Decimal(0);
    const quantity = order.reduceOnly ? Decimal.min(order.quantity, held.abs()) : order.quantity;
    account.positions.set(order.symbol, held.plus(order.side === 'BUY' ? quantity : quantity.neg()));
    const orderId = (this.nextOrderId += 1);
    const now = this.now();
    const filled: StandInOrder = {
      orderId,
      clientOrderId: order.clientOrderId,
      symbol: order.symbol,
      status: 'FILLED',
      side: order.side,
      type: order.type,
      origType: order.originalType ?? order.type,
      origQty: order.quantity.toFixed(),
      executedQty: quantity.toFixed(),
      avgPrice: price.toFixed(),
      cumQuote: quantity.mul(price).toFixed(),
      reduceOnly: order.reduceOnly,
      updateTime: now,
    };
    account.orders.set(order.clientOrderId, filled);
    account.trades.push({
      id: (this.nextTradeId += 1),
      orderId,
      symbol: order.symbol,
      side: order.side,
      price: price.toFixed(),
      qty: quantity.toFixed(),
      quoteQty: quantity.mul(price).toFixed(),
      commission: quantity.mul(price).mul(STAND_IN_COMMISSION_RATE).toFixed(),
      commissionAsset: 'USDT',
      time: now,
    });
    this.publishFill(account, filled, order.closePosition ?? false, events);
    return filled;
  }

  /** The stream events of a fill, in the exchange's formats: the position first, then the order (unless `events` says otherwise). */
  private publishFill(account: Account, order: StandInOrder, closePosition: boolean, events: FillEvents): void {
    const apiKey = [...this.accounts].find(([, each]) => each === account)?.[0];
    if (!apiKey) return;
    const trade = account.trades.at(-1)!;
    const amount = account.positions.get(order.symbol) ?? new Decimal(0);
    const time = order.updateTime;
    const accountUpdate = {
      e: 'ACCOUNT_UPDATE',
      E: time,
      T: time,
      a: {
        m: 'ORDER',
        B: [{ a: 'USDT', wb: this.balances.USDT ?? '0', cw: this.balances.USDT ?? '0', bc: '0' }],
        P: [{ s: order.symbol, pa: amount.toFixed(), ep: amount.isZero() ? '0' : order.avgPrice, cr: '0', up: '0', mt: 'cross', iw: '0', ps: 'BOTH' }],
      },
    };
    const orderUpdate = {
      e: 'ORDER_TRADE_UPDATE',
      E: time,
      T: time,
      o: {
        s: order.symbol,
        c: order.clientOrderId,
        S: order.side,
        o: order.type,
        f: 'GTC',
        q: order.origQty,
        p: '0',
        ap: order.avgPrice,
        sp: '0',
        x: 'TRADE',
        X: 'FILLED',
        i: order.orderId,
        l: order.executedQty,
        z: order.executedQty,
        L: order.avgPrice,
        N: trade.commissionAsset,
        n: trade.commission,
        T: time,
        t: trade.id,
        b: '0',
        a: '0',
        m: false,
        R: order.reduceOnly,
        wt: 'CONTRACT_PRICE',
        ot: order.origType,
        ps: 'BOTH',
        cp: closePosition,
        rp: '0',
        pP: false,
        si: 0,
        ss: 0,
        V: 'NONE',
        pm: 'NONE',
        gtd: 0,
      },
    };
    const sent = events === 'account-only' ? [accountUpdate] : events === 'order-first' ? [orderUpdate, accountUpdate] : [accountUpdate, orderUpdate];
    for (const event of sent) this.userStreams.publish(apiKey, event);
  }

  /** The exchange liquidates the account's position on `symbol` at the mark price (client id `autoclose-...`). */
  liquidate(apiKey: string, symbol: string): StandInOrder {
    return this.closeOutside(apiKey, symbol, `autoclose-${this.now()}`, 'LIQUIDATION');
  }

  /**
   * The user closes the position on `symbol` (or `quantity` of it) on the
   * exchange's own site, with an order the service did not place; `events`
   * says which stream events tell of it, in which order.
   */
  closeByHand(apiKey: string, symbol: string, options: { quantity?: string; events?: FillEvents } = {}): StandInOrder {
    return this.closeOutside(apiKey, symbol, `web_${this.nextOrderId + 1}`, 'MARKET', options);
  }

  private closeOutside(
    apiKey: string,
    symbol: string,
    clientOrderId: string,
    originalType: string,
    options: { quantity?: string; events?: FillEvents } = {},
  ): StandInOrder {
    const account = this.accounts.get(apiKey)!;
    const amount = account.positions.get(symbol) ?? new Decimal(0);
    return this.fill(
      account,
      {
        symbol,
        side: amount.gt(0) ? 'SELL' : 'BUY',
        type: 'MARKET',
        originalType,
        quantity: options.quantity === undefined ? amount.abs() : new Decimal(options.quantity),
        reduceOnly: true,
        clientOrderId,
      },
      options.events,
    );
  }

  private placeAlgoOrder(account: Account, params: URLSearchParams, reply: Reply): void {
    const symbol = params.get('symbol') ?? '';
    const side = params.get('side');
    const type = params.get('type') ?? '';
    const listed = findContract(symbol);
    if (params.get('algoType') !== 'CONDITIONAL') return reply(400, { code: -1116, msg: 'Invalid algoType.' });
    if (!listed) return reply(400, { code: -1121, msg: 'Invalid symbol.' });
    if (side !== 'BUY' && side !== 'SELL') return reply(400, { code: -1117, msg: 'Invalid side.' });
    if (!CONDITIONAL_TYPES.includes(type)) return reply(400, { code: -1116, msg: 'Invalid orderType.' });
    const filters = contractFilters(listed);
    const closePosition = params.get('closePosition') === 'true';
    const reduceOnly = params.get('reduceOnly') === 'true';
    if (closePosition && params.has('reduceOnly')) return reply(400, { code: -1106, msg: "Parameter 'reduceOnly' sent when not required." });
    const trailing = type === 'TRAILING_STOP_MARKET';
    // a trailing stop has no trigger of its own: the exchange answers it as 0
    let trigger = '0';
    let quantity = '';
    let callbackRate = '';
    if (trailing) {
      // the exchange's trailing stop: a callback in percent (0.1-10, steps of 0.1) and a quantity; closePosition is not taken
      if (closePosition) return reply(400, { code: -1106, msg: "Parameter 'closePosition' sent when not required." });
      callbackRate = params.get('callbackRate') ?? '';
      if (!/^\d+(\.\d+)?$/.test(callbackRate))
        return reply(400, { code: -1102, msg: "Mandatory parameter 'callbackRate' was not sent, was empty/null, or malformed." });
      const rate = new Decimal(callbackRate);
      if (rate.lt('0.1') || rate.gt(10) || !rate.mod('0.1').isZero()) return reply(400, { code: -4071, msg: 'Invalid callback rate.' });
      quantity = params.get('quantity') ?? '';
      if (!/^\d+(\.\d+)?$/.test(quantity))
        return reply(400, { code: -1102, msg: "Mandatory parameter 'quantity' was not sent, was empty/null, or malformed." });
      if (!new Decimal(quantity).mod(filters.marketLot.stepSize).isZero())
        return reply(400, { code: -1111, msg: 'Precision is over the maximum defined for this asset.' });
      if (new Decimal(quantity).lt(filters.marketLot.minQty)) return reply(400, { code: -4004, msg: 'Quantity less than min quantity.' });
      if (reduceOnly) {
        const amount = account.positions.get(symbol) ?? new Decimal(0);
        if (!(side === 'SELL' ? amount.gt(0) : amount.lt(0))) return reply(400, { code: -2022, msg: 'ReduceOnly Order is rejected.' });
      }
    } else {
      trigger = params.get('triggerPrice') ?? '';
      if (!/^\d+(\.\d+)?$/.test(trigger))
        return reply(400, { code: -1102, msg: "Mandatory parameter 'triggerPrice' was not sent, was empty/null, or malformed." });
      if (!new Decimal(trigger).mod(filters.tickSize).isZero()) return reply(400, { code: -4014, msg: 'Price not increased by tick size.' });
    }
    const clientAlgoId = params.get('clientAlgoId') ?? `auto_algo_${this.nextAlgoId + 1}`;
    if (account.algoOrders.has(clientAlgoId)) return reply(400, { code: -4015, msg: 'Client order id is not valid: it was used before.' });
    const now = this.now();
    const algo: AlgoOrder = {
      algoId: (this.nextAlgoId += 1),
      clientAlgoId,
      algoType: 'CONDITIONAL',
      orderType: type,
      symbol,
      side,
      triggerPrice: trigger,
      workingType: params.get('workingType') ?? 'CONTRACT_PRICE',
      closePosition,
      reduceOnly,
      callbackRate,
      quantity,
      bestPrice: this.priceOf(symbol).toFixed(),
      algoStatus: 'NEW',
      actualOrderId: '',
      actualPrice: '0',
      createTime: now,
      updateTime: now,
    };
    account.algoOrders.set(clientAlgoId, algo);
    reply(200, algoView(algo));
  }

  private findOrder(account: Account, params: URLSearchParams): StandInOrder | undefined {
    const clientId = params.get('origClientOrderId');
    if (clientId) return account.orders.get(clientId);
    return [...account.orders.values()].find((order) => String(order.orderId) === params.get('orderId'));
  }

  private findAlgo(account: Account, params: URLSearchParams): AlgoOrder | undefined {
    const clientId = params.get('clientAlgoId');
    if (clientId) return account.algoOrders.get(clientId);
    return [...account.algoOrders.values()].find((algo) => String(algo.algoId) === params.get('algoId'));
  }

  private priceOf(symbol: string): Decimal {
    const mark = this.markPrices.get(symbol);
    if (mark) return mark;
    if (this.fillPrice !== '0') return new Decimal(this.fillPrice);
    return new Decimal(findContract(symbol)?.basePrice ?? 1);
  }
}

/** A conditional order as the Algo Order API answers it (the trailing stop's best price is the stand-in's own memory). */
function algoView({ bestPrice: _bestPrice, callbackRate, ...algo }: AlgoOrder): object {
  return {
    ...algo,
    positionSide: 'BOTH',
    timeInForce: 'GTC',
    price: '0',
    icebergQuantity: null,
    selfTradePreventionMode: 'EXPIRE_MAKER',
    priceMatch: 'NONE',
    priceProtect: false,
    activatePrice: null,
    callbackRate: callbackRate === '' ? null : callbackRate,
    triggerTime: 0,
    goodTillDate: 0,
  };
}

/** Whether a mark price fires a conditional order: stops on the losing side, take-profits on the winning side. */
function crosses(algo: AlgoOrder, mark: Decimal): boolean {
  const trigger = new Decimal(algo.triggerPrice);
  const fallsTo = algo.side === 'SELL' ? algo.orderType.startsWith('STOP') : algo.orderType.startsWith('TAKE_PROFIT');
  return fallsTo ? mark.lte(trigger) : mark.gte(trigger);
}
