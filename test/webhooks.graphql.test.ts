import { print } from 'graphql';
import { startReceiverWorld, type ReceiverWorld } from './stand-ins/webhook-receiver';
import {
  CreateWebhookDocument,
  DeleteWebhookDocument,
  TestWebhookDocument,
  UpdateWebhookDocument,
  WebhookDeliveriesDocument,
  WebhooksDocument,
} from './graphql/generated';
import { graphql } from './support/http';
import { bearer, newAccount, startOutsideWorld, type OutsideWorld } from './support/identity';
import { startTestService, type TestService } from './support/test-service';

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
    expect(webhook).toMatchObject({ url: `${url}/gql`, status: 'active', consecutiveFailures: 0, secret: expect.stringMatching(/^[A-Za-z0-9]{40}$/) });

    expect((await graphql(service.url, WebhooksDocument, {}, auth)).data!.webhooks.data.map((row) => row.id)).toEqual([webhook.id]);
    const test = await graphql(service.url, TestWebhookDocument, { id: webhook.id }, auth);
    expect(test.data!.testWebhook).toMatchObject({ delivered: true, responseStatus: 200, testEventId: expect.stringMatching(/^evt_test_/) });
    const paused = await graphql(service.url, UpdateWebhookDocument, { id: webhook.id, input: { status: 'paused', description: 'quiet' } }, auth);
    expect(paused.data!.updateWebhook).toEqual({ id: webhook.id, status: 'paused', description: 'quiet' });
    const log = await graphql(service.url, WebhookDeliveriesDocument, { webhookId: webhook.id }, auth);
    expect(log.data!.webhookDeliveries.data).toEqual([
      expect.objectContaining({ eventId: test.data!.testWebhook.testEventId, status: 'delivered', attempts: 1 }),
    ]);
    expect((await graphql(service.url, DeleteWebhookDocument, { id: webhook.id }, auth)).data).toEqual({ deleteWebhook: true });
  });

  it('a signed key without webhooks:write gets INSUFFICIENT_PERMISSION; no credentials get UNAUTHENTICATED', async () => {
    const readOnly = await newAccount(service.url, world, 'gql-reader@example.com', []);
    const response = await readOnly.call('POST', '/graphql', { query: print(CreateWebhookDocument), variables: { input: { url: `${url}/x`, events: ['*'] } } });
    expect(response.body.errors[0].extensions.code).toBe('INSUFFICIENT_PERMISSION');
    const anonymous = await graphql(service.url, WebhooksDocument, {});
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('validation failures carry INVALID_PARAMETER and the field', async () => {
    const { token } = await newAccount(service.url, world, 'gql-invalid@example.com');
    const response = await graphql(service.url, CreateWebhookDocument, { input: { url: 'http://example.com', events: ['*'] } }, bearer(token));
    expect(response.errors?.[0]?.extensions).toEqual({ code: 'INVALID_PARAMETER', field: 'url' });
  });
});
