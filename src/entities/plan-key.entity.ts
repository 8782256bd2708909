import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A `pk_` data key; only its SHA-256 is kept, as the server never needs the key back. */
@Entity({ tableName: 'plan_keys' })
export class PlanKey {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'user_id' })
  userId!: number;

  @Property({ type: 'text', fieldName: 'key_hash', unique: true })
  keyHash!: string;

  @Property({ type: 'datetime', columnType: 'timestamp(3)', fieldName: 'created_at', onCreate: () => new Date() })
  createdAt!: Date;
}
