import { print } from 'graphql';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { startReceiverWorld, type ReceiverWorld } from '../stand-ins/webhook-receiver';
import {
  CreateWebhookDocument,
  DeleteWebhookDocument,
  FilteredWebhookDeliveriesDocument,
  RecoverWebhookDocument,
  RotateWebhookSecretDocument,
  TestWebhookDocument,
  UpdateWebhookDocument,
  WebhookDeliveriesDocument,
  WebhookDeliveryAttemptsDocument,
  WebhookEventTypesDocument,
  WebhookGraphDocument,
  WebhooksDocument,
} from '../graphql/generated';
import { graphql, type GraphQLAnswer } from '../support/http';
import { bearer, newAccount, startOutsideWorld, type OutsideWorld } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { anyOf, anyString, matching, objectContaining } from '../support/matchers';

describe('webhooks over GraphQL, the same service as /v1/webhooks', () => {
  let receivers: ReceiverWorld;
  let world: OutsideWorld;
  let service: TestService;
  let url: string;

  beforeAll(async () => {
    receivers = await startReceiverWorld();
    url = receivers.url;
    world = await startOutsideWorld();
    service = await startTestService({ ...world.env, ...receivers.env });
  });
  afterAll(async () => {
    await receivers.stop();
    await service.stop();
    await world.stop();
  });

  it('an app-token user creates, lists, tests, pauses, reads the log of and deletes a webhook', async () => {
    const { token } = await newAccount(service.url, world, 'gql-owner@example.com');
    const auth = bearer(token);
    const created = await graphql(service.url, CreateWebhookDocument, { input: { url: `${url}/gql`, events: ['*'] } }, auth);
    expect(created.errors).toBeUndefined();
    const webhook = created.data!.createWebhook;
    expect(webhook).toMatchObject({ url: `${url}/gql`, status: 'active', consecutiveFailures: 0, secret: matching(/^[A-Za-z0-9]{40}$/) });

    expect((await graphql(service.url, WebhooksDocument, {}, auth)).data!.webhooks.data.map((row) => row.id)).toEqual([webhook.id]);
    const test = await graphql(service.url, TestWebhookDocument, { id: webhook.id }, auth);
    expect(test.data!.testWebhook).toMatchObject({ delivered: true, responseStatus: 200, testEventId: matching(/^evt_test_/) });
    const paused = await graphql(service.url, UpdateWebhookDocument, { id: webhook.id, input: { status: 'paused', description: 'quiet' } }, auth);
    expect(paused.data!.updateWebhook).toEqual({ id: webhook.id, status: 'paused', description: 'quiet' });
    const log = await graphql(service.url, WebhookDeliveriesDocument, { webhookId: webhook.id }, auth);
    expect(log.data!.webhookDeliveries.data).toEqual([objectContaining({ eventId: test.data!.testWebhook.testEventId, status: 'delivered', attempts: 1 })]);
    expect((await graphql(service.url, DeleteWebhookDocument, { id: webhook.id }, auth)).data).toEqual({ deleteWebhook: true });
  });

  it('a signed key without webhooks:write gets INSUFFICIENT_PERMISSION; no credentials get UNAUTHENTICATED', async () => {
    const readOnly = await newAccount(service.url, world, 'gql-reader@example.com', []);
    const response = await readOnly.call<GraphQLAnswer>('POST', '/graphql', {
      query: print(CreateWebhookDocument),
      variables: { input: { url: `${url}/x`, events: ['*'] } },
    });
    expect(response.body.errors?.[0]?.extensions?.code).toBe('INSUFFICIENT_PERMISSION');
    const anonymous = await graphql(service.url, WebhooksDocument, {});
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('validation failures carry INVALID_PARAMETER and the field', async () => {
    const { token } = await newAccount(service.url, world, 'gql-invalid@example.com');
    const response = await graphql(service.url, CreateWebhookDocument, { input: { url: 'http://example.com', events: ['*'] } }, bearer(token));
    expect(response.errors?.[0]?.extensions).toEqual({ code: 'INVALID_PARAMETER', field: 'url' });
  });

  describe('webhook operations (contract §16)', () => {
    it('rotateWebhookSecret answers the new secret; the next delivery verifies with the new and with the previous secret', async () => {
      const { token } = await newAccount(service.url, world, 'gql-rotate@example.com');
      const auth = bearer(token);
      const webhook = (await graphql(service.url, CreateWebhookDocument, { input: { url: `${url}/gql-rotate`, events: ['*'] } }, auth)).data!.createWebhook;
      const rotated = await graphql(service.url, RotateWebhookSecretDocument, { id: webhook.id }, auth);
      expect(rotated.errors).toBeUndefined();
      const { secret, secretWarning, previousSecretExpiresAt } = rotated.data!.rotateWebhookSecret;
      expect(secret).toMatch(/^[A-Za-z0-9]{40}$/);
      expect(secretWarning).toEqual(anyString());
      expect(Date.parse(previousSecretExpiresAt)).toBeGreaterThan(Date.now() + 23 * 3600_000);
      const test = (await graphql(service.url, TestWebhookDocument, { id: webhook.id }, auth)).data!.testWebhook;
      const delivery = receivers.receiver.received.find((entry) => entry.headers['webhook-id'] === test.testEventId)!;
      for (const key of [secret, webhook.secret])
        expect(new StandardWebhook(key).verify(delivery.body, delivery.headers)).toMatchObject({ id: test.testEventId });
    });

    it("nested fields: each webhook's deliveries with their attempt logs and webhook, each loaded in one batch per request", async () => {
      const { token } = await newAccount(service.url, world, 'gql-graph@example.com');
      const auth = bearer(token);
      const ids: string[] = [];
      for (const path of ['/gql-graph-a', '/gql-graph-b']) {
        const webhook = (await graphql(service.url, CreateWebhookDocument, { input: { url: `${url}${path}`, events: ['*'] } }, auth)).data!.createWebhook;
        ids.push(webhook.id);
        for (let index = 0; index < 2; index += 1) await graphql(service.url, TestWebhookDocument, { id: webhook.id }, auth);
      }
      const { webhooks, webhookDeliveries } = service.service.services;
      const spies = [jest.spyOn(webhookDeliveries, 'firstDeliveryPages'), jest.spyOn(webhookDeliveries, 'attemptLogs'), jest.spyOn(webhooks, 'webhooksByIds')];
      try {
        const graph = await graphql(service.url, WebhookGraphDocument, {}, auth);
        expect(graph.errors).toBeUndefined();
        const rows = graph.data!.webhooks.data;
        expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
        for (const row of rows) {
          expect(row.deliveries.data).toHaveLength(2);
          expect(row.deliveries.nextCursor).toBeNull();
          for (const delivery of row.deliveries.data) {
            expect(delivery).toMatchObject({ webhookId: row.id, eventType: 'webhook.test', status: 'delivered', attempts: 1 });
            expect(delivery.webhook.id).toBe(row.id);
            expect(delivery.attemptLog).toEqual([{ responseStatus: 200, responseBody: '{"ok":true}' }]);
          }
        }
        for (const spy of spies) expect(spy).toHaveBeenCalledTimes(1);
        const failedOnly = await graphql(service.url, WebhookGraphDocument, { status: 'failed' }, auth);
        expect(failedOnly.data!.webhooks.data.map((row) => row.deliveries.data)).toEqual([[], []]);
      } finally {
        spies.forEach((spy) => spy.mockRestore());
      }
    });

    it('webhookDeliveries filters, webhookDeliveryAttempts, recoverWebhook and webhookEventTypes answer as REST does', async () => {
      const { token } = await newAccount(service.url, world, 'gql-ops@example.com');
      const auth = bearer(token);
      const webhook = (await graphql(service.url, CreateWebhookDocument, { input: { url: `${url}/gql-ops`, events: ['*'] } }, auth)).data!.createWebhook;
      await graphql(service.url, TestWebhookDocument, { id: webhook.id, eventType: 'backtest.job_done' }, auth);
      await graphql(service.url, TestWebhookDocument, { id: webhook.id }, auth);
      const filtered = await graphql(service.url, FilteredWebhookDeliveriesDocument, { webhookId: webhook.id, eventType: 'backtest.job_done' }, auth);
      expect(filtered.data!.webhookDeliveries.data).toEqual([{ id: anyString(), eventType: 'backtest.job_done', status: 'delivered' }]);
      const attempts = await graphql(
        service.url,
        WebhookDeliveryAttemptsDocument,
        { webhookId: webhook.id, deliveryId: filtered.data!.webhookDeliveries.data[0]!.id },
        auth,
      );
      expect(attempts.data!.webhookDeliveryAttempts.data).toEqual([
        { attemptedAt: anyString(), responseStatus: 200, responseTimeMs: anyOf(Number), error: null, responseBody: '{"ok":true}' },
      ]);
      const badFilter = await graphql(service.url, FilteredWebhookDeliveriesDocument, { webhookId: webhook.id, status: 'sending' }, auth);
      expect(badFilter.errors?.[0]?.extensions).toEqual({ code: 'INVALID_PARAMETER', field: 'status' });

      const recovered = await graphql(service.url, RecoverWebhookDocument, { id: webhook.id, since: new Date(Date.now() - 3600_000).toISOString() }, auth);
      expect(recovered.data).toEqual({ recoverWebhook: { requeued: 0 } });
      const tooOld = await graphql(service.url, RecoverWebhookDocument, { id: webhook.id, since: '2020-01-01T00:00:00Z' }, auth);
      expect(tooOld.errors?.[0]?.extensions).toEqual({ code: 'INVALID_PARAMETER', field: 'since' });
      const missing = await graphql(service.url, RecoverWebhookDocument, { id: 'wh_00000000', since: new Date().toISOString() }, auth);
      expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

      const catalogue = (await graphql(service.url, WebhookEventTypesDocument, {}, auth)).data!.webhookEventTypes;
      expect(catalogue.find((entry) => entry.type === 'webhook.paused')).toEqual({
        type: 'webhook.paused',
        description: anyString(),
        dataSchema: objectContaining({ type: 'object', required: ['webhook_id', 'url', 'consecutive_failures', 'reason'] }),
        example: objectContaining({ reason: 'failures' }),
      });
    });

    it('rotateWebhookSecret and recoverWebhook need webhooks:write: a key without it gets INSUFFICIENT_PERMISSION', async () => {
      const readOnly = await newAccount(service.url, world, 'gql-ops-reader@example.com', []);
      for (const [document, variables] of [
        [RotateWebhookSecretDocument, { id: 'wh_00000000' }],
        [RecoverWebhookDocument, { id: 'wh_00000000', since: new Date().toISOString() }],
      ] as const) {
        const response = await readOnly.call<GraphQLAnswer>('POST', '/graphql', { query: print(document), variables });
        expect(response.body.errors?.[0]?.extensions?.code).toBe('INSUFFICIENT_PERMISSION');
      }
    });
  });
});
