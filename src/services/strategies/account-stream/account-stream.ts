import Decimal from 'decimal.js';
import WebSocket from 'ws';
import { z } from 'zod';
import type { CloseReason, StrategyPosition } from '../../../entities/strategy-position.entity';
import type { Logger } from '../../../observability/logger';
import { ExchangeRefusal, type ExchangeCredentials, type ExchangeTradingClient } from '../../../upstream/exchange-trading-client';
import { LISTEN_KEY_GONE, type UserDataClient } from '../../../upstream/user-data-client';
import type { ExchangeKeysService } from '../../identity/exchange-keys.service';
import type { LiveOrders } from '../live-orders';
import { AccountRepair } from './account-repair';
import type { AccountStreamStore } from './account-stream.store';

/** The exchange keeps a listenKey 60 minutes after its last keepalive; renewing every 50 leaves a margin. */
const KEEPALIVE_MS = 50 * 60_000;
const RECONNECT_BASE_MS = 250;
const RECONNECT_MAX_MS = 10_000;
/** An ACCOUNT_UPDATE comes with or before the ORDER_TRADE_UPDATE of the same fill: the order event, which names the order, gets this long to arrive first. */
const ACCOUNT_SETTLE_MS = 300;
/** The exchange's liquidation orders carry client ids with this prefix. */
const LIQUIDATION_PREFIX = 'autoclose-';

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const orderUpdate = z.object({
  s: z.string(),
  c: z.string(),
  S: z.enum(['BUY', 'SELL']),
  X: z.string(),
  ap: decimal,
  l: decimal,
  z: decimal,
  n: decimal.optional(),
  i: z.number(),
  T: z.number(),
  cp: z.boolean().optional(),
});
const event = z.discriminatedUnion('e', [
  z.object({ e: z.literal('ORDER_TRADE_UPDATE'), o: orderUpdate }),
  // `m` is the update's reason: ORDER, FUNDING_FEE, ...; a cross-margin account's funding update carries no positions
  z.object({ e: z.literal('ACCOUNT_UPDATE'), a: z.object({ m: z.string(), P: z.array(z.object({ s: z.string(), pa: decimal })) }) }),
  z.object({ e: z.literal('listenKeyExpired') }),
]);
type OrderUpdate = z.infer<typeof orderUpdate>;

export interface AccountStreamDependencies {
  store: AccountStreamStore;
  live: LiveOrders;
  exchange: ExchangeTradingClient;
  client: UserDataClient;
  exchangeKeys: ExchangeKeysService;
  /** UPSTREAM_WS_URL. */
  wsUrl: string;
  logger: Logger;
}

/**
 * One exchange account's user data stream (contract §20): a listenKey kept
 * alive every 50 minutes (and created again when the exchange forgot it), the
 * private WebSocket, a reconnect with backoff whenever it drops (the exchange
 * ends every connection within 24 h), and a REST reconciliation after each
 * connect, which repairs whatever happened while no socket listened. Events
 * are handled one at a time; every close goes through a position row lock,
 * so duplicates, a reconnect's reconciliation and another process's view of
 * the same fill close a position once.
 */
export class AccountStream {
  private socket?: WebSocket;
  private keepAlive?: NodeJS.Timeout;
  private retry?: NodeJS.Timeout;
  private attempt = 0;
  private stopped = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly repair: AccountRepair;

  constructor(
    readonly userId: number,
    private readonly deps: AccountStreamDependencies,
  ) {
    this.repair = new AccountRepair(userId, deps);
  }

  start(): void {
    void this.connect();
  }

  /**
   * `closeListenKey` when the account needs no stream any more. A process
   * that shuts down leaves the key open: the exchange hands the same active
   * key to the next owner's `POST`, and closing it would end that stream too.
   */
  async stop(closeListenKey: boolean): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.keepAlive);
    this.socket?.terminate();
    await this.queue;
    if (closeListenKey) {
      await this.deps.client.closeListenKey(await this.credentials()).catch((error: unknown) => {
        this.deps.logger.warn({ err: error, userId: this.userId }, 'user data stream: closing the listenKey failed');
      });
    }
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    try {
      const credentials = await this.credentials();
      const listenKey = await this.deps.client.createListenKey(credentials);
      const socket = await open(`${this.deps.wsUrl}/private/ws/${listenKey}`);
      if (this.stopped) {
        socket.terminate();
        return;
      }
      this.socket = socket;
      this.attempt = 0;
      socket.on('message', (data: Buffer) => this.enqueue(() => this.onMessage(data.toString('utf8'))));
      socket.on('close', () => this.reconnect(socket));
      socket.on('error', () => socket.terminate());
      this.keepAlive = setInterval(() => void this.renew(credentials, socket), KEEPALIVE_MS);
      this.deps.logger.info({ userId: this.userId }, 'user data stream connected');
      this.enqueue(() => this.reconcileAll());
    } catch (error) {
      this.deps.logger.warn({ err: error, userId: this.userId }, 'user data stream: connect failed');
      this.reconnect(undefined);
    }
  }

  private reconnect(socket: WebSocket | undefined): void {
    if (this.stopped || socket !== this.socket) return;
    this.socket = undefined;
    clearInterval(this.keepAlive);
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** this.attempt);
    this.attempt += 1;
    this.retry = setTimeout(() => void this.connect(), delay);
  }

  /** A key the exchange no longer knows: a new connection with a new key (the old socket's close reconnects). */
  private async renew(credentials: ExchangeCredentials, socket: WebSocket): Promise<void> {
    try {
      await this.deps.client.keepAlive(credentials);
    } catch (error) {
      if (error instanceof ExchangeRefusal && error.code === LISTEN_KEY_GONE) socket.terminate();
      else this.deps.logger.warn({ err: error, userId: this.userId }, 'user data stream: keepalive failed');
    }
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, userId: this.userId }, 'user data stream: event handling failed');
    });
  }

  private async onMessage(text: string): Promise<void> {
    const parsed = event.safeParse(JSON.parse(text));
    if (!parsed.success) return; // other event types (MARGIN_CALL, TRADE_LITE, ...) change nothing here
    const message = parsed.data;
    if (message.e === 'ORDER_TRADE_UPDATE') return this.onOrder(message.o);
    if (message.e === 'listenKeyExpired') {
      this.socket?.terminate();
      return;
    }
    if (message.a.m === 'FUNDING_FEE') return this.repair.collectFunding(await this.credentials());
    for (const row of message.a.P) {
      if (!new Decimal(row.pa).isZero()) continue;
      setTimeout(() => this.enqueue(() => this.reconcile(row.s)), ACCOUNT_SETTLE_MS);
    }
  }

  /** A fill that closes a strategy's position, by an order the live path did not send. */
  private async onOrder(order: OrderUpdate): Promise<void> {
    if (order.X !== 'FILLED' || (await this.deps.store.isOwnMarketOrder(order.c))) return;
    for (const { strategy, position } of await this.deps.store.openPositions(this.userId, order.s)) {
      if (!closes(position, order.S)) continue;
      const liquidation = order.c.startsWith(LIQUIDATION_PREFIX);
      if (!liquidation && order.cp !== true && new Decimal(order.z).lt(position.quantity)) continue; // a partial reduce: ACCOUNT_UPDATE tells when flat
      const fee = new Decimal(order.l).eq(order.z) && order.n !== undefined ? new Decimal(order.n) : await this.feeOf(order);
      const fill = { price: new Decimal(order.ap), fee, at: new Date(order.T) };
      await this.deps.live.closedOnExchange(strategy, position.id, fill, liquidation ? 'liquidation' : 'external');
    }
  }

  /** An order filled in several trades: the commission of all of them. */
  private async feeOf(order: OrderUpdate): Promise<Decimal> {
    const trades = await this.deps.exchange.tradesOf(await this.credentials(), order.s, order.i);
    return trades.reduce((sum, trade) => sum.plus(trade.commission), new Decimal(0));
  }

  /**
   * After a (re)connect: the funding charged meanwhile first (so a position
   * closed in the gap closes with it in its pnl), then the positions, then
   * the orders (account-repair.ts).
   */
  private async reconcileAll(): Promise<void> {
    const credentials = await this.credentials();
    const steps: [string, () => Promise<void>][] = [
      ['funding', () => this.repair.collectFunding(credentials)],
      ['positions', () => this.reconcile()],
      ['orders', () => this.repair.repairOrders(credentials)],
    ];
    // one step's failure (an endpoint down) leaves the others to do their part
    for (const [step, work] of steps) {
      await work().catch((error: unknown) => this.deps.logger.warn({ err: error, userId: this.userId, step }, 'user data stream: reconciliation step failed'));
    }
  }

  /**
   * Open live positions the exchange no longer holds (`positionRisk`) were
   * closed while nobody listened: each closes at its closing order's trades
   * (`userTrades`), with the reason that order's client id gives.
   */
  private async reconcile(symbol?: string): Promise<void> {
    const credentials = await this.credentials();
    for (const { strategy, position } of await this.deps.store.openPositions(this.userId, symbol)) {
      const held = (await this.deps.exchange.positions(credentials, position.symbol)).find((row) => row.symbol === position.symbol);
      if (held && !new Decimal(held.positionAmt).isZero()) continue;
      const close = await this.closingOrder(credentials, position);
      if (!close) continue;
      await this.deps.live.closedOnExchange(strategy, position.id, close.fill, close.reason);
    }
  }

  /**
   * The last order that traded against the position since it opened; null
   * when it is the service's own (the live path settles it) or when no trade
   * closed it (a run resuming settles that case itself, live-orders.ts `reconcile`).
   */
  private async closingOrder(
    credentials: ExchangeCredentials,
    position: StrategyPosition,
  ): Promise<{ fill: { price: Decimal; fee: Decimal; at: Date }; reason: CloseReason } | null> {
    const closing = (await this.deps.client.tradesSince(credentials, position.symbol, position.openedAt.getTime())).filter((trade) =>
      closes(position, trade.side),
    );
    const last = closing.at(-1);
    if (!last) return null;
    const { clientOrderId } = await this.deps.client.orderOf(credentials, position.symbol, last.orderId);
    if (await this.deps.store.isOwnMarketOrder(clientOrderId)) return null;
    const trades = closing.filter((trade) => trade.orderId === last.orderId);
    const quantity = trades.reduce((sum, trade) => sum.plus(trade.qty), new Decimal(0));
    const price = trades.reduce((sum, trade) => sum.plus(new Decimal(trade.price).mul(trade.qty)), new Decimal(0)).div(quantity);
    const fee = trades.reduce((sum, trade) => sum.plus(trade.commission), new Decimal(0));
    return { fill: { price, fee, at: new Date(last.time) }, reason: clientOrderId.startsWith(LIQUIDATION_PREFIX) ? 'liquidation' : 'external' };
  }

  private async credentials(): Promise<ExchangeCredentials> {
    const credentials = await this.deps.exchangeKeys.credentialsFor(this.userId);
    if (!credentials) throw new Error('the account has no registered exchange key');
    return credentials;
  }
}

/** Whether an order on `side` reduces the position. */
function closes(position: StrategyPosition, side: 'BUY' | 'SELL'): boolean {
  return position.side === 'long' ? side === 'SELL' : side === 'BUY';
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}
