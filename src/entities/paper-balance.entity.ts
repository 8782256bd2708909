import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A user's paper (dry-run) balance of one asset, set by `set-paper-balance`. */
@Entity({ tableName: 'paper_balances' })
export class PaperBalance {
  @PrimaryKey({ type: 'integer', fieldName: 'user_id', autoincrement: false })
  userId!: number;

  @PrimaryKey({ type: 'text' })
  asset!: string;

  @Property({ type: 'decimal', columnType: 'numeric' })
  amount!: string;

  @Property({ type: 'datetime', columnType: 'timestamp(3)', fieldName: 'updated_at', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt!: Date;
}
