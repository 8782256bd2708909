import { GraphQLJSON } from 'graphql-scalars';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BODY_CREDENTIAL_ACTIONS, type BodyCredentialAction } from '../services/trading/body-credential-trading.service';

export const BodyCredentialActionEnum = Object.fromEntries(Object.keys(BODY_CREDENTIAL_ACTIONS).map((action) => [action, action])) as Record<
  BodyCredentialAction,
  BodyCredentialAction
>;

registerEnumType(BodyCredentialActionEnum, {
  name: 'ExchangeAction',
  description: 'The body-credential REST endpoints: /orders/auth, /orders/cancel/auth, /positions/close/auth, /leverage/auth, /margin-type/auth.',
});

@ObjectType('ExchangeAnswer', { description: "The exchange's answer to the signed call, as is." })
export class ExchangeAnswerType {
  @Field(() => Int)
  status!: number;

  @Field(() => GraphQLJSON)
  body!: unknown;
}
