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
import { signInSchema, signInToken, type SignInResult, type UserRecord } from '../services/identity/users.service';
import { restTable, type OperationRoute } from '../operations/rest-table';
import { bodyArgs, pathParam } from '../rest/request-parsing';
import { createSchema as createApiKeySchema } from '../services/identity/api-keys.service';
import { emailSchema, registerSchema } from '../services/identity/exchange-keys.service';

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

/** The REST paths of the operations above (spec "Sign-in and key lookup", contract §5, §6). */
restTable(IdentityResolver, {
  tag: 'Identity',
  operations: {
    signIn: [IdentityProvider.A, IdentityProvider.B].map((provider): OperationRoute<IdentityResolver['signIn']> => ({
      method: 'POST',
      path: `/auth/mobile/provider-${provider}`,
      auth: 'public',
      summary: `Sign in with provider ${provider.toUpperCase()}`,
      input: 'body',
      body: signInSchema(provider),
      response: { record: SignInPayloadType },
      errors: ['unauthenticated'],
      call: (signIn, req, ctx) => signIn(provider, signInToken(provider, req.body), ctx),
    })),
    registerExchangeKey: {
      method: 'POST',
      path: '/api-key/register',
      auth: 'bearer',
      summary: 'Register the exchange API key (verified with the exchange first)',
      input: 'body',
      body: registerSchema,
      response: { record: ExchangeKeyStatusType },
      errors: ['upstream'],
      call: (register, req, ctx) => register(bodyArgs(req), ctx),
    },
    deleteExchangeKey: {
      method: 'DELETE',
      path: '/api-key',
      auth: 'bearer',
      summary: 'Remove the exchange API key',
      response: { record: ExchangeKeyStatusType },
      errors: ['not-found'],
      call: (remove, _req, ctx) => remove(ctx),
    },
    verifyExchangeKey: {
      method: 'POST',
      path: '/api-key/verify',
      auth: 'public',
      summary: 'Re-check a stored exchange key',
      input: 'body',
      body: emailSchema,
      response: { record: ExchangeKeyStatusType },
      errors: ['not-found', 'upstream'],
      call: (verify, req, ctx) => verify(bodyArgs(req), ctx),
    },
    exchangeKeyStatus: {
      method: 'GET',
      path: '/api-key/status/:email',
      auth: 'public',
      summary: 'Whether a user has an exchange key',
      response: { record: ExchangeKeyStatusType },
      call: (status, req, ctx) => status(pathParam(req, 'email'), ctx),
    },
    createApiKey: {
      method: 'POST',
      path: '/account/api-keys',
      auth: 'bearer',
      summary: 'Create a service API key; the secret is shown once',
      input: 'body',
      body: createApiKeySchema,
      response: { record: CreatedApiKeyType },
      call: (create, req, ctx) => create(bodyArgs(req), ctx),
    },
    apiKeys: {
      method: 'GET',
      path: '/account/api-keys',
      auth: 'bearer',
      summary: "The user's service API keys",
      response: { list: ApiKeyType },
      call: (list, _req, ctx) => list(ctx),
    },
    revokeApiKey: {
      method: 'DELETE',
      path: '/account/api-keys/:apiKey',
      auth: 'bearer',
      summary: 'Revoke a service API key',
      response: { empty: true },
      call: (revoke, req, ctx) => revoke(pathParam(req, 'apiKey'), ctx),
    },
    account: {
      method: 'GET',
      path: '/v1/account',
      auth: 'signed',
      summary: 'The signing key and its user',
      tag: 'Account',
      response: { record: SignedAccountType },
      call: (account, _req, ctx) => account(ctx),
    },
  },
});
