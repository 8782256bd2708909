import Decimal from 'decimal.js';
import { newAccount, type Account, type AlgoOrder, type FillEvents, type StandInOrder } from './account-records';
import { fundingMarkPrice, fundingRateAt } from './fapi-responses';
import { findContract } from './market-universe';
import type { CheckedAlgoOrder } from './order-checks';
import type { UserDataStreams } from './user-data-streams';
import { fillEvents, fundingFeeEvent } from './user-stream-events';

/** The commission the stand-in charges on every fill: not the service's assumed taker rate, so tests can tell where a fee came from. */
export const STAND_IN_COMMISSION_RATE = '0.0004';

/** The stand-in's settings the book reads at each fill or payment: a test may change them at any time. */
export interface BookSettings {
  /** Available balance per asset of every account (`/fapi/v2/balance`). */
  balances: Record<string, string>;
  /** The fill price of market orders of symbols without a mark price set; '0' uses the contract's base price. */
  fillPrice: string;
  /** The exchange's clock: fill, trade, income and event times. */
  now: () => number;
}

/** A market order to fill now. */
export interface MarketFill {
  symbol: string;
  side: 'BUY' | 'SELL';
  type: string;
  /** The type the order was placed as (`ot`): a conditional order's own type when it fired. */
  originalType?: string;
  closePosition?: boolean;
  quantity: Decimal;
  reduceOnly: boolean;
  clientOrderId: string;
}

/**
 * The accounts' books: positions (signed amounts), orders, conditional
 * orders, trades and funding income. Market orders fill at once at the
 * symbol's mark price; conditional orders fire when `setMarkPrice` crosses
 * them; each fill and funding payment is told on the account's user data
 * stream.
 */
export class AccountBook {
  private readonly accounts = new Map<string, Account>();
  private readonly markPrices = new Map<string, Decimal>();
  private nextOrderId = 1000;
  private nextAlgoId = 5000;
  private nextTradeId = 1;
  private nextTranId = 9_000_000;

  constructor(
    private readonly settings: BookSettings,
    private readonly userStreams: UserDataStreams,
  ) {}

  add(apiKey: string, secret: string): void {
    this.accounts.set(apiKey, newAccount(secret));
  }

  account(apiKey: string): Account | undefined {
    return this.accounts.get(apiKey);
  }

  /** The id the next order gets, which names an order sent without a client id. */
  get upcomingOrderId(): number {
    return this.nextOrderId + 1;
  }

  /** The id the next conditional order gets. */
  get upcomingAlgoId(): number {
    return this.nextAlgoId + 1;
  }

  priceOf(symbol: string): Decimal {
    const mark = this.markPrices.get(symbol);
    if (mark) return mark;
    if (this.settings.fillPrice !== '0') return new Decimal(this.settings.fillPrice);
    return new Decimal(findContract(symbol)?.basePrice ?? 1);
  }

  /**
   * A market fill at the mark price: the position moves, one trade with the
   * stand-in's commission is recorded, and the account's user data stream
   * gets its ACCOUNT_UPDATE and ORDER_TRADE_UPDATE.
   */
  fill(account: Account, order: MarketFill, events: FillEvents = 'both'): StandInOrder {
    const price = this.priceOf(order.symbol);
    const held = account.positions.get(order.symbol) ?? new Decimal(0);
    const quantity = order.reduceOnly ? Decimal.min(order.quantity, held.abs()) : order.quantity;
    account.positions.set(order.symbol, held.plus(order.side === 'BUY' ? quantity : quantity.neg()));
    const orderId = (this.nextOrderId += 1);
    const now = this.settings.now();
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
    const apiKey = [...this.accounts].find(([, each]) => each === account)?.[0];
    if (apiKey) {
      const position = account.positions.get(order.symbol) ?? new Decimal(0);
      const balance = this.settings.balances.USDT ?? '0';
      for (const event of fillEvents(filled, account.trades.at(-1)!, position, balance, order.closePosition ?? false, events)) {
        this.userStreams.publish(apiKey, event);
      }
    }
    return filled;
  }

  /** The account closes its position on `symbol` (or `quantity` of it) with an order the service did not place. */
  closeOutside(
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

  /** Holds a checked conditional order until the mark price fires it or it is cancelled. */
  placeAlgo(account: Account, { clientAlgoId, ...order }: CheckedAlgoOrder): AlgoOrder {
    const now = this.settings.now();
    const algo: AlgoOrder = {
      algoId: (this.nextAlgoId += 1),
      clientAlgoId,
      algoType: 'CONDITIONAL',
      ...order,
      bestPrice: this.priceOf(order.symbol).toFixed(),
      algoStatus: 'NEW',
      actualOrderId: '',
      actualPrice: '0',
      createTime: now,
      updateTime: now,
    };
    account.algoOrders.set(clientAlgoId, algo);
    return algo;
  }

  cancelAlgo(algo: AlgoOrder): void {
    algo.algoStatus = 'CANCELED';
    algo.updateTime = this.settings.now();
  }

  /**
   * The funding payment at `time` of every open position of a perpetual: its
   * amount × the mark price at that time × the funding rate, as an income
   * row (`FUNDING_FEE`) and a balance change on the account's stream.
   */
  payFunding(time: number): void {
    for (const [apiKey, account] of this.accounts) {
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
        this.userStreams.publish(apiKey, fundingFeeEvent(time, this.settings.balances.USDT ?? '0', income.toFixed(8)));
      }
    }
  }

  /** The mark price of `symbol` from now on; conditional orders it crosses fire and fill at it. */
  setMarkPrice(symbol: string, price: string): void {
    const mark = new Decimal(price);
    this.markPrices.set(symbol, mark);
    for (const account of this.accounts.values()) {
      for (const algo of account.algoOrders.values()) {
        if (algo.symbol !== symbol || algo.algoStatus !== 'NEW') continue;
        if (algo.orderType === 'TRAILING_STOP_MARKET') {
          if (!trails(algo, mark)) continue;
        } else if (!crosses(algo, mark)) continue;
        const amount = account.positions.get(symbol) ?? new Decimal(0);
        const closes = algo.side === 'SELL' ? amount.gt(0) : amount.lt(0);
        algo.updateTime = this.settings.now();
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
}

/** A trailing stop follows the best mark since it was placed and fires once the mark falls back (rises, for a BUY) by the callback rate. */
function trails(algo: AlgoOrder, mark: Decimal): boolean {
  const best = algo.side === 'SELL' ? Decimal.max(algo.bestPrice, mark) : Decimal.min(algo.bestPrice, mark);
  algo.bestPrice = best.toFixed();
  const rate = new Decimal(algo.callbackRate).div(100);
  return algo.side === 'SELL' ? mark.lte(best.mul(new Decimal(1).minus(rate))) : mark.gte(best.mul(new Decimal(1).plus(rate)));
}

/** Whether a mark price fires a conditional order: stops on the losing side, take-profits on the winning side. */
function crosses(algo: AlgoOrder, mark: Decimal): boolean {
  const trigger = new Decimal(algo.triggerPrice);
  const fallsTo = algo.side === 'SELL' ? algo.orderType.startsWith('STOP') : algo.orderType.startsWith('TAKE_PROFIT');
  return fallsTo ? mark.lte(trigger) : mark.gte(trigger);
}
