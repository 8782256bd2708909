import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requireCaller, requireUserCaller } from '../auth/caller';
import { Operation } from '../operations/operation';
import { wireInput } from '../operations/wire-input';
import type { GraphQLContext } from '../schema/context';
import {
  ApiKeyType,
  CreateApiKeyInput,
  CreatedApiKeyType,
  ExchangeKeyStatusType,
  IdentityProvider,
  RegisterExchangeKeyInput,
  SignedAccountType,
  SignInPayloadType,
  UserType,
  VerifyExchangeKeyInput,
} from '../schema/identity.types';
import type { ApiKeyRecord, CreatedApiKey, SignedAccount } from '../services/identity/api-keys.service';
import type { KeyCheck, KeyStatus } from '../services/identity/exchange-keys.service';
import type { SignInResult, UserRecord } from '../services/identity/users.service';

/**
 * Sign-in, the calling user, service API keys and the exchange key (spec
 * "Sign-in and key lookup", contract §5, §6): the one entry point of each
 * operation, for GraphQL and the REST paths. Account management needs the
 * user's app token, not one of their API keys.
 */
@Resolver()
export class IdentityResolver {
  @Operation({ weight: 1 })
  @Mutation(() => SignInPayloadType, { description: 'Exchanges an identity-provider token for an app token.' })
  signIn(
    @Arg('provider', () => IdentityProvider) provider: IdentityProvider,
    @Arg('token', () => String) token: string,
    @Ctx() { services }: GraphQLContext,
  ): Promise<SignInResult> {
    return services.users.signIn(provider, token);
  }

  @Operation({ weight: 1 })
  @Query(() => UserType, { description: 'The calling user (Bearer token or signed headers).' })
  me(@Ctx() { services, caller }: GraphQLContext): Promise<UserRecord> {
    return services.users.get(requireCaller(caller).userId);
  }

  @Operation({ weight: 1 })
  @Query(() => SignedAccountType, { description: 'The signing API key (REST GET /v1/account): lets a client check its signing. NOT_FOUND for an app token.' })
  account(@Ctx() { services, caller }: GraphQLContext): Promise<SignedAccount> {
    return services.apiKeys.describe(requireCaller(caller));
  }

  @Operation({ weight: 1 })
  @Query(() => [ApiKeyType], { description: "The user's active service API keys (app token only)." })
  apiKeys(@Ctx() { services, caller }: GraphQLContext): Promise<ApiKeyRecord[]> {
    return services.apiKeys.list(requireUserCaller(caller).userId);
  }

  @Operation({ weight: 1 })
  @Mutation(() => CreatedApiKeyType, { description: 'The secret is shown only in this answer (app token only).' })
  createApiKey(
    @Arg('input', () => CreateApiKeyInput, { nullable: true }) input: CreateApiKeyInput | undefined,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<CreatedApiKey> {
    return services.apiKeys.create(requireUserCaller(caller).userId, wireInput(input));
  }

  @Operation({ weight: 1 })
  @Mutation(() => Boolean, { description: 'Revokes a key at once (app token only); NOT_FOUND for a key the user does not have.' })
  async revokeApiKey(@Arg('apiKey', () => String) apiKey: string, @Ctx() { services, caller }: GraphQLContext): Promise<boolean> {
    await services.apiKeys.revoke(requireUserCaller(caller).userId, apiKey);
    return true;
  }

  @Operation({ weight: 1 })
  @Mutation(() => ExchangeKeyStatusType, { description: 'Verifies the exchange key with a signed account call, then stores it encrypted (app token only).' })
  registerExchangeKey(
    @Arg('input', () => RegisterExchangeKeyInput) input: RegisterExchangeKeyInput,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<KeyCheck> {
    return services.exchangeKeys.register(requireUserCaller(caller).userId, wireInput(input));
  }

  @Operation({ weight: 1 })
  @Mutation(() => ExchangeKeyStatusType, { description: 'Removes the registered exchange key (app token only).' })
  deleteExchangeKey(@Ctx() { services, caller }: GraphQLContext): Promise<KeyCheck> {
    return services.exchangeKeys.remove(requireUserCaller(caller).userId);
  }

  @Operation({ weight: 1 })
  @Mutation(() => ExchangeKeyStatusType, {
    description: 'Re-checks the registered key of the user with this e-mail with the exchange, as POST /api-key/verify.',
  })
  verifyExchangeKey(@Arg('input', () => VerifyExchangeKeyInput) input: VerifyExchangeKeyInput, @Ctx() { services }: GraphQLContext): Promise<KeyCheck> {
    return services.exchangeKeys.verify(input);
  }

  @Operation({ weight: 1 })
  @Query(() => ExchangeKeyStatusType, { description: 'Spec "Registered-key status", as GET /api-key/status/{email}.' })
  exchangeKeyStatus(@Arg('email', () => String) email: string, @Ctx() { services }: GraphQLContext): Promise<KeyStatus> {
    return services.exchangeKeys.status(email);
  }
}
