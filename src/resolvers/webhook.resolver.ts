import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requireCaller } from '../auth/caller';
import { Operation } from '../operations/operation';
import { wireInput } from '../operations/wire-input';
import type { GraphQLContext } from '../schema/context';
import {
  CreatedWebhookType,
  CreateWebhookInput,
  UpdateWebhookInput,
  WebhookDeliveryPageType,
  WebhookDeliveryType,
  WebhookListArgs,
  WebhookPageType,
  WebhookTestResultType,
  WebhookType,
} from '../schema/webhook.types';
import type { DeliveryRecord, WebhookRecord, WebhookTestResult } from '../services/webhooks/webhook-records';

type Page<T> = { data: T[]; next_cursor: string | null };
const WRITE = 'webhooks:write';

/** Webhooks (spec "Webhooks", contract §10): the one entry point of each operation, for GraphQL and for `/v1/webhooks/...`. */
@Resolver()
export class WebhookResolver {
  @Operation({ weight: 2 })
  @Query(() => WebhookPageType, { description: "The caller's webhooks, newest first." })
  webhooks(@Args(() => WebhookListArgs) page: WebhookListArgs, @Ctx() { services, caller }: GraphQLContext): Promise<Page<WebhookRecord>> {
    return services.webhooks.list(requireCaller(caller), wireInput(page));
  }

  @Operation({ weight: 2 })
  @Query(() => WebhookType)
  webhook(@Arg('id', () => String) id: string, @Ctx() { services, caller }: GraphQLContext): Promise<WebhookRecord> {
    return services.webhooks.get(requireCaller(caller), id);
  }

  @Operation({ weight: 5 })
  @Query(() => WebhookDeliveryPageType, { description: 'Delivery log of one webhook, newest first.' })
  webhookDeliveries(
    @Arg('webhookId', () => String) webhookId: string,
    @Args(() => WebhookListArgs) page: WebhookListArgs,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<Page<DeliveryRecord>> {
    return services.webhooks.listDeliveries(requireCaller(caller), webhookId, wireInput(page));
  }

  @Operation({ weight: 5, scope: WRITE })
  @Mutation(() => CreatedWebhookType)
  createWebhook(@Arg('input', () => CreateWebhookInput) input: CreateWebhookInput, @Ctx() { services, caller }: GraphQLContext): Promise<CreatedWebhookType> {
    return services.webhooks.create(requireCaller(caller), wireInput(input));
  }

  @Operation({ weight: 5, scope: WRITE })
  @Mutation(() => WebhookType)
  updateWebhook(
    @Arg('id', () => String) id: string,
    @Arg('input', () => UpdateWebhookInput) input: UpdateWebhookInput,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<WebhookRecord> {
    return services.webhooks.update(requireCaller(caller), id, wireInput(input));
  }

  @Operation({ weight: 5, scope: WRITE })
  @Mutation(() => Boolean)
  async deleteWebhook(@Arg('id', () => String) id: string, @Ctx() { services, caller }: GraphQLContext): Promise<boolean> {
    await services.webhooks.delete(requireCaller(caller), id);
    return true;
  }

  @Operation({ weight: 10, scope: WRITE })
  @Mutation(() => WebhookTestResultType, { description: 'Sends a test event and waits up to 10 s for the answer.' })
  testWebhook(
    @Arg('id', () => String) id: string,
    @Ctx() { services, caller }: GraphQLContext,
    @Arg('eventType', () => String, { nullable: true }) eventType?: string,
  ): Promise<WebhookTestResult> {
    return services.webhooks.test(requireCaller(caller), id, wireInput({ eventType: eventType ?? undefined }));
  }

  @Operation({ weight: 5, scope: WRITE })
  @Mutation(() => WebhookDeliveryType)
  redeliverWebhookDelivery(
    @Arg('webhookId', () => String) webhookId: string,
    @Arg('deliveryId', () => String) deliveryId: string,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<DeliveryRecord> {
    return services.webhooks.redeliver(requireCaller(caller), webhookId, deliveryId);
  }
}
