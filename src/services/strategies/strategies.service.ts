import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { ownerFor, type Caller } from '../../auth/caller';
import { STRATEGY_STATUSES, type Strategy, type StrategyStatus } from '../../entities/strategy.entity';
import { AppError } from '../../errors/app-error';
import type { EventEnvelope } from '../../events/event-types';
import type { StrategyEventFeed, StrategyEventPayload } from './strategy-event-feed';
import { parseOrInvalidParameter } from '../../errors/validation';
import { listeningStream } from '../listening-stream';
import { decodeCursor, pageOf } from '../pagination';
import type { StrategyStore } from './strategies.store';
import type { StrategyQueries } from './strategy-queries.store';
import { checkedParams, decimalString, leverage, name, slippageBps, symbols, timeframe } from './strategy-input';
import { StrategyHistory } from './strategy-history';
import { eventRecord, recordOf, recordsOf, strategyRecord, type StrategyRecord } from './strategy-records';

export const createSchema = z.object({
  name,
  template_id: z.string().min(1).max(64),
  params: z.record(z.string(), z.unknown()).default({}),
  symbols,
  timeframe,
  capital: decimalString,
  leverage: leverage.default(1),
  slippage_bps: slippageBps.default('0'),
});

export const updateSchema = z.object({
  name: name.optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  symbols: symbols.optional(),
  timeframe: timeframe.optional(),
  capital: decimalString.optional(),
  leverage: leverage.optional(),
  slippage_bps: slippageBps.optional(),
});

export const listSchema = z.object({
  status: z.enum(STRATEGY_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().optional(),
});

/** What a backtest job takes from a strategy it names (`strategy_id`), in the job API's wire names. */
export type StrategyBacktestConfig = Pick<StrategyRecord, 'template_id' | 'params' | 'symbols' | 'timeframe' | 'capital' | 'leverage'>;

/** Signed-API strategies (contract §8): create, list, get, update and delete. Deploy and pause are in strategy-runs.service.ts. */
export class StrategiesService {
  /** Contract §11: a strategy's positions and stored events. */
  readonly history: StrategyHistory;

  constructor(
    private readonly store: StrategyStore,
    private readonly feed: StrategyEventFeed,
  ) {
    this.history = new StrategyHistory(store);
  }

  /**
   * Subscription `strategyEvents` (contract §11): the stored events after
   * `after` (when given), then the live ones as this process publishes them,
   * of one of the caller's strategies or, without `strategyId`, of all of
   * them. Listening starts before the stored events are read, and live events
   * already yielded from the store are skipped, so none is missed or
   * repeated at the seam. Another key's or a missing strategy is NOT_FOUND.
   */
  async followEvents(caller: Caller, strategyId: string | undefined, after: string | undefined): Promise<AsyncIterable<EventEnvelope>> {
    const controller = new AbortController();
    const live = this.feed.follow(strategyId, controller.signal);
    try {
      const strategyIds = strategyId ? [(await findOwnedStrategy(this.store, caller, strategyId)).id] : await this.store.ownedStrategyIds(caller);
      const afterSeq = after === undefined ? undefined : await this.history.seqOf(strategyIds, after);
      return listeningStream(envelopes(caller, this.history, strategyIds, afterSeq, live, controller), controller);
    } catch (error) {
      controller.abort();
      throw error;
    }
  }

  async create(caller: Caller, input: unknown): Promise<StrategyRecord> {
    const body = parseOrInvalidParameter(createSchema, input ?? {});
    const params = checkedParams(body.template_id, body.params);
    const now = new Date();
    const strategy = await this.store.insertStrategy({
      id: `strat_${randomBytes(8).toString('hex')}`,
      ...ownerFor(caller),
      name: body.name,
      templateId: body.template_id,
      params,
      symbols: body.symbols,
      timeframe: body.timeframe,
      capital: new Decimal(body.capital).toFixed(),
      leverage: body.leverage,
      slippageBps: new Decimal(body.slippage_bps).toFixed(),
      status: 'draft',
      deployedAt: null,
      runCapital: null,
      runLeverage: null,
      runDry: null,
      runStartedAt: null,
      lastBars: null,
      protectionState: null,
      consecutiveFailures: 0,
      workerId: null,
      createdAt: now,
      updatedAt: now,
    });
    return recordOf(this.store, strategy);
  }

  async list(caller: Caller, query: unknown): Promise<{ data: StrategyRecord[]; next_cursor: string | null }> {
    const { status, limit, cursor } = parseOrInvalidParameter(listSchema, query ?? {});
    const filters = { status };
    const after = cursor ? decodeCursor(cursor, filters) : undefined;
    const rows = await this.store.pageOfStrategies(caller, status, after, limit);
    const page = pageOf(rows, limit, (row) => ({ at: row.createdAt, id: row.id }), filters);
    return { data: await recordsOf(this.store, page.data), next_cursor: page.next_cursor };
  }

  async get(caller: Caller, id: string): Promise<StrategyRecord> {
    return recordOf(this.store, await findOwnedStrategy(this.store, caller, id));
  }

  /** Those of `ids` that are the caller's strategies, by id, read together (`BacktestJob.strategy`). */
  async getMany(caller: Caller, ids: readonly string[]): Promise<Map<string, StrategyRecord>> {
    const records = await recordsOf(this.store, await this.store.findOwnedMany(caller, ids));
    return new Map(records.map((record) => [record.id, record]));
  }

  /** GET /v1/strategies/{id}/positions: another key's or a missing strategy is NOT_FOUND. */
  async positions(caller: Caller, id: string, query: unknown) {
    await findOwnedStrategy(this.store, caller, id);
    return this.history.positions(id, query);
  }

  /** GET /v1/strategies/{id}/events. */
  async events(caller: Caller, id: string, query: unknown) {
    await findOwnedStrategy(this.store, caller, id);
    return this.history.events(id, query);
  }

  /** Changes apply to the next run: a deployed strategy must be paused first, a deleted one is unusable. */
  async update(caller: Caller, id: string, input: unknown): Promise<StrategyRecord> {
    const body = parseOrInvalidParameter(updateSchema, input ?? {});
    return this.store.transaction(async (tx) => {
      const strategy = await findOwnedStrategy(tx, caller, id, true);
      requireStatus(strategy, ['draft', 'paused', 'error'], 'update');
      if (body.params !== undefined) strategy.params = checkedParams(strategy.templateId, body.params);
      if (body.name !== undefined) strategy.name = body.name;
      if (body.symbols !== undefined) strategy.symbols = body.symbols;
      if (body.timeframe !== undefined) strategy.timeframe = body.timeframe;
      if (body.capital !== undefined) strategy.capital = new Decimal(body.capital).toFixed();
      if (body.leverage !== undefined) strategy.leverage = body.leverage;
      if (body.slippage_bps !== undefined) strategy.slippageBps = new Decimal(body.slippage_bps).toFixed();
      strategy.updatedAt = new Date();
      await tx.flush();
      return recordOf(tx, strategy);
    });
  }

  /** Contract §8: a deployed strategy cannot be deleted (409); otherwise it becomes `stopped` and unusable. */
  async delete(caller: Caller, id: string): Promise<StrategyRecord> {
    return this.store.transaction(async (tx) => {
      const strategy = await findOwnedStrategy(tx, caller, id, true);
      if (strategy.status === 'deployed') throw new AppError('INVALID_STATE', 'the strategy is deployed: pause it before deleting it');
      if (strategy.status !== 'stopped') {
        strategy.status = 'stopped';
        strategy.updatedAt = new Date();
        await tx.flush();
      }
      return recordOf(tx, strategy);
    });
  }

  /** The strategy events among `eventIds` with their strategies' owners, in that order, for the subscription bridge; other events are left out. */
  async eventPayloads(eventIds: readonly string[]): Promise<StrategyEventPayload[]> {
    const rows = await this.store.strategyEvents(eventIds);
    return rows.map((row) => ({ strategyId: row.strategy_id, userId: row.user_id, apiKeyId: row.api_key_id, seq: row.seq, event: eventRecord(row) }));
  }

  /** For backtest jobs naming `strategy_id`: NOT_FOUND for a missing or another key's strategy, INVALID_STATE for a deleted one. */
  async configForBacktest(caller: Caller, strategyId: string): Promise<StrategyBacktestConfig> {
    const strategy = await findOwnedStrategy(this.store, caller, strategyId);
    if (strategy.status === 'stopped') throw new AppError('INVALID_STATE', 'the strategy was deleted and cannot be used');
    const { template_id, params, symbols, timeframe, capital, leverage } = strategyRecord(strategy, undefined);
    return { template_id, params, symbols, timeframe, capital, leverage };
  }
}

/** The caller's strategy or 404 (another key's strategy is not found); `lock` takes a row lock for a state change. */
export async function findOwnedStrategy(store: StrategyQueries, caller: Caller, id: string, lock = false): Promise<Strategy> {
  const strategy = await store.findOwned(caller, id, lock);
  if (!strategy) throw new AppError('NOT_FOUND', 'strategy not found');
  return strategy;
}

export function requireStatus(strategy: Strategy, allowed: StrategyStatus[], action: string): void {
  if (!allowed.includes(strategy.status)) {
    throw new AppError('INVALID_STATE', `cannot ${action} a strategy in status ${strategy.status} (allowed: ${allowed.join(', ')})`);
  }
}

async function* envelopes(
  caller: Caller,
  history: StrategyHistory,
  strategyIds: string[],
  afterSeq: string | undefined,
  live: AsyncIterableIterator<[StrategyEventPayload]>,
  controller: AbortController,
): AsyncGenerator<EventEnvelope> {
  try {
    const yielded = new Set<string>();
    if (afterSeq !== undefined) {
      for await (const event of history.storedAfter(strategyIds, afterSeq)) {
        yielded.add(event.id);
        yield event;
      }
    }
    for await (const [payload] of live) {
      if (yielded.delete(payload.event.id) || !ownsEvent(caller, payload)) continue;
      // recorded before `after` but published late (a transaction that committed after a later one)
      if (afterSeq !== undefined && BigInt(payload.seq) <= BigInt(afterSeq)) continue;
      yield payload.event;
    }
  } finally {
    controller.abort();
  }
}

/** Without a strategy id the live feed carries every strategy's events: keep the caller's own (as `ownedBy` reads them). */
function ownsEvent(caller: Caller, payload: StrategyEventPayload): boolean {
  return payload.userId === caller.userId && (caller.apiKeyId === null || payload.apiKeyId === caller.apiKeyId);
}
