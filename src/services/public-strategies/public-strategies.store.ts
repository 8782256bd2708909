import type { Orm } from '../../db/orm';
import { PublicStrategy } from '../../entities/public-strategy.entity';

/** The editable text columns of a public strategy record. */
export interface PublicStrategyText {
  author: string;
  description: string;
  entryCondition: string;
  exitCondition: string;
  botName: string;
}

/** Every query of the `public_strategies` table. */
export class PublicStrategiesStore {
  constructor(private readonly orm: Orm) {}

  list(): Promise<PublicStrategy[]> {
    return this.orm.em.fork().find(PublicStrategy, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }

  find(id: number): Promise<PublicStrategy | null> {
    return this.orm.em.fork().findOne(PublicStrategy, { id });
  }

  async insert(fields: { name: string } & PublicStrategyText): Promise<PublicStrategy> {
    const em = this.orm.em.fork();
    const now = new Date();
    const strategy = em.create(PublicStrategy, { ...fields, createdAt: now, updatedAt: now });
    await em.flush();
    return strategy;
  }

  /** Sets the given columns and `updatedAt`; null when no such record exists. */
  async update(id: number, changes: Partial<PublicStrategyText>): Promise<PublicStrategy | null> {
    const em = this.orm.em.fork();
    const strategy = await em.findOne(PublicStrategy, { id });
    if (!strategy) return null;
    em.assign(strategy, { ...changes, updatedAt: new Date() });
    await em.flush();
    return strategy;
  }

  /** True when a record was deleted. */
  async delete(id: number): Promise<boolean> {
    return (await this.orm.em.fork().nativeDelete(PublicStrategy, { id })) > 0;
  }
}
