import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requireCaller, requireUserCaller } from '../auth/caller';
import type { GraphQLContext } from '../schema/context';
import {
  ApiKeyType,
  CreateApiKeyInput,
  CreatedApiKeyType,
  ExchangeKeyStatusType,
  IdentityProvider,
  RegisterExchangeKeyInput,
  SignInPayloadType,
  UserType,
} from '../schema/identity.types';
import type { ApiKeyRecord } from '../services/identity/api-keys.service';
import type { KeyStatus } from '../services/identity/exchange-keys.service';
import type { UserRecord } from '../services/identity/users.service';

function toUser(user: UserRecord): UserType {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    providerAId: user.provider_a_id,
    providerBId: user.provider_b_id,
    isVip: user.is_vip,
    vipExpiresAt: user.vip_expires_at,
    createdAt: user.created_at,
    updatedAt: user.updated_at,
  };
}

function toApiKey(key: ApiKeyRecord): ApiKeyType {
  return { apiKey: key.api_key, label: key.label, scopes: key.scopes, createdAt: key.created_at };
}

function toKeyStatus(status: KeyStatus): ExchangeKeyStatusType {
  return {
    success: status.success,
    message: status.message,
    email: status.email,
    hasApiKey: status.has_api_key,
    verificationStatus: status.verification_status,
    lastVerified: status.last_verified,
    createdAt: status.created_at,
    isActive: status.is_active,
  };
}

/** Sign-in, the signed-in user, service API keys and the exchange key: the same services as the REST edge. */
@Resolver()
export class IdentityResolver {
  @Mutation(() => SignInPayloadType, { description: 'Exchanges an identity-provider token for an app token.' })
  async signIn(
    @Arg('provider', () => IdentityProvider) provider: IdentityProvider,
    @Arg('token', () => String) token: string,
    @Ctx() { services }: GraphQLContext,
  ): Promise<SignInPayloadType> {
    const result = await services.users.signInWithToken(provider, token);
    return { accessToken: result.access_token, user: toUser(result.user) };
  }

  @Query(() => UserType, { description: 'The calling user (Bearer token or signed headers).' })
  async me(@Ctx() { services, caller }: GraphQLContext): Promise<UserType> {
    return toUser(await services.users.get(requireCaller(caller).userId));
  }

  @Query(() => [ApiKeyType], { description: "The user's active service API keys (app token only)." })
  async apiKeys(@Ctx() { services, caller }: GraphQLContext): Promise<ApiKeyType[]> {
    return (await services.apiKeys.list(requireUserCaller(caller).userId)).map(toApiKey);
  }

  @Mutation(() => CreatedApiKeyType, { description: 'The secret is shown only in this answer (app token only).' })
  async createApiKey(
    @Arg('input', () => CreateApiKeyInput, { nullable: true }) input: CreateApiKeyInput | undefined,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<CreatedApiKeyType> {
    const created = await services.apiKeys.create(requireUserCaller(caller).userId, { label: input?.label, scopes: input?.scopes });
    return { apiKey: created.api_key, apiSecret: created.api_secret, scopes: created.scopes, createdAt: created.created_at };
  }

  @Mutation(() => Boolean, { description: 'Revokes a key at once (app token only); NOT_FOUND for a key the user does not have.' })
  async revokeApiKey(@Arg('apiKey', () => String) apiKey: string, @Ctx() { services, caller }: GraphQLContext): Promise<boolean> {
    await services.apiKeys.revoke(requireUserCaller(caller).userId, apiKey);
    return true;
  }

  @Mutation(() => ExchangeKeyStatusType, { description: 'Verifies the exchange key with a signed account call, then stores it encrypted (app token only).' })
  async registerExchangeKey(
    @Arg('input', () => RegisterExchangeKeyInput) input: RegisterExchangeKeyInput,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<ExchangeKeyStatusType> {
    const userId = requireUserCaller(caller).userId;
    return toKeyStatus(await services.exchangeKeys.register(userId, { api_key: input.apiKey, api_secret: input.apiSecret }));
  }

  @Mutation(() => ExchangeKeyStatusType, { description: 'Removes the registered exchange key (app token only).' })
  async deleteExchangeKey(@Ctx() { services, caller }: GraphQLContext): Promise<ExchangeKeyStatusType> {
    return toKeyStatus(await services.exchangeKeys.remove(requireUserCaller(caller).userId));
  }

  @Query(() => ExchangeKeyStatusType, { description: 'Spec "Registered-key status", as GET /api-key/status/{email}.' })
  async exchangeKeyStatus(@Arg('email', () => String) email: string, @Ctx() { services }: GraphQLContext): Promise<ExchangeKeyStatusType> {
    return toKeyStatus(await services.exchangeKeys.status(email));
  }
}
