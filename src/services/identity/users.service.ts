import { z } from 'zod';
import type { AppTokens } from '../../auth/app-tokens';
import type { IdentityProviders, ProviderName } from '../../auth/identity-providers';
import type { PlanLevel, User } from '../../entities/user.entity';
import { AppError } from '../../errors/app-error';
import { parseOrReject } from '../../errors/validation';
import { naiveUtc } from '../timestamps';
import type { IdentityStore } from './identity.store';

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

/** The identity token of a REST sign-in body (`{"id_token": ...}` or `{"identity_token": ...}`); 422 when it is missing. */
export function signInToken(provider: ProviderName, body: unknown): string {
  return (parseOrReject(signInSchema(provider), body) as Record<string, string>)[TOKEN_FIELD[provider]] as string;
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

export class UsersService {
  constructor(
    private readonly store: IdentityStore,
    private readonly providers: IdentityProviders,
    private readonly appTokens: AppTokens,
  ) {}

  async signIn(provider: ProviderName, token: string): Promise<SignInResult> {
    const identity = await this.providers.verify(provider, token);
    const user = await this.store.linkUser({
      column: PROVIDER_COLUMN[identity.provider],
      subject: identity.subject,
      email: identity.email,
      name: identity.name,
    });
    return { access_token: await this.appTokens.issue({ userId: user.id, email: user.email }), user: toUserRecord(user) };
  }

  async get(userId: number): Promise<UserRecord> {
    const user = await this.store.findUser(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'user no longer exists');
    return toUserRecord(user);
  }

  /** The user's plan while it is active, else null. */
  async activePlan(userId: number): Promise<PlanLevel | null> {
    const user = await this.store.findUser(userId);
    return user && hasActivePlan(user) ? user.plan : null;
  }

  /** Sets the user's plan to end at `expiresAt`, creating the user when the e-mail is new; returns the user id. */
  async setPlan(email: string, plan: PlanLevel, expiresAt: Date): Promise<number> {
    return (await this.store.setPlan(email, plan, expiresAt)).id;
  }

  findByEmail(email: string): Promise<User | null> {
    return this.store.findUserByEmail(email);
  }

  /** For operator commands, which name users by e-mail before they ever sign in. */
  findOrCreateByEmail(email: string): Promise<User> {
    return this.store.findOrCreateUser(email);
  }

  /** Offline development sign-in (admin `create-app-token`): the app token a provider sign-in would give, without a provider. */
  async developmentSignIn(email: string): Promise<SignInResult> {
    const user = await this.findOrCreateByEmail(email);
    return { access_token: await this.appTokens.issue({ userId: user.id, email: user.email }), user: toUserRecord(user) };
  }
}
