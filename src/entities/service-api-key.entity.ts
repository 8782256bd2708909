import { ArrayType, Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A key of the signed `/v1` API. The server must recompute HMACs, so the secret is encrypted, not hashed. */
@Entity({ tableName: 'service_api_keys' })
export class ServiceApiKey {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'user_id' })
  userId!: number;

  @Property({ type: 'text', fieldName: 'api_key', unique: true })
  apiKey!: string;

  @Property({ type: 'text', fieldName: 'secret_encrypted' })
  secretEncrypted!: string;

  @Property({ type: 'text' })
  label = '';

  @Property({ type: ArrayType, columnType: 'text[]' })
  scopes: string[] = [];

  @Property({ type: 'datetime', columnType: 'timestamp(3)', fieldName: 'created_at', onCreate: () => new Date() })
  createdAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamp(3)', fieldName: 'revoked_at', nullable: true })
  revokedAt: Date | null = null;
}
