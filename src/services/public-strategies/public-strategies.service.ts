import { z } from 'zod';
import type { PublicStrategy } from '../../entities/public-strategy.entity';
import { AppError } from '../../errors/app-error';
import { parseOrReject } from '../../errors/validation';
import { naiveUtc } from '../timestamps';
import type { PublicStrategiesStore, PublicStrategyText } from './public-strategies.store';

/** The spec's 404 detail for a missing public strategy: the Chinese text for "Strategy not found". */
export const STRATEGY_NOT_FOUND = '策略不存在';

const optionalText = z.string().nullish();

export const createSchema = z.object({
  name: z.string().min(1).max(200),
  author: optionalText,
  description: optionalText,
  entry_condition: optionalText,
  exit_condition: optionalText,
  bot_name: optionalText,
});

/** `name` is absent on purpose: it is not editable, and like the FastAPI original an unknown field is ignored. */
export const updateSchema = createSchema.omit({ name: true });

export type CreatePublicStrategyInput = z.input<typeof createSchema>;
export type UpdatePublicStrategyInput = z.input<typeof updateSchema>;

export interface PublicStrategyRecord {
  id: number;
  name: string;
  author: string;
  description: string;
  entry_condition: string;
  exit_condition: string;
  bot_name: string;
  created_at: string;
  updated_at: string;
}

export function toRecord(strategy: PublicStrategy): PublicStrategyRecord {
  return {
    id: strategy.id,
    name: strategy.name,
    author: strategy.author,
    description: strategy.description,
    entry_condition: strategy.entryCondition,
    exit_condition: strategy.exitCondition,
    bot_name: strategy.botName,
    created_at: naiveUtc(strategy.createdAt),
    updated_at: naiveUtc(strategy.updatedAt),
  };
}

/** Ids are PostgreSQL `serial`; any other integer names no record (and must not reach the database as an overflow). */
function isStorableId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;
}

export class PublicStrategiesService {
  constructor(private readonly store: PublicStrategiesStore) {}

  async list(): Promise<PublicStrategyRecord[]> {
    return (await this.store.list()).map(toRecord);
  }

  async get(id: number): Promise<PublicStrategyRecord> {
    return toRecord(orNotFound(isStorableId(id) ? await this.store.find(id) : null));
  }

  async create(input: unknown): Promise<PublicStrategyRecord> {
    const fields = parseOrReject(createSchema, input);
    const strategy = await this.store.insert({
      name: fields.name,
      author: fields.author ?? '',
      description: fields.description ?? '',
      entryCondition: fields.entry_condition ?? '',
      exitCondition: fields.exit_condition ?? '',
      botName: fields.bot_name ?? '',
    });
    return toRecord(strategy);
  }

  async update(id: number, input: unknown): Promise<PublicStrategyRecord> {
    const fields = parseOrReject(updateSchema, input ?? {});
    const changes: Partial<PublicStrategyText> = {};
    const given = {
      author: fields.author,
      description: fields.description,
      entryCondition: fields.entry_condition,
      exitCondition: fields.exit_condition,
      botName: fields.bot_name,
    };
    for (const [key, value] of Object.entries(given) as [keyof PublicStrategyText, string | null | undefined][]) {
      if (value !== undefined && value !== null) changes[key] = value;
    }
    return toRecord(orNotFound(isStorableId(id) ? await this.store.update(id, changes) : null));
  }

  async delete(id: number): Promise<void> {
    if (!(isStorableId(id) && (await this.store.delete(id)))) throw new AppError('NOT_FOUND', STRATEGY_NOT_FOUND);
  }
}

function orNotFound(strategy: PublicStrategy | null): PublicStrategy {
  if (!strategy) throw new AppError('NOT_FOUND', STRATEGY_NOT_FOUND);
  return strategy;
}
