import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { Operation } from '../operations/operation';
import type { GraphQLContext } from '../schema/context';
import { BodyCredentialActionEnum, ExchangeAnswerType } from '../schema/body-credential.types';
import { bodySchema, type BodyCredentialAction } from '../services/trading/body-credential-trading.service';
import { exchangeMessage, leverageAnswer, orderAnswer, type ExchangeAnswer } from '../upstream/exchange-trading-client';
import { restTable, type OperationRoute } from '../operations/rest-table';
import { bodyField } from '../rest/request-parsing';

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

/** The REST paths of the operation above: one per exchange action, the body's credentials signing the call, the exchange's answer returned as is. */
restTable(BodyCredentialResolver, {
  tag: 'Exchange trading',
  operations: {
    exchangeRequest: (
      [
        ['/orders/auth', 'placeOrder', 'Place an exchange order with credentials in the body', orderAnswer],
        ['/orders/cancel/auth', 'cancelOrder', 'Cancel an exchange order', orderAnswer],
        ['/positions/close/auth', 'closePosition', 'Close a position at market', orderAnswer],
        ['/leverage/auth', 'setLeverage', 'Set leverage', leverageAnswer],
        ['/margin-type/auth', 'setMarginType', 'Set the margin type', exchangeMessage],
      ] as const
    ).map(([path, action, summary, answer]): OperationRoute<BodyCredentialResolver['exchangeRequest']> => ({
      method: 'POST',
      path,
      auth: 'public',
      summary,
      input: 'body',
      body: bodySchema,
      response: { exchange: answer },
      errors: ['upstream', 'exchange-refusal'],
      status: (answer) => answer.status,
      reply: (answer) => answer.body,
      call: (forward, req, ctx) => forward(action, bodyField(req, 'api_key'), bodyField(req, 'api_secret'), req.body as unknown, ctx),
    })),
  },
});
