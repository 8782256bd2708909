import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** The exchange trading key a user registered (at most one); the secret is AES-256-GCM encrypted. */
@Entity({ tableName: 'exchange_keys' })
export class ExchangeKey {
  @PrimaryKey({ type: 'integer', fieldName: 'user_id', autoincrement: false })
  userId!: number;

  @Property({ type: 'text', fieldName: 'api_key' })
  apiKey!: string;

  @Property({ type: 'text', fieldName: 'secret_encrypted' })
  secretEncrypted!: string;

  @Property({ type: 'text', fieldName: 'verification_status' })
  verificationStatus!: string;

  @Property({ type: 'datetime', columnType: 'timestamp(3)', fieldName: 'last_verified' })
  lastVerified!: Date;

  @Property({ type: 'boolean', fieldName: 'is_active' })
  isActive = true;

  @Property({ type: 'datetime', columnType: 'timestamp(3)', fieldName: 'created_at', onCreate: () => new Date() })
  createdAt!: Date;
}
