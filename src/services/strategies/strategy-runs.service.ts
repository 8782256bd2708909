import Decimal from 'decimal.js';
import { z } from 'zod';
import type { Caller } from '../../auth/caller';
import { findTemplate } from '../../engine';
import { AppError, isAppError } from '../../errors/app-error';
import { parseOrInvalidParameter } from '../../errors/validation';
import type { EventEnvelope } from '../../events/event-types';
import type { StrategyEventFeed } from './strategy-event-feed';
import type { ExchangeTradingClient } from '../../upstream/exchange-trading-client';
import type { ExchangeKeysService } from '../identity/exchange-keys.service';
import type { PaperBalancesService } from '../accounts/paper-balances.service';
import { findOwnedStrategy, requireStatus } from './strategies.service';
import { decimalString, leverage, quoteAsset } from './strategy-input';
import type { StrategyMarket } from './strategy-market';
import type { StrategyStore } from './strategies.store';
import { recordOf, type StrategyRecord } from './strategy-records';
import type { LiveOrders } from './live-orders';
import type { StrategyTrader } from './strategy-trader';

export const deploySchema = z.object({
  capital: decimalString.optional(),
  leverage: leverage.optional(),
  dry_run: z.boolean().default(false),
});

export const pauseSchema = z.object({ close_positions: z.boolean().default(false) });

/**
 * Deploy and pause (spec "Strategy deployment" and the strategy state table).
 * Overrides are kept in the run columns only; the stored capital and leverage
 * never change. The runtime (strategy-runtime.ts beside this file) picks a deployed
 * strategy up on its next tick.
 */
export class StrategyRunsService {
  constructor(
    private readonly store: StrategyStore,
    private readonly paperBalances: PaperBalancesService,
    private readonly exchangeKeys: ExchangeKeysService,
    private readonly trading: ExchangeTradingClient,
    private readonly market: StrategyMarket,
    private readonly trader: StrategyTrader,
    private readonly live: LiveOrders,
    private readonly feed: StrategyEventFeed,
  ) {}

  /**
   * Checks run 400 (body) → 404 → 409 (state) → 400 (template minimum) → 409 (no key, live) → 402 (balance);
   * a live run then sets each symbol's leverage on the exchange (502 when refused, nothing changed) before it is deployed.
   */
  async deploy(caller: Caller, id: string, input: unknown): Promise<StrategyRecord> {
    const body = parseOrInvalidParameter(deploySchema, input ?? {});
    const snapshot = await findOwnedStrategy(this.store, caller, id);
    requireStatus(snapshot, ['draft', 'paused'], 'deploy');
    const capital = new Decimal(body.capital ?? snapshot.capital);
    const minimum = findTemplate(snapshot.templateId)?.metadata.minCapital ?? '0';
    if (capital.lt(minimum)) {
      throw new AppError('INVALID_PARAMETER', `capital: must be at least the template minimum ${minimum}`, { field: 'capital' });
    }
    await this.checkFunds(caller.userId, body.dry_run, quoteAsset(snapshot.symbols), capital);
    if (!body.dry_run) await this.live.setLeverage(caller.userId, snapshot.symbols, body.leverage ?? snapshot.leverage);
    return this.store.transaction(async (tx) => {
      const strategy = await findOwnedStrategy(tx, caller, id, true);
      requireStatus(strategy, ['draft', 'paused'], 'deploy');
      const now = new Date();
      strategy.status = 'deployed';
      strategy.deployedAt = now;
      strategy.updatedAt = now;
      strategy.runCapital = capital.toFixed();
      strategy.runLeverage = body.leverage ?? strategy.leverage;
      strategy.runDry = body.dry_run;
      strategy.runStartedAt = now;
      strategy.lastBars = null;
      strategy.protectionState = null;
      strategy.consecutiveFailures = 0;
      strategy.workerId = null;
      await tx.flush();
      await tx.recordEvent({
        userId: strategy.userId,
        type: 'strategy.deployed',
        data: {
          strategy_id: strategy.id,
          name: strategy.name,
          template_id: strategy.templateId,
          symbols: strategy.symbols,
          timeframe: strategy.timeframe,
          capital: strategy.runCapital,
          leverage: strategy.runLeverage,
          dry_run: body.dry_run,
          deployed_at: now.toISOString(),
        },
      });
      return recordOf(tx, strategy);
    });
  }

  /**
   * With `close_positions`, open positions are closed at market first and
   * their events are published before this returns: in the same transaction
   * for a dry run; for a live run the strategy is paused first (so its worker
   * sends nothing more), then each position is closed by an order of its own.
   */
  async pause(caller: Caller, id: string, input: unknown): Promise<StrategyRecord> {
    const body = parseOrInvalidParameter(pauseSchema, input ?? {});
    const snapshot = await findOwnedStrategy(this.store, caller, id);
    if (body.close_positions && snapshot.runDry === false && snapshot.status === 'deployed') return this.pauseLive(caller, id);
    const closeEvents: EventEnvelope[] = [];
    const record = await this.store.transaction(async (tx) => {
      const strategy = await findOwnedStrategy(tx, caller, id, true);
      requireStatus(strategy, ['deployed'], 'pause');
      const now = new Date();
      if (body.close_positions) {
        for (const position of await tx.openPositions(strategy.id)) {
          const price = await this.market.price(position.symbol);
          closeEvents.push(await this.trader.close(tx, strategy, position, price, now, 'pause'));
        }
      }
      strategy.status = 'paused';
      strategy.updatedAt = now;
      strategy.workerId = null;
      await tx.flush();
      await tx.recordEvent({
        userId: strategy.userId,
        type: 'strategy.paused',
        data: { strategy_id: strategy.id, close_positions: body.close_positions, closed_positions: closeEvents.length, paused_at: now.toISOString() },
      });
      return recordOf(tx, strategy);
    });
    await this.feed.waitFor(closeEvents.map((event) => event.id));
    return record;
  }

  private async pauseLive(caller: Caller, id: string): Promise<StrategyRecord> {
    const strategy = await this.store.transaction(async (tx) => {
      const locked = await findOwnedStrategy(tx, caller, id, true);
      requireStatus(locked, ['deployed'], 'pause');
      locked.status = 'paused';
      locked.updatedAt = new Date();
      locked.workerId = null;
      await tx.flush();
      return locked;
    });
    const positions = await this.store.openPositions(strategy.id);
    await this.live
      .exclusive(strategy.id, async () => {
        await this.live.settle(strategy);
        for (const position of positions) await this.live.close(strategy, position, 'pause', undefined, () => true);
      })
      .catch((error: unknown) => {
        if (isAppError(error)) throw error;
        throw new AppError(
          'UPSTREAM_FAILED',
          `upstream request failed: the strategy is paused, but the exchange did not close every position (${(error as Error).message}); pause closes nothing more, positions stay open until closed on the exchange or by a later run`,
        );
      });
    const closeEvents = await this.store.closeEventIds(positions.map((position) => position.id));
    const record = await this.store.transaction(async (tx) => {
      await tx.recordEvent({
        userId: strategy.userId,
        type: 'strategy.paused',
        data: { strategy_id: strategy.id, close_positions: true, closed_positions: closeEvents.length, paused_at: strategy.updatedAt.toISOString() },
      });
      return recordOf(tx, strategy);
    });
    await this.feed.waitFor(closeEvents);
    return record;
  }

  private async checkFunds(userId: number, dryRun: boolean, asset: string, capital: Decimal): Promise<void> {
    let balance: string | null;
    if (dryRun) {
      balance = await this.paperBalances.get(userId, asset);
    } else {
      const credentials = await this.exchangeKeys.credentialsFor(userId);
      if (!credentials)
        throw new AppError('INVALID_STATE', 'a live deployment needs a registered exchange key (POST /api-key/register), or deploy with dry_run true');
      balance = await this.trading.availableBalance(credentials, asset).catch(() => null);
      if (balance === null) throw new AppError('UPSTREAM_FAILED', 'upstream request failed: the exchange balance could not be read');
    }
    if (new Decimal(balance).lt(capital)) {
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `the ${dryRun ? 'paper' : 'exchange'} ${asset} balance ${new Decimal(balance).toFixed()} is below the capital ${capital.toFixed()}`,
      );
    }
  }
}
