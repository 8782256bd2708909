import { Client } from 'pg';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { recordEvent } from '../../src/events/outbox.store';
import { Webhook } from '../../src/entities/webhook.entity';
import { WebhookDelivery } from '../../src/entities/webhook-delivery.entity';
import { createTestCa, type TestCa } from '../stand-ins/test-ca';
import { WebhookReceiver } from '../stand-ins/webhook-receiver';
import { startTestService, type TestService } from '../support/test-service';
import { defined } from '../support/defined';
import { waitFor } from '../support/wait';

/**
 * The delivery worker end to end: events recorded in the outbox reach real
 * HTTPS receivers signed per Standard Webhooks, retried on the configured
 * (shortened) schedule, and move the webhook through paused and broken.
 */
describe('webhook delivery pipeline', () => {
  let ca: TestCa;
  let service: TestService;
  let receiver: WebhookReceiver;
  let receiverUrl: string;

  beforeAll(async () => {
    ca = await createTestCa();
    service = await startTestService({
      WEBHOOK_EXTRA_CA_FILE: ca.caFile,
      WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8,::1/128',
      WEBHOOK_RETRY_SCHEDULE: Array.from({ length: 60 }, () => '0.05').join(','),
      WEBHOOK_PROBE_INTERVAL_S: '0.1',
    });
  });
  afterAll(() => service.stop());

  beforeEach(async () => {
    receiver = new WebhookReceiver(ca.server);
    receiverUrl = await receiver.start();
  });
  afterEach(() => receiver.stop());

  const webhooks = () => service.service.services.webhooks;
  const emit = (userId: number, type: 'backtest.job_done' | 'strategy.deployed' | 'account.balance_low', data: Record<string, unknown> = {}) =>
    service.service.orm.em.fork().transactional((em) => recordEvent(em, { userId, type, data }));
  const webhookRow = (id: string) => service.service.orm.em.fork().findOneOrFail(Webhook, { id });

  it('delivers a recorded event once per matching webhook, signed so the standardwebhooks verifier accepts it', async () => {
    const created = await webhooks().create({ userId: 10, apiKeyId: 1, scopes: ['webhooks:write'] }, { url: `${receiverUrl}/hook`, events: ['backtest.*'] });
    await webhooks().create({ userId: 10, apiKeyId: 1, scopes: ['webhooks:write'] }, { url: `${receiverUrl}/other`, events: ['strategy.deployed'] });
    const event = await emit(10, 'backtest.job_done', { job_id: 'bt_123456' });

    await receiver.waitFor(1);
    // and no second delivery: an absence has no event to await
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(1);
    const request = defined(receiver.received[0], 'a delivered request');
    expect(request.path).toBe('/hook');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toBe(event.id);
    expect(Number(request.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1);
    const verified = new StandardWebhook(created.secret).verify(request.body, request.headers);
    expect(verified).toEqual({ id: event.id, type: 'backtest.job_done', timestamp: event.timestamp, data: { job_id: 'bt_123456' } });

    await waitFor('a successful delivery is recorded', async () => (await webhookRow(created.id)).lastSuccessAt !== null);
    const row = await webhookRow(created.id);
    expect(row.consecutiveFailures).toBe(0);
    expect(row.lastDeliveryAt).not.toBeNull();
  });

  it('retries a failed delivery with the same webhook-id and a fresh signature, then resets the failure count on success', async () => {
    const created = await webhooks().create({ userId: 11, apiKeyId: 1, scopes: ['webhooks:write'] }, { url: receiverUrl, events: ['*'] });
    receiver.behaviour = { kind: 'fail', status: 500 };
    const event = await emit(11, 'strategy.deployed');
    await receiver.waitFor(3);
    expect((await webhookRow(created.id)).consecutiveFailures).toBeGreaterThanOrEqual(2);
    receiver.behaviour = { kind: 'ok' };
    await waitFor('the failure count resets', async () => (await webhookRow(created.id)).consecutiveFailures === 0);
    const ids = new Set(receiver.received.map((request) => request.headers['webhook-id']));
    expect(ids).toEqual(new Set([event.id]));
    for (const request of receiver.received) new StandardWebhook(created.secret).verify(request.body, request.headers);
    const delivery = await service.service.orm.em.fork().findOneOrFail(WebhookDelivery, { webhookId: created.id });
    expect(delivery).toMatchObject({ status: 'delivered', responseStatus: 200 });
    expect(delivery.attempts).toBe(receiver.received.length);
  });

  it('does not follow a redirect (to a private address) and counts it as a failure', async () => {
    const created = await webhooks().create({ userId: 12, apiKeyId: 1, scopes: ['webhooks:write'] }, { url: receiverUrl, events: ['strategy.*'] });
    const target = new WebhookReceiver(ca.server);
    const targetUrl = await target.start();
    try {
      receiver.behaviour = { kind: 'redirect', location: `${targetUrl}/internal` };
      await emit(12, 'strategy.deployed');
      await receiver.waitFor(1);
      await waitFor('a failure is counted', async () => (await webhookRow(created.id)).consecutiveFailures >= 1);
      expect(target.received).toHaveLength(0);
      const delivery = await service.service.orm.em.fork().findOneOrFail(WebhookDelivery, { webhookId: created.id });
      expect(delivery.error).toBe('receiver answered 302');
    } finally {
      await target.stop();
    }
  });

  it('pauses an active webhook after 20 failures in a row, probes it, and breaks it at 50 with no further attempts', async () => {
    const created = await webhooks().create({ userId: 13, apiKeyId: 1, scopes: ['webhooks:write'] }, { url: receiverUrl, events: ['*'] });
    receiver.behaviour = { kind: 'fail', status: 503 };
    await emit(13, 'strategy.deployed');
    await waitFor('the webhook leaves active', async () => (await webhookRow(created.id)).status !== 'active', { timeoutMs: 20_000 });
    const paused = await webhookRow(created.id);
    expect(paused).toMatchObject({ status: 'paused', pauseReason: 'failures' });
    // Probes every 0.1 s may already have added failures by the time the row is read.
    expect(paused.consecutiveFailures).toBeGreaterThanOrEqual(20);
    expect(paused.consecutiveFailures).toBeLessThan(50);

    await waitFor('the webhook breaks', async () => (await webhookRow(created.id)).status === 'broken', { timeoutMs: 30_000 });
    const broken = await webhookRow(created.id);
    expect(broken.consecutiveFailures).toBe(50);
    const attempts = receiver.received.length;
    expect(attempts).toBe(50);
    await emit(13, 'strategy.deployed');
    // a broken webhook gets nothing: an absence has no event to await
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(attempts);
    const open = await service.service.orm.em.fork().count(WebhookDelivery, { webhookId: created.id, status: { $in: ['pending', 'held', 'sending'] } });
    expect(open).toBe(0);
  }, 60_000);

  it('a successful probe resumes a webhook paused by failures and releases the held backlog', async () => {
    const created = await webhooks().create({ userId: 14, apiKeyId: 1, scopes: ['webhooks:write'] }, { url: receiverUrl, events: ['*'] });
    receiver.behaviour = { kind: 'fail', status: 500 };
    for (let index = 0; index < 3; index += 1) await emit(14, 'strategy.deployed', { n: index });
    await waitFor('the webhook pauses', async () => (await webhookRow(created.id)).status === 'paused', { timeoutMs: 20_000 });
    receiver.behaviour = { kind: 'ok' };
    await waitFor('the webhook is active again', async () => (await webhookRow(created.id)).status === 'active', { timeoutMs: 10_000 });
    await waitFor(
      'three deliveries are delivered',
      async () => (await service.service.orm.em.fork().count(WebhookDelivery, { webhookId: created.id, status: 'delivered' })) === 3,
      { timeoutMs: 10_000 },
    );
    expect((await webhookRow(created.id)).consecutiveFailures).toBe(0);
  }, 60_000);

  it('a fan-out that waits for a lock does not hold up the attempts of deliveries already made', async () => {
    const caller = (userId: number) => ({ userId, apiKeyId: 1, scopes: ['webhooks:write'] });
    const waiting = await webhooks().create(caller(15), { url: `${receiverUrl}/waiting`, events: ['*'] });
    const served = await webhooks().create(caller(16), { url: `${receiverUrl}/served`, events: ['*'] });
    await emit(16, 'strategy.deployed');
    await receiver.waitFor(1);
    const delivery = await service.service.orm.em.fork().findOneOrFail(WebhookDelivery, { webhookId: served.id });
    await waitFor(
      'the delivery is delivered',
      async () => (await service.service.orm.em.fork().findOneOrFail(WebhookDelivery, { id: delivery.id })).status === 'delivered',
    );

    // A user's edit holding the webhook row: the fan-out's insert of its delivery waits for it (the foreign key's KEY SHARE lock).
    const editor = new Client({ connectionString: service.databaseUrl });
    await editor.connect();
    try {
      await editor.query('BEGIN');
      await editor.query('SELECT id FROM webhooks WHERE id = $1 FOR UPDATE', [waiting.id]);
      await emit(15, 'strategy.deployed');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await service.service.services.webhookDeliveries.redeliver(caller(16), served.id, delivery.id);
      await receiver.waitFor(2, 3_000);
      expect(receiver.received.map((request) => request.path)).toEqual(['/served', '/served']);
      await editor.query('COMMIT');
      await receiver.waitFor(3);
      expect(receiver.received[2]?.path).toBe('/waiting');
    } finally {
      await editor.query('ROLLBACK').catch(() => undefined);
      await editor.end();
    }
  });
});
