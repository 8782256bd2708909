import { Operation } from '../operations/operation';
import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireCaller } from '../auth/caller';
import type { GraphQLContext } from '../schema/context';
import {
  CreatedWebhookType,
  CreateWebhookInput,
  UpdateWebhookInput,
  WebhookDeliveryPageType,
  WebhookDeliveryType,
  WebhookPageType,
  WebhookTestResultType,
  WebhookType,
} from '../schema/webhook.types';
import type { DeliveryRecord, WebhookRecord } from '../services/webhooks/webhook-records';

function toWebhook(record: WebhookRecord): WebhookType {
  return {
    id: record.id,
    url: record.url,
    events: record.events,
    description: record.description,
    status: record.status,
    consecutiveFailures: record.consecutive_failures,
    lastDeliveryAt: record.last_delivery_at,
    lastSuccessAt: record.last_success_at,
    createdAt: record.created_at,
    balanceLowThreshold: record.balance_low_threshold ?? null,
  };
}

function toDelivery(record: DeliveryRecord): WebhookDeliveryType {
  return {
    id: record.id,
    eventId: record.event_id,
    eventType: record.event_type,
    status: record.status,
    attempts: record.attempts,
    nextAttemptAt: record.next_attempt_at,
    lastAttemptAt: record.last_attempt_at,
    responseStatus: record.response_status,
    responseTimeMs: record.response_time_ms,
    error: record.error,
    createdAt: record.created_at,
  };
}

/** Webhooks over GraphQL: the same service, and so the same rules, as `/v1/webhooks`. */
@Resolver()
export class WebhookResolver {
  @Operation({ weight: 2 })
  @Query(() => WebhookPageType, { description: "The caller's webhooks, newest first." })
  async webhooks(
    @Ctx() { services, caller }: GraphQLContext,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
    @Arg('cursor', () => String, { nullable: true }) cursor?: string,
  ): Promise<WebhookPageType> {
    const page = await services.webhooks.list(requireCaller(caller), { limit, cursor });
    return { data: page.data.map(toWebhook), nextCursor: page.next_cursor };
  }

  @Operation({ weight: 2 })
  @Query(() => WebhookType)
  async webhook(@Arg('id', () => String) id: string, @Ctx() { services, caller }: GraphQLContext): Promise<WebhookType> {
    return toWebhook(await services.webhooks.get(requireCaller(caller), id));
  }

  @Operation({ weight: 5 })
  @Query(() => WebhookDeliveryPageType, { description: 'Delivery log of one webhook, newest first.' })
  async webhookDeliveries(
    @Arg('webhookId', () => String) webhookId: string,
    @Ctx() { services, caller }: GraphQLContext,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
    @Arg('cursor', () => String, { nullable: true }) cursor?: string,
  ): Promise<WebhookDeliveryPageType> {
    const page = await services.webhooks.listDeliveries(requireCaller(caller), webhookId, { limit, cursor });
    return { data: page.data.map(toDelivery), nextCursor: page.next_cursor };
  }

  @Operation({ weight: 5 })
  @Mutation(() => CreatedWebhookType)
  async createWebhook(
    @Arg('input', () => CreateWebhookInput) input: CreateWebhookInput,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<CreatedWebhookType> {
    const created = await services.webhooks.create(requireCaller(caller), {
      url: input.url,
      events: input.events,
      description: input.description,
      balance_low_threshold: input.balanceLowThreshold,
    });
    return { ...toWebhook(created), secret: created.secret, secretWarning: created._secret_warning };
  }

  @Operation({ weight: 5 })
  @Mutation(() => WebhookType)
  async updateWebhook(
    @Arg('id', () => String) id: string,
    @Arg('input', () => UpdateWebhookInput) input: UpdateWebhookInput,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<WebhookType> {
    return toWebhook(
      await services.webhooks.update(requireCaller(caller), id, {
        url: input.url ?? undefined,
        events: input.events ?? undefined,
        description: input.description,
        status: input.status ?? undefined,
        balance_low_threshold: input.balanceLowThreshold,
      }),
    );
  }

  @Operation({ weight: 5 })
  @Mutation(() => Boolean)
  async deleteWebhook(@Arg('id', () => String) id: string, @Ctx() { services, caller }: GraphQLContext): Promise<boolean> {
    await services.webhooks.delete(requireCaller(caller), id);
    return true;
  }

  @Operation({ weight: 10 })
  @Mutation(() => WebhookTestResultType, { description: 'Sends a test event and waits up to 10 s for the answer.' })
  async testWebhook(
    @Arg('id', () => String) id: string,
    @Ctx() { services, caller }: GraphQLContext,
    @Arg('eventType', () => String, { nullable: true }) eventType?: string,
  ): Promise<WebhookTestResultType> {
    const result = await services.webhooks.test(requireCaller(caller), id, eventType ? { event_type: eventType } : {});
    return {
      testEventId: result.test_event_id,
      delivered: result.delivered,
      responseStatus: result.response_status,
      responseTimeMs: result.response_time_ms,
      error: result.error,
    };
  }

  @Operation({ weight: 5 })
  @Mutation(() => WebhookDeliveryType)
  async redeliverWebhookDelivery(
    @Arg('webhookId', () => String) webhookId: string,
    @Arg('deliveryId', () => String) deliveryId: string,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<WebhookDeliveryType> {
    return toDelivery(await services.webhooks.redeliver(requireCaller(caller), webhookId, deliveryId));
  }
}
