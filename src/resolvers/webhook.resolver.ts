import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireCaller } from '../auth/caller';
import { AppError } from '../errors/app-error';
import { Operation } from '../operations/operation';
import { wireArgs, wireInput } from '../operations/wire-input';
import type { GraphQLContext } from '../schema/context';
import {
  CreatedWebhookType,
  CreateWebhookInput,
  UpdateWebhookInput,
  NestedDeliveryArgs,
  RotatedWebhookSecretType,
  WebhookAttemptLogType,
  WebhookAttemptType,
  WebhookDeliveryListArgs,
  WebhookDeliveryPageType,
  WebhookDeliveryType,
  WebhookEventTypeType,
  WebhookListArgs,
  WebhookRecoveryType,
  WebhookPageType,
  WebhookTestResultType,
  WebhookType,
} from '../schema/webhook.types';
import type {
  AttemptRecord,
  DeliveryRecord,
  EventTypeRecord,
  Page,
  RotatedSecret,
  WebhookRecord,
  WebhookTestResult,
} from '../services/webhooks/webhook-records';
import { bodyField, pathParam } from '../rest/request-parsing';
import { createSchema, deliveryListSchema, listSchema, recoverSchema, testSchema, updateSchema } from '../services/webhooks/webhook-input';
import { restTable } from '../operations/rest-table';

const WRITE = 'webhooks:write';

/** Webhooks (spec "Webhooks", contract §10): the one entry point of each operation, for GraphQL and for `/v1/webhooks/...`. */
@Resolver()
export class WebhookResolver {
  @Operation({ weight: 2 })
  @Query(() => WebhookPageType, { description: "The caller's webhooks, newest first." })
  webhooks(@Args(() => WebhookListArgs) page: WebhookListArgs, @Ctx() { services, caller }: GraphQLContext): Promise<Page<WebhookRecord>> {
    return services.webhooks.list(requireCaller(caller), wireArgs(page));
  }

  @Operation({ weight: 2 })
  @Query(() => WebhookType)
  webhook(@Arg('id', () => String) id: string, @Ctx() { services, caller }: GraphQLContext): Promise<WebhookRecord> {
    return services.webhooks.get(requireCaller(caller), id);
  }

  @Operation({ weight: 5 })
  @Query(() => WebhookDeliveryPageType, { description: 'Delivery log of one webhook, newest first, optionally by status and event type.' })
  webhookDeliveries(
    @Arg('webhookId', () => String) webhookId: string,
    @Args(() => WebhookDeliveryListArgs) page: WebhookDeliveryListArgs,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<Page<DeliveryRecord>> {
    return services.webhookDeliveries.listDeliveries(requireCaller(caller), webhookId, wireArgs(page));
  }

  @Operation({ weight: 2 })
  @Query(() => WebhookAttemptLogType, { description: 'Every attempt of one delivery, newest first.' })
  webhookDeliveryAttempts(
    @Arg('webhookId', () => String) webhookId: string,
    @Arg('deliveryId', () => String) deliveryId: string,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<{ data: AttemptRecord[] }> {
    return services.webhookDeliveries.attempts(requireCaller(caller), webhookId, deliveryId);
  }

  @Operation({ weight: 1 })
  @Query(() => [WebhookEventTypeType], { description: 'The event catalogue: each type with a JSON Schema of its data and an example.' })
  webhookEventTypes(@Ctx() { services, caller }: GraphQLContext): EventTypeRecord[] {
    requireCaller(caller);
    return services.webhooks.eventTypes();
  }

  @Operation({ weight: 5, scope: WRITE })
  @Mutation(() => CreatedWebhookType)
  createWebhook(@Arg('input', () => CreateWebhookInput) input: unknown, @Ctx() { services, caller }: GraphQLContext): Promise<CreatedWebhookType> {
    return services.webhooks.create(requireCaller(caller), wireInput(input));
  }

  @Operation({ weight: 5, scope: WRITE })
  @Mutation(() => WebhookType)
  updateWebhook(
    @Arg('id', () => String) id: string,
    @Arg('input', () => UpdateWebhookInput) input: unknown,
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
    @Arg('eventType', () => String, { nullable: true }) eventType?: unknown,
  ): Promise<WebhookTestResult> {
    return services.webhookDeliveries.test(requireCaller(caller), id, wireInput({ eventType: eventType ?? undefined }));
  }

  @Operation({ weight: 5, scope: WRITE })
  @Mutation(() => RotatedWebhookSecretType, { description: 'A new secret; for 24 hours deliveries are signed with the new and the previous one.' })
  rotateWebhookSecret(@Arg('id', () => String) id: string, @Ctx() { services, caller }: GraphQLContext): Promise<RotatedSecret> {
    return services.webhooks.rotateSecret(requireCaller(caller), id);
  }

  @Operation({ weight: 10, scope: WRITE })
  @Mutation(() => WebhookRecoveryType, { description: 'Sends again, oldest first, every delivery that failed since `since` (ISO 8601, at most 14 days back).' })
  recoverWebhook(
    @Arg('id', () => String) id: string,
    @Arg('since', () => String) since: unknown,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<{ requeued: number }> {
    return services.webhookDeliveries.recover(requireCaller(caller), id, { since });
  }

  @Operation({ weight: 5, scope: WRITE })
  @Mutation(() => WebhookDeliveryType)
  redeliverWebhookDelivery(
    @Arg('webhookId', () => String) webhookId: string,
    @Arg('deliveryId', () => String) deliveryId: string,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<DeliveryRecord> {
    return services.webhookDeliveries.redeliver(requireCaller(caller), webhookId, deliveryId);
  }
}

/** The REST paths of the operations above (spec "Webhooks", contract §10 and §16). */
restTable(WebhookResolver, {
  tag: 'Webhooks',
  operations: {
    webhookEventTypes: {
      method: 'GET',
      path: '/v1/webhooks/event-types',
      auth: 'signed',
      summary: 'The event catalogue: each type with a JSON Schema of its data and an example',
      response: { list: WebhookEventTypeType },
      call: (list, _req, ctx) => list(ctx),
    },
    createWebhook: {
      method: 'POST',
      path: '/v1/webhooks',
      auth: 'signed',
      summary: 'Register a webhook',
      body: createSchema,
      response: { record: CreatedWebhookType },
      errors: ['conflict'],
      call: (create, req, ctx) => create(req.body, ctx),
    },
    webhooks: {
      method: 'GET',
      path: '/v1/webhooks',
      auth: 'signed',
      summary: "The caller's webhooks",
      query: listSchema,
      response: { record: WebhookPageType },
      call: (list, req, ctx) => list(req.query, ctx),
    },
    webhook: {
      method: 'GET',
      path: '/v1/webhooks/:id',
      auth: 'signed',
      summary: 'One webhook',
      response: { record: WebhookType },
      call: (get, req, ctx) => get(pathParam(req, 'id'), ctx),
    },
    updateWebhook: {
      method: 'PATCH',
      path: '/v1/webhooks/:id',
      auth: 'signed',
      summary: 'Change a webhook',
      body: updateSchema,
      response: { record: WebhookType },
      errors: ['conflict'],
      call: (update, req, ctx) => update(pathParam(req, 'id'), req.body, ctx),
    },
    deleteWebhook: {
      method: 'DELETE',
      path: '/v1/webhooks/:id',
      auth: 'signed',
      summary: 'Delete a webhook',
      response: { empty: true },
      call: (remove, req, ctx) => remove(pathParam(req, 'id'), ctx),
    },
    testWebhook: {
      method: 'POST',
      path: '/v1/webhooks/:id/test',
      auth: 'signed',
      summary: 'Send a test event and wait for the first attempt',
      body: testSchema,
      response: { record: WebhookTestResultType },
      errors: ['conflict'],
      call: (test, req, ctx) => test(pathParam(req, 'id'), ctx, bodyField(req, 'event_type')),
    },
    webhookDeliveries: {
      method: 'GET',
      path: '/v1/webhooks/:id/deliveries',
      auth: 'signed',
      summary: "A webhook's delivery log, newest first",
      query: deliveryListSchema,
      response: { record: WebhookDeliveryPageType },
      call: (list, req, ctx) => list(pathParam(req, 'id'), req.query, ctx),
    },
    webhookDeliveryAttempts: {
      method: 'GET',
      path: '/v1/webhooks/:id/deliveries/:deliveryId/attempts',
      auth: 'signed',
      summary: 'Every attempt of one delivery, newest first',
      response: { record: WebhookAttemptLogType },
      call: (list, req, ctx) => list(pathParam(req, 'id'), pathParam(req, 'deliveryId'), ctx),
    },
    rotateWebhookSecret: {
      method: 'POST',
      path: '/v1/webhooks/:id/rotate-secret',
      auth: 'signed',
      summary: 'A new signing secret; the previous one also signs for 24 hours',
      response: { record: RotatedWebhookSecretType },
      call: (rotate, req, ctx) => rotate(pathParam(req, 'id'), ctx),
    },
    recoverWebhook: {
      method: 'POST',
      path: '/v1/webhooks/:id/recover',
      auth: 'signed',
      summary: 'Send again every delivery that failed since a time',
      body: recoverSchema,
      response: { record: WebhookRecoveryType },
      errors: ['conflict'],
      call: (recover, req, ctx) => recover(pathParam(req, 'id'), bodyField(req, 'since'), ctx),
    },
    redeliverWebhookDelivery: {
      method: 'POST',
      path: '/v1/webhooks/:id/deliveries/:deliveryId/retry',
      auth: 'signed',
      summary: 'Send a delivery again',
      response: { record: WebhookDeliveryType },
      errors: ['conflict'],
      call: (retry, req, ctx) => retry(pathParam(req, 'id'), pathParam(req, 'deliveryId'), ctx),
    },
  },
});

/** A webhook's delivery log as a nested field: the pages of every webhook in one result come from one query. */
@Resolver(() => WebhookType)
export class WebhookFields {
  @FieldResolver(() => WebhookDeliveryPageType, { description: 'The first page of its delivery log, newest first; continue with webhookDeliveries.' })
  deliveries(
    @Root() webhook: WebhookRecord,
    @Args(() => NestedDeliveryArgs) page: NestedDeliveryArgs,
    @Ctx() { services, loaders }: GraphQLContext,
  ): Promise<Page<DeliveryRecord>> {
    const query = wireArgs(page);
    return loaders
      .for<string, Page<DeliveryRecord>>(`webhook-deliveries:${JSON.stringify(query)}`, (ids) => services.webhookDeliveries.firstDeliveryPages(ids, query))
      .load(webhook.id);
  }
}

/** A delivery's webhook and its attempts, each batched per request. */
@Resolver(() => WebhookDeliveryType)
export class WebhookDeliveryFields {
  @FieldResolver(() => WebhookType)
  webhook(@Root() delivery: DeliveryRecord, @Ctx() { services, caller, loaders }: GraphQLContext): Promise<WebhookRecord> {
    const owner = requireCaller(caller);
    return loaders
      .for<string, WebhookRecord>('webhooks-by-id', async (ids) =>
        (await services.webhooks.webhooksByIds(owner, ids)).map((webhook) => webhook ?? new AppError('NOT_FOUND', 'no such webhook')),
      )
      .load(delivery.webhook_id);
  }

  @FieldResolver(() => [WebhookAttemptType], { description: 'Every attempt, newest first (attempts is their count).' })
  attemptLog(@Root() delivery: DeliveryRecord, @Ctx() { services, loaders }: GraphQLContext): Promise<AttemptRecord[]> {
    return loaders.for<string, AttemptRecord[]>('delivery-attempts', (ids) => services.webhookDeliveries.attemptLogs(ids)).load(delivery.id);
  }
}
