import type { ExchangeCredentials } from '../../../upstream/exchange-trading-client';
import type { AccountStreamDependencies } from './account-stream';

/**
 * The parts of an account's reconciliation (contract §20) that look at more
 * than its positions: the funding the exchange charged or paid, and the
 * orders it holds or no longer holds.
 */
export class AccountRepair {
  constructor(
    private readonly userId: number,
    private readonly deps: AccountStreamDependencies,
  ) {}

  /**
   * Reads the account's funding fees (`GET /fapi/v1/income?incomeType=FUNDING_FEE`)
   * since its oldest open live position opened and records each on the
   * positions it concerns; a fee recorded before (by an earlier event, a
   * reconnect or another process) is not added again.
   */
  async collectFunding(credentials: ExchangeCredentials): Promise<void> {
    const since = await this.deps.store.fundingSince(this.userId);
    if (!since) return;
    for (const fee of await this.deps.client.fundingFeesSince(credentials, since.getTime())) {
      await this.deps.store.recordFunding(this.userId, { symbol: fee.symbol, time: new Date(fee.time), income: fee.income, tranId: fee.tranId });
    }
  }

  /**
   * Compares the orders the service believes open with the exchange's
   * (`GET /fapi/v1/openAlgoOrders`, `GET /fapi/v1/openOrders`). A strategy's
   * conditional order the exchange no longer holds fired or was cancelled
   * while nobody listened: settling the strategy's orders looks each up
   * (`GET /fapi/v1/algoOrder`) and closes its position at the fill's trades,
   * with the order's own close reason, or records it cancelled. An order of
   * the service the exchange still holds for a position closed here protects
   * nothing and is cancelled. Orders the service did not place are left alone.
   */
  async repairOrders(credentials: ExchangeCredentials): Promise<void> {
    const { client, exchange, store, live, logger } = this.deps;
    const [algos, resting] = await Promise.all([client.openAlgoOrders(credentials), client.openOrders(credentials)]);
    const held = new Set(algos.map((algo) => algo.clientAlgoId));
    for (const { strategy, orderIds } of await store.strategiesWithOpenProtection(this.userId)) {
      if (orderIds.every((id) => held.has(id))) continue;
      await live
        .exclusive(strategy.id, () => live.settle(strategy))
        .catch((error: unknown) => {
          logger.warn({ err: error, strategyId: strategy.id }, 'user data stream: settling orders the exchange no longer holds failed');
        });
    }
    const clientIds = [...held, ...resting.map((order) => order.clientOrderId)];
    for (const orphan of await store.ordersOfClosedPositions(this.userId, clientIds)) {
      if (held.has(orphan.id)) await exchange.cancelAlgoOrder(credentials, orphan.id);
      else await client.cancelOrder(credentials, orphan.symbol, orphan.id);
      await store.markCancelled(orphan.id);
      logger.info({ userId: this.userId, orderId: orphan.id }, 'user data stream: cancelled an order of a closed position');
    }
  }
}
