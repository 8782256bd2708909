import { Webhook as StandardWebhook } from 'standardwebhooks';
import { WebhookDelivery } from '../src/entities/webhook-delivery.entity';
import { recordEvent } from '../src/events/outbox';
import { MAX_IN_FLIGHT_PER_WEBHOOK } from '../src/services/webhooks/webhooks.store';
import { createTestCa, type TestCa } from './stand-ins/test-ca';
import { WebhookReceiver } from './stand-ins/webhook-receiver';
import { spawnService } from './support/service-process';
import { createTestDatabase, startTestService, type TestService } from './support/test-service';

describe('a delivery survives a worker process killed mid-delivery', () => {
  let ca: TestCa;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: TestService;
  let receiver: WebhookReceiver;
  let env: Record<string, string>;

  beforeAll(async () => {
    ca = await createTestCa();
    database = await createTestDatabase();
    env = {
      WEBHOOK_EXTRA_CA_FILE: ca.caFile,
      WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8',
      WEBHOOK_RETRY_SCHEDULE: '60',
      DATABASE_URL: database.url,
      // Processes sharing a database must share the key that seals webhook secrets.
      ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    };
    api = await startTestService({ ...env, ROLE: 'api' }, database);
    receiver = new WebhookReceiver(ca.server);
  });
  afterAll(async () => {
    await receiver.stop();
    await api.stop();
    await database.drop();
  });

  it('another worker sends it again at once, with the same webhook-id, and it is delivered once acknowledged', async () => {
    const url = await receiver.start();
    const created = await api.service.services.webhooks.create({ userId: 1, apiKeyId: 1, scopes: ['webhooks:write'] }, { url, events: ['*'] });
    receiver.behaviour = { kind: 'slow', delayMs: 5_000 };
    const first = await spawnService({ ...env, ROLE: 'worker' });
    const event = await api.service.orm.em.fork().transactional((em) => recordEvent(em, { userId: 1, type: 'strategy.deployed', data: {} }));
    await receiver.waitFor(1);
    first.child.kill('SIGKILL');
    await first.exited;

    receiver.behaviour = { kind: 'ok' };
    const second = await spawnService({ ...env, ROLE: 'worker' });
    try {
      await receiver.waitFor(2, 10_000);
      expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([event.id, event.id]);
      for (const request of receiver.received) new StandardWebhook(created.secret).verify(request.body, request.headers);
      const deadline = Date.now() + 5_000;
      let delivery = await api.service.orm.em.fork().findOneOrFail(WebhookDelivery, { eventId: event.id });
      while (delivery.status !== 'delivered' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        delivery = await api.service.orm.em.fork().findOneOrFail(WebhookDelivery, { eventId: event.id });
      }
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 60_000);

  it("a dead worker's in-flight attempts stop counting against the webhook's in-flight bound at once, not when their lease lapses", async () => {
    const busy = new WebhookReceiver(ca.server);
    const url = await busy.start();
    await api.service.services.webhooks.create({ userId: 2, apiKeyId: 2, scopes: ['webhooks:write'] }, { url, events: ['*'] });
    busy.behaviour = { kind: 'slow', delayMs: 30_000 };
    const first = await spawnService({ ...env, ROLE: 'worker' });
    const events = [];
    for (let index = 0; index < MAX_IN_FLIGHT_PER_WEBHOOK + 1; index += 1) {
      events.push(await api.service.orm.em.fork().transactional((em) => recordEvent(em, { userId: 2, type: 'strategy.deployed', data: { index } })));
    }
    // The webhook is at its bound: every slot is taken by the worker about to die.
    await busy.waitFor(MAX_IN_FLIGHT_PER_WEBHOOK);
    first.child.kill('SIGKILL');
    await first.exited;

    busy.behaviour = { kind: 'ok' };
    const second = await spawnService({ ...env, ROLE: 'worker' });
    const started = Date.now();
    try {
      const arrived = () => new Set(busy.received.map((request) => request.headers['webhook-id']));
      while (!events.every((event) => arrived().has(event.id)) && Date.now() - started < 5_000) await new Promise((resolve) => setTimeout(resolve, 50));
      // The lease is 15 s: waiting for it would take far longer than this.
      expect(events.filter((event) => !arrived().has(event.id))).toEqual([]);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
      await busy.stop();
    }
  }, 60_000);
});
