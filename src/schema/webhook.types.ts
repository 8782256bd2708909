import { GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, InputType, Int, ObjectType } from 'type-graphql';
import type { AttemptRecord, DeliveryRecord, EventTypeRecord, RotatedSecret, WebhookRecord, WebhookTestResult } from '../services/webhooks/webhook-records';
import { DeliveryStatusEnum, WebhookStatusEnum } from './enums';

/*
 * These object types are declared over the webhook service's wire records
 * (the REST shapes, snake_case) and give each field its GraphQL name, so a
 * resolver returns the record itself and no mapper can drift from it.
 */

@ObjectType('Webhook', { description: 'A webhook registration (spec "Webhook"); the secret is only ever returned by createWebhook.' })
export class WebhookType implements Omit<WebhookRecord, 'status'> {
  @Field(() => String) id!: string;
  @Field(() => String) url!: string;
  @Field(() => [String]) events!: string[];
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => WebhookStatusEnum) status!: string;
  @Field(() => Int, { name: 'consecutiveFailures' }) consecutive_failures!: number;
  @Field(() => String, { name: 'lastDeliveryAt', nullable: true }) last_delivery_at!: string | null;
  @Field(() => String, { name: 'lastSuccessAt', nullable: true }) last_success_at!: string | null;
  @Field(() => String, { name: 'createdAt' }) created_at!: string;
  @Field(() => String, { name: 'balanceLowThreshold', nullable: true, description: 'Decimal string.' }) balance_low_threshold?: string;
  // deliveries: a page of the delivery log, resolved by `WebhookFields` through a per-request loader.
}

@ObjectType('CreatedWebhook')
export class CreatedWebhookType extends WebhookType {
  @Field(() => String, { description: 'Signs every delivery; shown only here.' }) secret!: string;
  @Field(() => String, { name: 'secretWarning' }) _secret_warning!: string;
}

@ObjectType('WebhookPage')
export class WebhookPageType {
  @Field(() => [WebhookType]) data!: WebhookRecord[];
  @Field(() => String, { name: 'nextCursor', nullable: true, description: 'Pass back as `cursor` for the next page; null on the last page.' })
  next_cursor!: string | null;
}

@ObjectType('WebhookTestResult')
export class WebhookTestResultType implements WebhookTestResult {
  @Field(() => String, { name: 'testEventId' }) test_event_id!: string;
  @Field(() => Boolean) delivered!: boolean;
  @Field(() => Int, { name: 'responseStatus', nullable: true }) response_status!: number | null;
  @Field(() => Int, { name: 'responseTimeMs', nullable: true }) response_time_ms!: number | null;
  @Field(() => String, { nullable: true }) error!: string | null;
}

@ObjectType('WebhookDelivery')
export class WebhookDeliveryType implements Omit<DeliveryRecord, 'status'> {
  @Field(() => String) id!: string;
  @Field(() => String, { name: 'webhookId' }) webhook_id!: string;
  @Field(() => String, { name: 'eventId' }) event_id!: string;
  @Field(() => String, { name: 'eventType' }) event_type!: string;
  @Field(() => DeliveryStatusEnum) status!: string;
  @Field(() => Int, { description: 'How many attempts were made; attemptLog lists them.' }) attempts!: number;
  @Field(() => String, { name: 'nextAttemptAt', nullable: true }) next_attempt_at!: string | null;
  @Field(() => String, { name: 'lastAttemptAt', nullable: true }) last_attempt_at!: string | null;
  @Field(() => Int, { name: 'responseStatus', nullable: true }) response_status!: number | null;
  @Field(() => Int, { name: 'responseTimeMs', nullable: true }) response_time_ms!: number | null;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => String, { name: 'createdAt' }) created_at!: string;
  // webhook and attemptLog: resolved by `WebhookDeliveryFields` through per-request loaders.
}

@ObjectType('WebhookDeliveryPage')
export class WebhookDeliveryPageType {
  @Field(() => [WebhookDeliveryType]) data!: DeliveryRecord[];
  @Field(() => String, { name: 'nextCursor', nullable: true, description: 'Pass back as `cursor` for the next page; null on the last page.' })
  next_cursor!: string | null;
}

@ArgsType()
export class WebhookListArgs {
  @Field(() => Int, { nullable: true }) limit?: number;
  @Field(() => String, { nullable: true }) cursor?: string;
}

@ArgsType()
export class WebhookDeliveryListArgs extends WebhookListArgs {
  @Field(() => DeliveryStatusEnum, { nullable: true, description: 'pending, delivered, failed or held.' }) status?: string;
  @Field(() => String, { nullable: true, description: 'One event type of the catalogue.' }) eventType?: string;
}

@ArgsType()
export class NestedDeliveryArgs {
  @Field(() => Int, { nullable: true }) limit?: number;
  @Field(() => DeliveryStatusEnum, { nullable: true, description: 'pending, delivered, failed or held.' }) status?: string;
  @Field(() => String, { nullable: true }) eventType?: string;
}

@ObjectType('WebhookAttempt', { description: 'One attempt of a delivery (contract §16).' })
export class WebhookAttemptType implements AttemptRecord {
  @Field(() => String, { name: 'attemptedAt' }) attempted_at!: string;
  @Field(() => Int, { name: 'responseStatus', nullable: true }) response_status!: number | null;
  @Field(() => Int, { name: 'responseTimeMs', nullable: true }) response_time_ms!: number | null;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => String, { name: 'responseBody', nullable: true, description: "At most the first 1,024 characters of the receiver's answer." })
  response_body!: string | null;
}

@ObjectType('WebhookAttemptLog')
export class WebhookAttemptLogType {
  @Field(() => [WebhookAttemptType], { description: 'Newest first.' }) data!: AttemptRecord[];
}

@ObjectType('RotatedWebhookSecret')
export class RotatedWebhookSecretType implements RotatedSecret {
  @Field(() => String, { description: 'Signs every delivery from now on; shown only here.' }) secret!: string;
  @Field(() => String, { name: 'secretWarning' }) _secret_warning!: string;
  @Field(() => String, { name: 'previousSecretExpiresAt', description: 'Until then deliveries carry the previous signature too.' })
  previous_secret_expires_at!: string;
}

@ObjectType('WebhookRecovery')
export class WebhookRecoveryType {
  @Field(() => Int, { description: 'How many failed deliveries are sent again.' }) requeued!: number;
}

@ObjectType('WebhookEventType', { description: 'One event type of the catalogue.' })
export class WebhookEventTypeType implements EventTypeRecord {
  @Field(() => String) type!: string;
  @Field(() => String) description!: string;
  @Field(() => GraphQLJSONObject, { name: 'dataSchema', description: "JSON Schema of the event's data." }) data_schema!: Record<string, unknown>;
  @Field(() => GraphQLJSONObject) example!: Record<string, unknown>;
}

@InputType()
export class CreateWebhookInput {
  @Field(() => String) url!: string;
  @Field(() => [String]) events!: string[];
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) balanceLowThreshold?: string | null;
}

@InputType()
export class UpdateWebhookInput {
  @Field(() => String, { nullable: true }) url?: string;
  @Field(() => [String], { nullable: true }) events?: string[];
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => WebhookStatusEnum, { nullable: true, description: 'active or paused.' }) status?: string;
  @Field(() => String, { nullable: true }) balanceLowThreshold?: string | null;
}
