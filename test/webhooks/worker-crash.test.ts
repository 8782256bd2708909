import { Webhook as StandardWebhook } from 'standardwebhooks';
import { WebhookDelivery } from '../../src/entities/webhook-delivery.entity';
import { recordEvent } from '../../src/events/outbox.store';
import { MAX_IN_FLIGHT_PER_WEBHOOK } from '../../src/services/webhooks/delivery-queue.store';
import { createTestCa, type TestCa } from '../stand-ins/test-ca';
import { WebhookReceiver } from '../stand-ins/webhook-receiver';
import { defined } from '../support/defined';
import { spawnService } from '../support/service-process';
import { createTestDatabase, startTestService, type TestService } from '../support/test-service';

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
  it('a worker killed in the middle of a burst loses no delivery: every (event, webhook) pair arrives, sent twice only if it was in flight at the kill, and the attempt log agrees', async () => {
    const burst = new WebhookReceiver(ca.server);
    const url = await burst.start();
    const owner = { userId: 3, apiKeyId: 3, scopes: ['webhooks:write'] };
    const webhookIds: string[] = [];
    for (let index = 0; index < 5; index += 1)
      webhookIds.push((await api.service.services.webhooks.create(owner, { url: `${url}/hook/${index}`, events: ['*'] })).id);
    // Attempts take a little while, so some are always in flight when the worker dies.
    burst.behaviour = { kind: 'slow', delayMs: 20 };
    const first = await spawnService({ ...env, ROLE: 'worker' });
    const events = await api.service.orm.em.fork().transactional(async (em) => {
      const recorded = [];
      for (let index = 0; index < 80; index += 1) recorded.push(await recordEvent(em, { userId: 3, type: 'strategy.deployed', data: { index } }));
      return recorded;
    });
    const pairs = events.length * webhookIds.length;
    await burst.waitFor(50, 15_000);
    first.child.kill('SIGKILL');
    await first.exited;
    // The kill really was mid-burst: work was left unfinished, some of it claimed by the dead worker.
    const sql = api.service.orm.em.getConnection();
    const left = await sql.execute<{ status: string; lapses_ms: string }[]>(
      `SELECT status, extract(epoch FROM min(locked_until)) * 1000 AS lapses_ms FROM webhook_deliveries WHERE webhook_id IN (?) AND status <> 'delivered' GROUP BY status`,
      [webhookIds],
    );
    const held = defined(
      left.find((row) => row.status === 'sending'),
      'a delivery in flight at the kill',
    );
    expect(burst.received.length).toBeLessThan(pairs);

    const second = await spawnService({ ...env, ROLE: 'worker' });
    try {
      const arrived = () => new Set(burst.received.map((request) => `${request.headers['webhook-id']} ${request.path}`));
      // Before the first of the dead worker's leases lapses: what it held is taken over at once. That leaves the new
      // process nearly the whole 15 s lease to start, which takes several seconds when the suite loads both cores.
      const deadline = Number(held.lapses_ms);
      while (arrived().size < pairs && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const missing = events.flatMap((event) => webhookIds.map((_id, index) => `${event.id} /hook/${index}`)).filter((pair) => !arrived().has(pair));
      expect(missing).toEqual([]);

      type Row = { id: string; event_id: string; path: string; status: string; attempts: number; logged: string; succeeded: string };
      const rows = async () =>
        sql.execute<Row[]>(
          `SELECT d.id, d.event_id, d.status, d.attempts, substring(w.url from '/hook/[0-9]+$') AS path,
                  (SELECT count(*) FROM webhook_attempts a WHERE a.delivery_id = d.id) AS logged,
                  (SELECT count(*) FROM webhook_attempts a WHERE a.delivery_id = d.id AND a.response_status = 200 AND a.error IS NULL) AS succeeded
             FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE d.webhook_id IN (?)`,
          [webhookIds],
        );
      let deliveries = await rows();
      while (deliveries.some((row) => row.status !== 'delivered') && Date.now() < deadline + 2_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        deliveries = await rows();
      }
      expect(deliveries).toHaveLength(pairs);
      expect(deliveries.filter((row) => row.status !== 'delivered')).toEqual([]);
      // The attempt log: one success per delivery, and no attempt logged that was not claimed.
      expect(deliveries.filter((row) => Number(row.succeeded) !== 1 || Number(row.logged) !== 1)).toEqual([]);

      // Sent more often than claimed never happens; sent twice only for what the dead worker held, at most its in-flight bound.
      const sent = new Map<string, number>();
      for (const request of burst.received)
        sent.set(`${request.headers['webhook-id']} ${request.path}`, (sent.get(`${request.headers['webhook-id']} ${request.path}`) ?? 0) + 1);
      expect(deliveries.filter((row) => (sent.get(`${row.event_id} ${row.path}`) ?? 0) > row.attempts)).toEqual([]);
      const duplicates = [...sent.values()].reduce((sum, count) => sum + count - 1, 0);
      expect(duplicates).toBeLessThanOrEqual(MAX_IN_FLIGHT_PER_WEBHOOK * webhookIds.length);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
      await burst.stop();
    }
  }, 60_000);
});
