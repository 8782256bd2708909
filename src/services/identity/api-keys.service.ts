import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { SigningKey, SigningKeyLookup } from '../../auth/authenticator';
import { SCOPES, type Caller } from '../../auth/caller';
import type { SecretBox } from '../../crypto/secret-box';
import type { ServiceApiKey } from '../../entities/service-api-key.entity';
import { AppError } from '../../errors/app-error';
import { parseOrReject } from '../../errors/validation';
import type { IdentityStore } from './identity.store';

export interface ApiKeyRecord {
  api_key: string;
  label: string;
  scopes: string[];
  created_at: string;
}

/** Returned once, at creation: the only time the secret leaves the server. */
export interface CreatedApiKey {
  api_key: string;
  api_secret: string;
  scopes: string[];
  created_at: string;
}

/** What a signed caller may learn about its own key (`GET /v1/account`). */
export interface SignedAccount {
  user_id: number;
  api_key: string;
  label: string;
  scopes: string[];
}

export const createSchema = z.object({
  label: z.string().max(100).nullish(),
  scopes: z.array(z.enum(SCOPES)).nullish(),
});

/** The secret is bound to its key as AAD, so a ciphertext moved to another row does not decrypt. */
function secretContext(apiKey: string): string {
  return `service_api_keys:${apiKey}`;
}

function toRecord(key: ServiceApiKey): ApiKeyRecord {
  return { api_key: key.apiKey, label: key.label, scopes: key.scopes, created_at: key.createdAt.toISOString() };
}

/** Service API keys of the signed `/v1` API (contract §5, §6). */
export class ApiKeysService implements SigningKeyLookup {
  constructor(
    private readonly store: IdentityStore,
    private readonly secrets: SecretBox,
  ) {}

  async create(userId: number, input: unknown): Promise<CreatedApiKey> {
    const fields = parseOrReject(createSchema, input ?? {});
    const apiKey = `ak_${randomBytes(16).toString('hex')}`;
    const apiSecret = randomBytes(32).toString('hex');
    const scopes = [...new Set(fields.scopes ?? [])];
    const key = await this.store.insertApiKey({
      userId,
      apiKey,
      secretEncrypted: this.secrets.seal(apiSecret, secretContext(apiKey)),
      label: fields.label ?? '',
      scopes,
    });
    return { api_key: apiKey, api_secret: apiSecret, scopes, created_at: key.createdAt.toISOString() };
  }

  async list(userId: number): Promise<ApiKeyRecord[]> {
    return (await this.store.activeApiKeys(userId)).map(toRecord);
  }

  /** Revoked keys stop signing at once; what they own stays with the user. Another user's key is "not found". */
  async revoke(userId: number, apiKey: string): Promise<void> {
    if (!(await this.store.revokeApiKey(userId, apiKey))) throw new AppError('NOT_FOUND', 'API key not found');
  }

  async findSigningKey(apiKey: string): Promise<SigningKey | null> {
    const key = await this.store.findActiveApiKey(apiKey);
    if (!key) return null;
    return { id: key.id, userId: key.userId, scopes: key.scopes, secret: this.secrets.open(key.secretEncrypted, secretContext(key.apiKey)) };
  }

  async describe(caller: Caller): Promise<SignedAccount> {
    const key = caller.apiKeyId === null ? null : await this.store.findApiKeyById(caller.apiKeyId);
    if (!key) throw new AppError('NOT_FOUND', 'API key not found');
    return { user_id: caller.userId, api_key: key.apiKey, label: key.label, scopes: key.scopes };
  }
}
