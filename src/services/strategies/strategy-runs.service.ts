import Decimal from 'decimal.js';
import { z } from 'zod';
import type { Caller } from '../../auth/caller';
import type { Orm } from '../../db/orm';
import { findTemplate } from '../../engine';
import { StrategyPosition } from '../../entities/strategy-position.entity';
import { AppError } from '../../errors/app-error';
import { parseOrInvalidParameter } from '../../errors/validation';
import type { EventEnvelope } from '../../events/event-types';
import { recordEvent } from '../../events/outbox';
import type { StrategyEventFeed } from './strategy-event-feed';
import type { ExchangeTradingClient } from '../../upstream/exchange-trading-client';
import type { ExchangeKeysService } from '../identity/exchange-keys.service';
import type { PaperBalancesService } from '../accounts/paper-balances.service';
import { findOwnedStrategy, requireStatus } from './strategies.service';
import { decimalString, leverage, quoteAsset } from './strategy-input';
import type { StrategyMarket } from './strategy-market';
import { recordOf, type StrategyRecord } from './strategy-records';
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
 * never change. The runtime (workers/strategy-runtime.ts) picks a deployed
 * strategy up on its next tick.
 */
export class StrategyRunsService {
  constructor(
    private readonly orm: Orm,
    private readonly paperBalances: PaperBalancesService,
    private readonly exchangeKeys: ExchangeKeysService,
    private readonly trading: ExchangeTradingClient,
    private readonly market: StrategyMarket,
    private readonly trader: StrategyTrader,
    private readonly feed: StrategyEventFeed,
  ) {}

  /** Checks run 400 (body) → 404 → 409 (state) → 400 (template minimum) → 409 (no key, live) → 402 (balance). */
  async deploy(caller: Caller, id: string, input: unknown): Promise<StrategyRecord> {
    const body = parseOrInvalidParameter(deploySchema, input ?? {});
    const snapshot = await findOwnedStrategy(this.orm.em.fork(), caller, id);
    requireStatus(snapshot, ['draft', 'paused'], 'deploy');
    const capital = new Decimal(body.capital ?? snapshot.capital);
    const minimum = findTemplate(snapshot.templateId)?.metadata.minCapital ?? '0';
    if (capital.lt(minimum)) {
      throw new AppError('INVALID_PARAMETER', `capital: must be at least the template minimum ${minimum}`, { field: 'capital' });
    }
    await this.checkFunds(caller.userId, body.dry_run, quoteAsset(snapshot.symbols), capital);
    return this.orm.em.fork().transactional(async (em) => {
      const strategy = await findOwnedStrategy(em, caller, id, true);
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
      strategy.consecutiveFailures = 0;
      strategy.workerId = null;
      await em.flush();
      await recordEvent(em, {
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
      return recordOf(em, strategy);
    });
  }

  /** With `close_positions`, open positions are closed at market in the same transaction, and their events are published before this returns. */
  async pause(caller: Caller, id: string, input: unknown): Promise<StrategyRecord> {
    const body = parseOrInvalidParameter(pauseSchema, input ?? {});
    const closeEvents: EventEnvelope[] = [];
    const record = await this.orm.em.fork().transactional(async (em) => {
      const strategy = await findOwnedStrategy(em, caller, id, true);
      requireStatus(strategy, ['deployed'], 'pause');
      const now = new Date();
      if (body.close_positions) {
        for (const position of await em.find(StrategyPosition, { strategyId: strategy.id, closedAt: null }, { orderBy: { openedAt: 'asc' } })) {
          const price = await this.market.price(position.symbol);
          closeEvents.push(await this.trader.close(em, strategy, position, price, now, 'pause'));
        }
      }
      strategy.status = 'paused';
      strategy.updatedAt = now;
      strategy.workerId = null;
      await em.flush();
      await recordEvent(em, {
        userId: strategy.userId,
        type: 'strategy.paused',
        data: { strategy_id: strategy.id, close_positions: body.close_positions, closed_positions: closeEvents.length, paused_at: now.toISOString() },
      });
      return recordOf(em, strategy);
    });
    await this.feed.waitFor(closeEvents.map((event) => event.id));
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
