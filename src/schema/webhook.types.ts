import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { PageOf } from './page.types';

@ObjectType('Webhook', { description: 'A webhook registration (spec "Webhook"); the secret is only ever returned by createWebhook.' })
export class WebhookType {
  @Field(() => String)
  id!: string;

  @Field(() => String)
  url!: string;

  @Field(() => [String])
  events!: string[];

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { description: 'active, paused or broken.' })
  status!: string;

  @Field(() => Int)
  consecutiveFailures!: number;

  @Field(() => String, { nullable: true })
  lastDeliveryAt!: string | null;

  @Field(() => String, { nullable: true })
  lastSuccessAt!: string | null;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String, { nullable: true, description: 'Decimal string.' })
  balanceLowThreshold!: string | null;
}

@ObjectType('CreatedWebhook')
export class CreatedWebhookType extends WebhookType {
  @Field(() => String, { description: 'Signs every delivery; shown only here.' })
  secret!: string;

  @Field(() => String)
  secretWarning!: string;
}

export const WebhookPageType = PageOf(WebhookType, 'WebhookPage');
export type WebhookPageType = InstanceType<typeof WebhookPageType>;

@ObjectType('WebhookTestResult')
export class WebhookTestResultType {
  @Field(() => String)
  testEventId!: string;

  @Field(() => Boolean)
  delivered!: boolean;

  @Field(() => Int, { nullable: true })
  responseStatus!: number | null;

  @Field(() => Int, { nullable: true })
  responseTimeMs!: number | null;

  @Field(() => String, { nullable: true })
  error!: string | null;
}

@ObjectType('WebhookDelivery')
export class WebhookDeliveryType {
  @Field(() => String)
  id!: string;

  @Field(() => String)
  eventId!: string;

  @Field(() => String)
  eventType!: string;

  @Field(() => String, { description: 'pending, sending, held, delivered or failed.' })
  status!: string;

  @Field(() => Int)
  attempts!: number;

  @Field(() => String, { nullable: true })
  nextAttemptAt!: string | null;

  @Field(() => String, { nullable: true })
  lastAttemptAt!: string | null;

  @Field(() => Int, { nullable: true })
  responseStatus!: number | null;

  @Field(() => Int, { nullable: true })
  responseTimeMs!: number | null;

  @Field(() => String, { nullable: true })
  error!: string | null;

  @Field(() => String)
  createdAt!: string;
}

export const WebhookDeliveryPageType = PageOf(WebhookDeliveryType, 'WebhookDeliveryPage');
export type WebhookDeliveryPageType = InstanceType<typeof WebhookDeliveryPageType>;

@InputType()
export class CreateWebhookInput {
  @Field(() => String)
  url!: string;

  @Field(() => [String])
  events!: string[];

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true })
  balanceLowThreshold?: string | null;
}

@InputType()
export class UpdateWebhookInput {
  @Field(() => String, { nullable: true })
  url?: string;

  @Field(() => [String], { nullable: true })
  events?: string[];

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'active or paused.' })
  status?: string;

  @Field(() => String, { nullable: true })
  balanceLowThreshold?: string | null;
}
