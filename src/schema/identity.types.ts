import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum IdentityProvider {
  A = 'a',
  B = 'b',
}
registerEnumType(IdentityProvider, { name: 'IdentityProvider', description: 'A: the first identity provider, B: the second.' });

@ObjectType('User', { description: 'Spec "User". Timestamps are UTC without zone, as on the REST edge.' })
export class UserType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  email!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  providerAId!: string | null;

  @Field(() => String, { nullable: true })
  providerBId!: string | null;

  @Field(() => Boolean, { description: 'True while the user has an active plan.' })
  isVip!: boolean;

  @Field(() => String, { nullable: true })
  vipExpiresAt!: string | null;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String)
  updatedAt!: string;
}

@ObjectType('SignInPayload')
export class SignInPayloadType {
  @Field(() => String, { description: 'HS256 app token for `Authorization: Bearer`.' })
  accessToken!: string;

  @Field(() => UserType)
  user!: UserType;
}

@ObjectType('ApiKey', { description: 'A service API key of the signed API; the secret is never shown again after creation.' })
export class ApiKeyType {
  @Field(() => String)
  apiKey!: string;

  @Field(() => String)
  label!: string;

  @Field(() => [String])
  scopes!: string[];

  @Field(() => String, { description: 'ISO 8601 UTC.' })
  createdAt!: string;
}

@ObjectType('CreatedApiKey', { description: 'Returned once: store the secret now.' })
export class CreatedApiKeyType {
  @Field(() => String)
  apiKey!: string;

  @Field(() => String)
  apiSecret!: string;

  @Field(() => [String])
  scopes!: string[];

  @Field(() => String)
  createdAt!: string;
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

@ObjectType('ExchangeKeyStatus', { description: 'Spec "Registered-key status"; the last four fields only when a key is registered.' })
export class ExchangeKeyStatusType {
  @Field(() => Boolean)
  success!: boolean;

  @Field(() => String)
  message!: string;

  @Field(() => String)
  email!: string;

  @Field(() => Boolean)
  hasApiKey!: boolean;

  @Field(() => String, { nullable: true })
  verificationStatus?: string | null;

  @Field(() => String, { nullable: true })
  lastVerified?: string | null;

  @Field(() => String, { nullable: true })
  createdAt?: string | null;

  @Field(() => Boolean, { nullable: true })
  isActive?: boolean | null;
}
