import { z } from 'zod';
import type { Orm } from '../../db/orm';
import { PublicStrategy } from '../../entities/public-strategy.entity';
import { AppError } from '../../errors/app-error';
import { parseOrReject } from '../../errors/validation';
import { naiveUtc } from '../timestamps';

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
  constructor(private readonly orm: Orm) {}

  async list(): Promise<PublicStrategyRecord[]> {
    const strategies = await this.orm.em.fork().find(PublicStrategy, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return strategies.map(toRecord);
  }

  async get(id: number): Promise<PublicStrategyRecord> {
    return toRecord(await this.findOrFail(this.orm.em.fork(), id));
  }

  async create(input: unknown): Promise<PublicStrategyRecord> {
    const fields = parseOrReject(createSchema, input);
    const em = this.orm.em.fork();
    const strategy = em.create(PublicStrategy, {
      name: fields.name,
      author: fields.author ?? '',
      description: fields.description ?? '',
      entryCondition: fields.entry_condition ?? '',
      exitCondition: fields.exit_condition ?? '',
      botName: fields.bot_name ?? '',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush();
    return toRecord(strategy);
  }

  async update(id: number, input: unknown): Promise<PublicStrategyRecord> {
    const fields = parseOrReject(updateSchema, input ?? {});
    const em = this.orm.em.fork();
    const strategy = await this.findOrFail(em, id);
    const changes = {
      author: fields.author,
      description: fields.description,
      entryCondition: fields.entry_condition,
      exitCondition: fields.exit_condition,
      botName: fields.bot_name,
    };
    for (const [key, value] of Object.entries(changes) as [keyof typeof changes, string | null | undefined][]) {
      if (value !== undefined && value !== null) strategy[key] = value;
    }
    strategy.updatedAt = new Date();
    await em.flush();
    return toRecord(strategy);
  }

  async delete(id: number): Promise<void> {
    const deleted = isStorableId(id) ? await this.orm.em.fork().nativeDelete(PublicStrategy, { id }) : 0;
    if (deleted === 0) throw new AppError('NOT_FOUND', STRATEGY_NOT_FOUND);
  }

  private async findOrFail(em: ReturnType<Orm['em']['fork']>, id: number): Promise<PublicStrategy> {
    const strategy = isStorableId(id) ? await em.findOne(PublicStrategy, { id }) : null;
    if (!strategy) throw new AppError('NOT_FOUND', STRATEGY_NOT_FOUND);
    return strategy;
  }
}
