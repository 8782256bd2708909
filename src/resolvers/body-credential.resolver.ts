import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { Operation } from '../operations/operation';
import type { GraphQLContext } from '../schema/context';
import { BodyCredentialActionEnum, ExchangeAnswerType } from '../schema/body-credential.types';
import type { BodyCredentialAction } from '../services/trading/body-credential-trading.service';
import type { ExchangeAnswer } from '../upstream/exchange-trading-client';

/**
 * The body-credential endpoints (spec "Authentication", pattern 3): the one
 * entry point of `/orders/auth` and its siblings and of GraphQL's
 * `exchangeRequest`. Credentials are used for one signed call, never stored.
 * Nobody is authenticated, so the weight is never charged to a key; the
 * per-IP limit applies.
 */
@Resolver()
export class BodyCredentialResolver {
  @Operation({ weight: 1 })
  @Mutation(() => ExchangeAnswerType, { description: 'Signs one exchange call with these credentials and returns its answer.' })
  exchangeRequest(
    @Arg('action', () => BodyCredentialActionEnum) action: BodyCredentialAction,
    @Arg('apiKey', () => String) apiKey: unknown,
    @Arg('apiSecret', () => String) apiSecret: unknown,
    @Arg('fields', () => GraphQLJSONObject) fields: unknown,
    @Ctx() { services }: GraphQLContext,
  ): Promise<ExchangeAnswer> {
    const exchangeFields = typeof fields === 'object' && fields !== null && !Array.isArray(fields) ? fields : {};
    return services.bodyCredentialTrading.forward(action, { ...exchangeFields, api_key: apiKey, api_secret: apiSecret });
  }
}
