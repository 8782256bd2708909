import type { ServerResponse } from 'node:http';
import Decimal from 'decimal.js';
import type { AccountBook, BookSettings } from './account-book';
import { algoView, type Account, type AlgoOrder, type StandInOrder } from './account-records';
import { findContract } from './market-universe';
import { checkAlgoOrder, checkOrder } from './order-checks';

/**
 * What happens to the next order request (`POST /fapi/v1/order`):
 * `lost-after-fill` fills it and drops the connection; `server-error` answers
 * 503 without doing anything; `timeout-after-fill` fills it and never answers.
 */
export type OrderFault = 'lost-after-fill' | 'server-error' | 'timeout-after-fill';

export type Reply = (status: number, body: unknown) => void;
/** One signed path, answered for the account whose key and signature the stand-in accepted. */
export type AccountRoute = (account: Account, params: URLSearchParams, reply: Reply, res: ServerResponse) => void;

/** The stand-in's settings the routes read at each request: a test may change them at any time. */
export interface RouteSettings extends BookSettings {
  /** Per symbol, the highest leverage `/fapi/v1/leverage` accepts (default 125). */
  readonly maxLeverage: Map<string, number>;
  /** Faults applied to the next order requests, first one first. */
  readonly orderFaults: OrderFault[];
  /** While true, order requests wait (unanswered, not carried out) until the stand-in releases them. */
  holdOrders: boolean;
}

/** Where the routes leave the order requests they do not answer now. */
export interface UnansweredOrders {
  /** An order request held while `holdOrders` is on, carried out on release. */
  hold(carryOut: () => void): void;
  /** A filled order's request that never gets its answer (until the stand-in stops). */
  hang(res: ServerResponse): void;
}

const DEFAULT_MAX_LEVERAGE = 125;

/** The signed paths of the exchange's account side (account, balance, orders, leverage, margin type, positions, trades, conditional orders, income), by `METHOD path`. */
export function accountRoutes(book: AccountBook, settings: RouteSettings, unanswered: UnansweredOrders): Record<string, AccountRoute> {
  const placeOrder = (account: Account, params: URLSearchParams, reply: Reply, res: ServerResponse): void => {
    const checked = checkOrder(account, params, (symbol) => book.priceOf(symbol), `auto_${book.upcomingOrderId}`);
    if ('refusal' in checked) return reply(400, checked.refusal);
    const fault = settings.orderFaults.shift();
    if (fault === 'server-error') return reply(503, { code: -1001, msg: 'Internal error; unable to process your request. Please try again.' });
    const order = book.fill(account, checked.order);
    if (fault === 'lost-after-fill') {
      res.destroy();
      return;
    }
    if (fault === 'timeout-after-fill') {
      unanswered.hang(res);
      return;
    }
    reply(200, params.get('newOrderRespType') === 'RESULT' ? order : { ...order, status: 'NEW', executedQty: '0', avgPrice: '0.00', cumQuote: '0' });
  };

  return {
    'GET /fapi/v2/account': (_account, _params, reply) =>
      reply(200, { totalWalletBalance: '1000.00000000', availableBalance: settings.balances.USDT ?? '0', assets: [] }),
    'GET /fapi/v2/balance': (_account, _params, reply) =>
      reply(
        200,
        Object.entries(settings.balances).map(([asset, amount]) => ({ asset, balance: amount, availableBalance: amount })),
      ),
    'POST /fapi/v1/order': (account, params, reply, res) => {
      const carryOut = () => placeOrder(account, params, reply, res);
      if (settings.holdOrders) unanswered.hold(carryOut);
      else carryOut();
    },
    'GET /fapi/v1/order': (account, params, reply) => {
      const order = findOrder(account, params);
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
      if (!Number.isInteger(leverage) || leverage < 1 || leverage > (settings.maxLeverage.get(symbol) ?? DEFAULT_MAX_LEVERAGE)) {
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
          markPrice: book.priceOf(symbol).toFixed(),
          leverage: String(account.leverage.get(symbol) ?? 20),
          positionSide: 'BOTH',
        })),
      );
    },
    'POST /fapi/v1/algoOrder': (account, params, reply) => {
      const checked = checkAlgoOrder(account, params, `auto_algo_${book.upcomingAlgoId}`);
      if ('refusal' in checked) return reply(400, checked.refusal);
      reply(200, algoView(book.placeAlgo(account, checked.order)));
    },
    'GET /fapi/v1/algoOrder': (account, params, reply) => {
      const algo = findAlgo(account, params);
      if (!algo) return reply(400, { code: -2013, msg: 'Order does not exist.' });
      reply(200, algoView(algo));
    },
    'DELETE /fapi/v1/algoOrder': (account, params, reply) => {
      const algo = findAlgo(account, params);
      if (!algo || algo.algoStatus !== 'NEW') return reply(400, { code: -2011, msg: 'Unknown order sent.' });
      book.cancelAlgo(algo);
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
      const startTime = Number(params.get('startTime') ?? settings.now() - 7 * 86_400_000);
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
}

function findOrder(account: Account, params: URLSearchParams): StandInOrder | undefined {
  const clientId = params.get('origClientOrderId');
  if (clientId) return account.orders.get(clientId);
  return [...account.orders.values()].find((order) => String(order.orderId) === params.get('orderId'));
}

function findAlgo(account: Account, params: URLSearchParams): AlgoOrder | undefined {
  const clientId = params.get('clientAlgoId');
  if (clientId) return account.algoOrders.get(clientId);
  return [...account.algoOrders.values()].find((algo) => String(algo.algoId) === params.get('algoId'));
}
