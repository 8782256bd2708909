import { z } from 'zod';
import type { AppTokens } from '../../auth/app-tokens';
import type { IdentityProviders, ProviderName, VerifiedIdentity } from '../../auth/identity-providers';
import type { Orm } from '../../db/orm';
import { User } from '../../entities/user.entity';
import { AppError } from '../../errors/app-error';
import { parseOrReject } from '../../errors/validation';
import { naiveUtc } from '../timestamps';

/** Spec "User (returned at sign-in)". */
export interface UserRecord {
  id: number;
  email: string;
  name: string;
  provider_a_id: string | null;
  provider_b_id: string | null;
  is_vip: boolean;
  vip_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SignInResult {
  access_token: string;
  user: UserRecord;
}

/** Provider A sends `id_token`, provider B `identity_token` (spec "Sign-in and key lookup"). */
const TOKEN_FIELD: Record<ProviderName, 'id_token' | 'identity_token'> = { a: 'id_token', b: 'identity_token' };

/** The sign-in body of a provider: its one token field. */
export function signInSchema(provider: ProviderName) {
  return z.object({ [TOKEN_FIELD[provider]]: z.string().min(1) });
}

const PROVIDER_COLUMN = { a: 'providerAId', b: 'providerBId' } as const;

export function hasActivePlan(user: User, now = new Date()): boolean {
  return user.plan !== null && user.planExpiresAt !== null && user.planExpiresAt > now;
}

/** `is_vip` is "has an active plan", `vip_expires_at` that plan's end. */
export function toUserRecord(user: User): UserRecord {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    provider_a_id: user.providerAId,
    provider_b_id: user.providerBId,
    is_vip: hasActivePlan(user),
    vip_expires_at: user.planExpiresAt ? naiveUtc(user.planExpiresAt) : null,
    created_at: naiveUtc(user.createdAt),
    updated_at: naiveUtc(user.updatedAt),
  };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The fields of a user known only by e-mail (first sign-in, or named by an operator command). */
export function newUserData(email: string) {
  return { email: normaliseEmail(email), name: '', createdAt: new Date(), updatedAt: new Date() };
}

export class UsersService {
  constructor(
    private readonly orm: Orm,
    private readonly providers: IdentityProviders,
    private readonly appTokens: AppTokens,
  ) {}

  async signIn(provider: ProviderName, input: unknown): Promise<SignInResult> {
    const field = TOKEN_FIELD[provider];
    const body = parseOrReject(signInSchema(provider), input) as Record<typeof field, string>;
    return this.signInWithToken(provider, body[field]);
  }

  async signInWithToken(provider: ProviderName, token: string): Promise<SignInResult> {
    const identity = await this.providers.verify(provider, token);
    const user = await this.link(identity);
    return { access_token: await this.appTokens.issue({ userId: user.id, email: user.email }), user: toUserRecord(user) };
  }

  async get(userId: number): Promise<UserRecord> {
    const user = await this.orm.em.fork().findOne(User, { id: userId });
    if (!user) throw new AppError('UNAUTHENTICATED', 'user no longer exists');
    return toUserRecord(user);
  }

  async findByEmail(email: string): Promise<User | null> {
    return this.orm.em.fork().findOne(User, { email: normaliseEmail(email) });
  }

  /** For operator commands, which name users by e-mail before they ever sign in. */
  /** Offline development sign-in (admin `create-app-token`): the app token a provider sign-in would give, without a provider. */
  async developmentSignIn(email: string): Promise<SignInResult> {
    const user = await this.findOrCreateByEmail(email);
    return { access_token: await this.appTokens.issue({ userId: user.id, email: user.email }), user: toUserRecord(user) };
  }

  async findOrCreateByEmail(email: string): Promise<User> {
    const em = this.orm.em.fork();
    const address = normaliseEmail(email);
    const existing = await em.findOne(User, { email: address });
    if (existing) return existing;
    const user = em.create(User, newUserData(address));
    await em.flush();
    return user;
  }

  /** Provider id first, then e-mail: one person signing in with both providers is one user. */
  private async link(identity: VerifiedIdentity): Promise<User> {
    const em = this.orm.em.fork();
    const column = PROVIDER_COLUMN[identity.provider];
    const user =
      (await em.findOne(User, { [column]: identity.subject })) ??
      (await em.findOne(User, { email: identity.email })) ??
      em.create(User, newUserData(identity.email));
    user[column] = identity.subject;
    if (!user.name && identity.name) user.name = identity.name;
    await em.flush();
    return user;
  }
}
