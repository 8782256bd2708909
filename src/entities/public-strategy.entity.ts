import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A public strategy record (spec "Public strategy record"); timestamps are stored and shown without a zone, in UTC. */
@Entity({ tableName: 'public_strategies' })
export class PublicStrategy {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 200 })
  name!: string;

  @Property({ type: 'text' })
  author = '';

  @Property({ type: 'text' })
  description = '';

  @Property({ type: 'text', fieldName: 'entry_condition' })
  entryCondition = '';

  @Property({ type: 'text', fieldName: 'exit_condition' })
  exitCondition = '';

  @Property({ type: 'text', fieldName: 'bot_name' })
  botName = '';

  @Property({ type: 'datetime', columnType: 'timestamp(3)', fieldName: 'created_at', onCreate: () => new Date() })
  createdAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamp(3)', fieldName: 'updated_at', onCreate: () => new Date() })
  updatedAt!: Date;
}
