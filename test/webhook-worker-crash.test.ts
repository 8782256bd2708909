import { Webhook as StandardWebhook } from 'standardwebhooks';
import { WebhookDelivery } from '../src/entities/webhook-delivery.entity';
import { recordEvent } from '../src/events/outbox';
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
});
