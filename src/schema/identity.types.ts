import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { ApiKeyRecord, CreatedApiKey, SignedAccount } from '../services/identity/api-keys.service';
import type { KeyStatus } from '../services/identity/exchange-keys.service';
import type { SignInResult, UserRecord } from '../services/identity/users.service';

/*
 * These object types are declared over the identity services' wire records
 * (the REST shapes, snake_case) with camelCase GraphQL names, so the resolver
 * returns the records themselves.
 */

export enum IdentityProvider {
  A = 'a',
  B = 'b',
}
registerEnumType(IdentityProvider, { name: 'IdentityProvider', description: 'A: the first identity provider, B: the second.' });

@ObjectType('User', { description: 'Spec "User". Timestamps are UTC without zone, as on the REST edge.' })
export class UserType implements UserRecord {
  @Field(() => Int) id!: number;
  @Field(() => String) email!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { name: 'providerAId', nullable: true }) provider_a_id!: string | null;
  @Field(() => String, { name: 'providerBId', nullable: true }) provider_b_id!: string | null;
  @Field(() => Boolean, { name: 'isVip', description: 'True while the user has an active plan.' }) is_vip!: boolean;
  @Field(() => String, { name: 'vipExpiresAt', nullable: true }) vip_expires_at!: string | null;
  @Field(() => String, { name: 'createdAt' }) created_at!: string;
  @Field(() => String, { name: 'updatedAt' }) updated_at!: string;
}

@ObjectType('SignInPayload')
export class SignInPayloadType implements SignInResult {
  @Field(() => String, { name: 'accessToken', description: 'HS256 app token for `Authorization: Bearer`.' }) access_token!: string;
  @Field(() => UserType) user!: UserType;
}

@ObjectType('ApiKey', { description: 'A service API key of the signed API; the secret is never shown again after creation.' })
export class ApiKeyType implements ApiKeyRecord {
  @Field(() => String, { name: 'apiKey' }) api_key!: string;
  @Field(() => String) label!: string;
  @Field(() => [String]) scopes!: string[];
  @Field(() => String, { name: 'createdAt', description: 'ISO 8601 UTC.' }) created_at!: string;
}

@ObjectType('CreatedApiKey', { description: 'Returned once: store the secret now.' })
export class CreatedApiKeyType implements CreatedApiKey {
  @Field(() => String, { name: 'apiKey' }) api_key!: string;
  @Field(() => String, { name: 'apiSecret' }) api_secret!: string;
  @Field(() => [String]) scopes!: string[];
  @Field(() => String, { name: 'createdAt' }) created_at!: string;
}

@ObjectType('SignedAccount', { description: 'The signing API key itself (REST GET /v1/account); signed callers only.' })
export class SignedAccountType implements SignedAccount {
  @Field(() => Int, { name: 'userId' }) user_id!: number;
  @Field(() => String, { name: 'apiKey' }) api_key!: string;
  @Field(() => String) label!: string;
  @Field(() => [String]) scopes!: string[];
}

@InputType()
export class CreateApiKeyInput {
  @Field(() => String, { nullable: true, description: 'At most 100 characters.' })
  label?: string | null;

  @Field(() => [String], { nullable: true, description: 'Known scopes: webhooks:write.' })
  scopes?: string[] | null;
}

@InputType()
export class RegisterExchangeKeyInput {
  @Field(() => String)
  apiKey!: string;

  @Field(() => String)
  apiSecret!: string;
}

@InputType({ description: 'The fields of POST /api-key/verify.' })
export class VerifyExchangeKeyInput {
  @Field(() => String)
  email!: string;
}

@ObjectType('ExchangeKeyStatus', { description: 'Spec "Registered-key status"; the last four fields only when a key is registered.' })
export class ExchangeKeyStatusType implements KeyStatus {
  @Field(() => Boolean) success!: boolean;
  @Field(() => String) message!: string;
  @Field(() => String) email!: string;
  @Field(() => Boolean, { name: 'hasApiKey' }) has_api_key!: boolean;
  @Field(() => String, { name: 'verificationStatus', nullable: true }) verification_status?: string;
  @Field(() => String, { name: 'lastVerified', nullable: true }) last_verified?: string;
  @Field(() => String, { name: 'createdAt', nullable: true }) created_at?: string;
  @Field(() => Boolean, { name: 'isActive', nullable: true }) is_active?: boolean;
}
