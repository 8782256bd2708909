import { randomBytes } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { ownedBy, ownerFor, type Caller } from '../../auth/caller';
import type { Orm } from '../../db/orm';
import { Strategy, type StrategyStatus } from '../../entities/strategy.entity';
import { OutboxEvent } from '../../entities/outbox-event.entity';
import { AppError } from '../../errors/app-error';
import { toEnvelope } from '../../events/outbox';
import type { EventEnvelope } from '../../events/event-types';
import type { StrategyEventFeed, StrategyEventPayload } from './strategy-event-feed';
import { parseOrInvalidParameter } from '../../errors/validation';
import { decodeCursor, pageOf } from '../pagination';
import { checkedParams, decimalString, leverage, name, symbols, timeframe } from './strategy-input';
import { recordOf, recordsOf, strategyRecord, type StrategyRecord } from './strategy-records';

const STATUSES = ['draft', 'deployed', 'paused', 'stopped', 'error'] as const;

export const createSchema = z.object({
  name,
  template_id: z.string().min(1).max(64),
  params: z.record(z.string(), z.unknown()).default({}),
  symbols,
  timeframe,
  capital: decimalString,
  leverage: leverage.default(1),
});

export const updateSchema = z.object({
  name: name.optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  symbols: symbols.optional(),
  timeframe: timeframe.optional(),
  capital: decimalString.optional(),
  leverage: leverage.optional(),
});

export const listSchema = z.object({
  status: z.enum(STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().optional(),
});

/** What a backtest job takes from a strategy it names (`strategy_id`), in the job API's wire names. */
export type StrategyBacktestConfig = Pick<StrategyRecord, 'template_id' | 'params' | 'symbols' | 'timeframe' | 'capital' | 'leverage'>;

/** Signed-API strategies (contract §8): create, list, get, update and delete. Deploy and pause are in strategy-runs.service.ts. */
export class StrategiesService {
  constructor(
    private readonly orm: Orm,
    private readonly feed: StrategyEventFeed,
  ) {}

  /**
   * The events of one of the caller's strategies as they are published in
   * this process (subscription `strategyEvents`); another key's or a missing
   * strategy is NOT_FOUND, as everywhere else.
   */
  async followEvents(caller: Caller, strategyId: string): Promise<AsyncIterable<EventEnvelope>> {
    const controller = new AbortController();
    // Listening starts before the ownership read, so an event between the two is not lost.
    const events = this.feed.follow(strategyId, controller.signal);
    try {
      await findOwnedStrategy(this.orm.em.fork(), caller, strategyId);
    } catch (error) {
      controller.abort();
      throw error;
    }
    return envelopes(events, controller);
  }

  async create(caller: Caller, input: unknown): Promise<StrategyRecord> {
    const body = parseOrInvalidParameter(createSchema, input ?? {});
    const params = checkedParams(body.template_id, body.params);
    const em = this.orm.em.fork();
    const now = new Date();
    const strategy = em.create(Strategy, {
      id: `strat_${randomBytes(8).toString('hex')}`,
      ...ownerFor(caller),
      name: body.name,
      templateId: body.template_id,
      params,
      symbols: body.symbols,
      timeframe: body.timeframe,
      capital: new Decimal(body.capital).toFixed(),
      leverage: body.leverage,
      status: 'draft',
      deployedAt: null,
      runCapital: null,
      runLeverage: null,
      runDry: null,
      runStartedAt: null,
      lastBars: null,
      consecutiveFailures: 0,
      workerId: null,
      createdAt: now,
      updatedAt: now,
    });
    await em.flush();
    return recordOf(em, strategy);
  }

  async list(caller: Caller, query: unknown): Promise<{ data: StrategyRecord[]; next_cursor: string | null }> {
    const { status, limit, cursor } = parseOrInvalidParameter(listSchema, query ?? {});
    const filters = { status };
    const after = cursor ? decodeCursor(cursor, filters) : undefined;
    const em = this.orm.em.fork();
    const rows = await em.find(
      Strategy,
      {
        ...ownedBy(caller),
        ...(status ? { status } : {}),
        ...(after ? { $or: [{ createdAt: { $lt: after.at } }, { createdAt: after.at, id: { $lt: after.id } }] } : {}),
      },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1 },
    );
    const page = pageOf(rows, limit, (row) => ({ at: row.createdAt, id: row.id }), filters);
    return { data: await recordsOf(em, page.data), next_cursor: page.next_cursor };
  }

  async get(caller: Caller, id: string): Promise<StrategyRecord> {
    const em = this.orm.em.fork();
    return recordOf(em, await findOwnedStrategy(em, caller, id));
  }

  /** Changes apply to the next run: a deployed strategy must be paused first, a deleted one is unusable. */
  async update(caller: Caller, id: string, input: unknown): Promise<StrategyRecord> {
    const body = parseOrInvalidParameter(updateSchema, input ?? {});
    return this.orm.em.fork().transactional(async (em) => {
      const strategy = await findOwnedStrategy(em, caller, id, true);
      requireStatus(strategy, ['draft', 'paused', 'error'], 'update');
      if (body.params !== undefined) strategy.params = checkedParams(strategy.templateId, body.params);
      if (body.name !== undefined) strategy.name = body.name;
      if (body.symbols !== undefined) strategy.symbols = body.symbols;
      if (body.timeframe !== undefined) strategy.timeframe = body.timeframe;
      if (body.capital !== undefined) strategy.capital = new Decimal(body.capital).toFixed();
      if (body.leverage !== undefined) strategy.leverage = body.leverage;
      strategy.updatedAt = new Date();
      await em.flush();
      return recordOf(em, strategy);
    });
  }

  /** Contract §8: a deployed strategy cannot be deleted (409); otherwise it becomes `stopped` and unusable. */
  async delete(caller: Caller, id: string): Promise<StrategyRecord> {
    return this.orm.em.fork().transactional(async (em) => {
      const strategy = await findOwnedStrategy(em, caller, id, true);
      if (strategy.status === 'deployed') throw new AppError('INVALID_STATE', 'the strategy is deployed: pause it before deleting it');
      if (strategy.status !== 'stopped') {
        strategy.status = 'stopped';
        strategy.updatedAt = new Date();
        await em.flush();
      }
      return recordOf(em, strategy);
    });
  }

  /** A recorded strategy event with its strategy's owner, for the subscription bridge; null for other events. */
  async eventPayload(eventId: string): Promise<StrategyEventPayload | null> {
    const em = this.orm.em.fork();
    const row = await em.findOne(OutboxEvent, { id: eventId });
    const strategyId = row?.type.startsWith('strategy.') ? row.data.strategy_id : undefined;
    if (!row || typeof strategyId !== 'string') return null;
    const strategy = await em.findOne(Strategy, { id: strategyId }, { fields: ['userId', 'apiKeyId'] });
    return strategy ? { strategyId, userId: strategy.userId, apiKeyId: strategy.apiKeyId, event: toEnvelope(row) } : null;
  }

  /** For backtest jobs naming `strategy_id`: NOT_FOUND for a missing or another key's strategy, INVALID_STATE for a deleted one. */
  async configForBacktest(caller: Caller, strategyId: string): Promise<StrategyBacktestConfig> {
    const strategy = await findOwnedStrategy(this.orm.em.fork(), caller, strategyId);
    if (strategy.status === 'stopped') throw new AppError('INVALID_STATE', 'the strategy was deleted and cannot be used');
    const { template_id, params, symbols, timeframe, capital, leverage } = strategyRecord(strategy, undefined);
    return { template_id, params, symbols, timeframe, capital, leverage };
  }
}

/** The caller's strategy or 404 (another key's strategy is not found); `lock` takes a row lock for a state change. */
export async function findOwnedStrategy(em: EntityManager, caller: Caller, id: string, lock = false): Promise<Strategy> {
  const strategy = await em.findOne(Strategy, { id, ...ownedBy(caller) }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!strategy) throw new AppError('NOT_FOUND', 'strategy not found');
  return strategy;
}

export function requireStatus(strategy: Strategy, allowed: StrategyStatus[], action: string): void {
  if (!allowed.includes(strategy.status)) {
    throw new AppError('INVALID_STATE', `cannot ${action} a strategy in status ${strategy.status} (allowed: ${allowed.join(', ')})`);
  }
}

async function* envelopes(events: AsyncIterableIterator<[StrategyEventPayload]>, controller: AbortController): AsyncGenerator<EventEnvelope> {
  try {
    for await (const [payload] of events) yield payload.event;
  } finally {
    controller.abort();
  }
}
