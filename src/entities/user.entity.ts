import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

export type PlanLevel = 'basic' | 'standard' | 'pro';

/** A person who signed in (or was named by an operator command); one row per person across both identity providers. */
@Entity({ tableName: 'users' })
export class User {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text', unique: true })
  email!: string;

  @Property({ type: 'text' })
  name = '';

  @Property({ type: 'text', fieldName: 'provider_a_id', nullable: true })
  providerAId: string | null = null;

  @Property({ type: 'text', fieldName: 'provider_b_id', nullable: true })
  providerBId: string | null = null;

  @Property({ type: 'text', nullable: true })
  plan: PlanLevel | null = null;

  @Property({ type: 'datetime', columnType: 'timestamp(3)', fieldName: 'plan_expires_at', nullable: true })
  planExpiresAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamp(3)', fieldName: 'created_at', onCreate: () => new Date() })
  createdAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamp(3)', fieldName: 'updated_at', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt!: Date;
}
