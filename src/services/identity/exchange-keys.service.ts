import { z } from 'zod';
import type { SecretBox } from '../../crypto/secret-box';
import type { ExchangeKey } from '../../entities/exchange-key.entity';
import { AppError } from '../../errors/app-error';
import { parseOrReject } from '../../errors/validation';
import type { ExchangeCredentials, ExchangeTradingClient } from '../../upstream/exchange-trading-client';
import { naiveUtc } from '../timestamps';
import type { IdentityStore } from './identity.store';

/** Spec "Registered-key status"; the last four fields only when a key is registered. */
export interface KeyStatus {
  success: boolean;
  message: string;
  email: string;
  has_api_key: boolean;
  verification_status?: string;
  last_verified?: string;
  created_at?: string;
  is_active?: boolean;
}

export interface KeyCheck {
  success: boolean;
  message: string;
  email: string;
  has_api_key: boolean;
}

export const registerSchema = z.object({ api_key: z.string().min(1).max(200), api_secret: z.string().min(1).max(200) });
export const emailSchema = z.object({ email: z.string().min(1) });

const USER_NOT_FOUND = 'User not found';
const NO_KEY = 'No API key registered';

function secretContext(userId: number): string {
  return `exchange_keys:${userId}`;
}

/** The exchange trading key a user registers (contract §5); checked with a signed call before it is stored. */
export class ExchangeKeysService {
  constructor(
    private readonly store: IdentityStore,
    private readonly secrets: SecretBox,
    private readonly exchange: ExchangeTradingClient,
  ) {}

  async register(userId: number, input: unknown): Promise<KeyCheck> {
    const { api_key: apiKey, api_secret: apiSecret } = parseOrReject(registerSchema, input);
    const check = await this.exchange.checkAccount({ apiKey, apiSecret });
    if (check === 'rejected') throw new AppError('INVALID_PARAMETER', 'the exchange rejected the API key');
    if (check === 'unavailable') throw new AppError('UPSTREAM_FAILED', 'upstream request failed');
    const email = await this.emailOf(userId);
    await this.store.upsertVerifiedExchangeKey({ userId, apiKey, secretEncrypted: this.secrets.seal(apiSecret, secretContext(userId)) });
    return { success: true, message: 'API key registered', email, has_api_key: true };
  }

  async remove(userId: number): Promise<KeyCheck> {
    const email = await this.emailOf(userId);
    if (!(await this.store.deleteExchangeKey(userId))) throw new AppError('NOT_FOUND', NO_KEY);
    return { success: true, message: 'API key deleted', email, has_api_key: false };
  }

  /** `POST /api-key/verify`: re-checks the registered key with the exchange and records the outcome. */
  async verify(input: unknown): Promise<KeyCheck> {
    const { email } = parseOrReject(emailSchema, input);
    const found = await this.findKey(email);
    if (!('key' in found)) return found.answer;
    const check = await this.exchange.checkAccount(this.decrypt(found.key));
    if (check === 'unavailable') return { success: false, message: 'exchange unavailable, try again later', email: found.email, has_api_key: true };
    await this.store.recordExchangeKeyCheck(found.key.userId, check === 'accepted');
    return check === 'accepted'
      ? { success: true, message: 'API key verified', email: found.email, has_api_key: true }
      : { success: false, message: 'the exchange rejected the API key', email: found.email, has_api_key: true };
  }

  async status(email: string): Promise<KeyStatus> {
    const found = await this.findKey(email);
    if (!('key' in found)) return found.answer;
    return {
      success: true,
      message: 'API key registered',
      email: found.email,
      has_api_key: true,
      verification_status: found.key.verificationStatus,
      last_verified: naiveUtc(found.key.lastVerified),
      created_at: naiveUtc(found.key.createdAt),
      is_active: found.key.isActive,
    };
  }

  /** The decrypted exchange credentials of a user, for features that trade with them; null when none are registered. */
  async credentialsFor(userId: number): Promise<ExchangeCredentials | null> {
    const key = await this.store.findActiveExchangeKey(userId);
    return key ? this.decrypt(key) : null;
  }

  private decrypt(key: ExchangeKey): ExchangeCredentials {
    return { apiKey: key.apiKey, apiSecret: this.secrets.open(key.secretEncrypted, secretContext(key.userId)) };
  }

  /** Callers are authenticated users, so their row exists; a user deleted meanwhile is an unauthenticated caller. */
  private async emailOf(userId: number): Promise<string> {
    const user = await this.store.findUser(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'user no longer exists');
    return user.email;
  }

  private async findKey(email: string): Promise<{ key: ExchangeKey; email: string } | { answer: KeyCheck }> {
    const user = await this.store.findUserByEmail(email);
    if (!user) return { answer: { success: false, message: USER_NOT_FOUND, email, has_api_key: false } };
    const key = await this.store.findExchangeKey(user.id);
    if (!key) return { answer: { success: false, message: NO_KEY, email, has_api_key: false } };
    return { key, email: user.email };
  }
}
