import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../schema/context';
import { BodyCredentialActionEnum, ExchangeAnswerType } from '../schema/body-credential.types';
import type { BodyCredentialAction } from '../services/trading/body-credential-trading.service';

/** The body-credential endpoints over GraphQL: credentials are arguments, used for one signed call and never stored. */
@Resolver()
export class BodyCredentialResolver {
  @Mutation(() => ExchangeAnswerType, { description: 'Signs one exchange call with these credentials and returns its answer.' })
  async exchangeRequest(
    @Arg('action', () => BodyCredentialActionEnum) action: BodyCredentialAction,
    @Arg('apiKey', () => String) apiKey: string,
    @Arg('apiSecret', () => String) apiSecret: string,
    @Arg('fields', () => GraphQLJSONObject) fields: Record<string, unknown>,
    @Ctx() { services }: GraphQLContext,
  ): Promise<ExchangeAnswerType> {
    return services.bodyCredentialTrading.forward(action, { ...fields, api_key: apiKey, api_secret: apiSecret });
  }
}
