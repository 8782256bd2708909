import type { Orm } from '../../db/orm';
import { ExchangeKey } from '../../entities/exchange-key.entity';
import { ServiceApiKey } from '../../entities/service-api-key.entity';
import { User, type PlanLevel } from '../../entities/user.entity';

/** What sign-in learned about a person: the provider's column and subject, the e-mail, and a display name when given. */
export interface IdentityLink {
  column: 'providerAId' | 'providerBId';
  subject: string;
  email: string;
  name?: string;
}

/** What an exchange key row is stored with. */
export interface ExchangeKeyFields {
  userId: number;
  apiKey: string;
  secretEncrypted: string;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Every query of the identity tables: `users`, `service_api_keys` and `exchange_keys`. */
export class IdentityStore {
  constructor(private readonly orm: Orm) {}

  findUser(id: number): Promise<User | null> {
    return this.orm.em.fork().findOne(User, { id });
  }

  findUserByEmail(email: string): Promise<User | null> {
    return this.orm.em.fork().findOne(User, { email: normaliseEmail(email) });
  }

  /** The user with this e-mail, created (with no name and no plan) when there is none. */
  async findOrCreateUser(email: string): Promise<User> {
    const em = this.orm.em.fork();
    const address = normaliseEmail(email);
    const existing = await em.findOne(User, { email: address });
    if (existing) return existing;
    const user = em.create(User, { email: address, name: '', createdAt: new Date(), updatedAt: new Date() });
    await em.flush();
    return user;
  }

  /** Provider id first, then e-mail: one person signing in with both providers is one user. */
  async linkUser(link: IdentityLink): Promise<User> {
    const em = this.orm.em.fork();
    const address = normaliseEmail(link.email);
    const user =
      (await em.findOne(User, { [link.column]: link.subject })) ??
      (await em.findOne(User, { email: address })) ??
      em.create(User, { email: address, name: '', createdAt: new Date(), updatedAt: new Date() });
    user[link.column] = link.subject;
    if (!user.name && link.name) user.name = link.name;
    await em.flush();
    return user;
  }

  /** Sets the user's plan (creating the user when none has this e-mail). */
  async setPlan(email: string, plan: PlanLevel, expiresAt: Date): Promise<User> {
    const em = this.orm.em.fork();
    const address = normaliseEmail(email);
    const user = (await em.findOne(User, { email: address })) ?? em.create(User, { email: address, name: '', createdAt: new Date(), updatedAt: new Date() });
    user.plan = plan;
    user.planExpiresAt = expiresAt;
    await em.flush();
    return user;
  }

  async insertApiKey(fields: { userId: number; apiKey: string; secretEncrypted: string; label: string; scopes: string[] }): Promise<ServiceApiKey> {
    const em = this.orm.em.fork();
    const key = em.create(ServiceApiKey, { ...fields, createdAt: new Date() });
    await em.flush();
    return key;
  }

  activeApiKeys(userId: number): Promise<ServiceApiKey[]> {
    return this.orm.em.fork().find(ServiceApiKey, { userId, revokedAt: null }, { orderBy: { id: 'asc' } });
  }

  findActiveApiKey(apiKey: string): Promise<ServiceApiKey | null> {
    return this.orm.em.fork().findOne(ServiceApiKey, { apiKey, revokedAt: null });
  }

  findApiKeyById(id: number): Promise<ServiceApiKey | null> {
    return this.orm.em.fork().findOne(ServiceApiKey, { id });
  }

  /** True when the user's active key was revoked now. */
  async revokeApiKey(userId: number, apiKey: string): Promise<boolean> {
    return (await this.orm.em.fork().nativeUpdate(ServiceApiKey, { userId, apiKey, revokedAt: null }, { revokedAt: new Date() })) > 0;
  }

  /** Stores the user's one exchange key as verified now, replacing an earlier one. */
  async upsertVerifiedExchangeKey(fields: ExchangeKeyFields): Promise<void> {
    const now = new Date();
    await this.orm.em.fork().upsert(ExchangeKey, { ...fields, verificationStatus: 'verified', lastVerified: now, isActive: true, createdAt: now });
  }

  /** True when the user had a key to delete. */
  async deleteExchangeKey(userId: number): Promise<boolean> {
    return (await this.orm.em.fork().nativeDelete(ExchangeKey, { userId })) > 0;
  }

  findExchangeKey(userId: number): Promise<ExchangeKey | null> {
    return this.orm.em.fork().findOne(ExchangeKey, { userId });
  }

  findActiveExchangeKey(userId: number): Promise<ExchangeKey | null> {
    return this.orm.em.fork().findOne(ExchangeKey, { userId, isActive: true });
  }

  async recordExchangeKeyCheck(userId: number, verified: boolean): Promise<void> {
    await this.orm.em.fork().nativeUpdate(ExchangeKey, { userId }, { verificationStatus: verified ? 'verified' : 'failed', lastVerified: new Date() });
  }
}
