import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook } from '../../src/entities/webhook.entity';
import { recordEvent } from '../../src/events/outbox.store';
import type { EventType } from '../../src/events/event-types';
import { startReceiverWorld, WebhookReceiver, type ReceivedRequest, type ReceiverWorld } from '../stand-ins/webhook-receiver';
import { defined } from '../support/defined';
import { request } from '../support/http';
import { newAccount, signedClient, startOutsideWorld, type OutsideWorld, type SignedClient } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import type {
  AttemptRecord,
  DeliveryRecord,
  EventTypeRecord,
  Page,
  RotatedSecret,
  WebhookRecord,
  WebhookTestResult,
} from '../../src/services/webhooks/webhook-records';
import { waitFor } from '../support/wait';

type CreatedWebhook = WebhookRecord & { secret: string };

/** Jest's asymmetric matchers are typed `any`; these say what they stand for. */
const anyString: unknown = expect.any(String);
const anyNumber: unknown = expect.any(Number);
const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern);

const WRITE = ['webhooks:write'];
const USED_WEIGHT = 'x-service-used-weight-1m';

/** Contract §16 over HTTP, against HTTPS receiver stand-ins: one that answers as told, one that fails until told otherwise. */
describe('webhook operations (contract §16)', () => {
  let receivers: ReceiverWorld;
  let receiver: WebhookReceiver;
  let url: string;
  let failing: WebhookReceiver;
  let failingUrl: string;
  let world: OutsideWorld;
  let service: TestService;
  let emailCounter = 0;
  const account = async (scopes = WRITE) => {
    const created = await newAccount(service.url, world, `ops${(emailCounter += 1)}@example.com`, scopes);
    return { ...created, userId: (created.user as { id: number }).id };
  };
  const setWebhook = (id: string, changes: Partial<Webhook>) => service.service.orm.em.fork().nativeUpdate(Webhook, { id }, changes);
  const emit = (userId: number, type: EventType, data: Record<string, unknown> = {}) =>
    service.service.orm.em.fork().transactional((em) => recordEvent(em, { userId, type, data }));
  const create = async (call: SignedClient, target: string, events: string[]) => {
    const response = await call<CreatedWebhook>('POST', '/v1/webhooks', { url: target, events });
    expect(response.status).toBe(200);
    return response.body;
  };
  const deliveries = async (call: SignedClient, id: string, query = '') =>
    (await call<Page<DeliveryRecord>>('GET', `/v1/webhooks/${id}/deliveries${query}`)).body.data;
  const requestsFor = (target: WebhookReceiver, eventId: string) => target.received.filter((entry) => entry.headers['webhook-id'] === eventId);
  const typesAt = (target: WebhookReceiver, path: string) =>
    target.received.filter((entry) => entry.path === path).map((entry) => (JSON.parse(entry.body) as { type: string }).type);

  beforeAll(async () => {
    receivers = await startReceiverWorld();
    ({ receiver, url } = receivers);
    failing = new WebhookReceiver(receivers.ca.server);
    failingUrl = await failing.start();
    world = await startOutsideWorld();
    service = await startTestService({
      ...world.env,
      ...receivers.env,
      WEBHOOK_RETRY_SCHEDULE: '0.05',
      // Long enough that a paused webhook's failing probes cannot reach 50 (broken) before a slow machine lets the test switch them to success.
      WEBHOOK_PROBE_INTERVAL_S: '1',
    });
  });
  afterAll(async () => {
    await failing.stop();
    await receivers.stop();
    await service.stop();
    await world.stop();
  });
  beforeEach(() => {
    receiver.behaviour = { kind: 'ok' };
    failing.behaviour = { kind: 'fail', status: 500 };
  });

  describe('rotate-secret', () => {
    it('answers a new secret; for 24 h every delivery carries both signatures, new first, and verifies with either secret', async () => {
      const owner = await account();
      const webhook = await create(owner.call, `${url}/rotate`, ['backtest.*']);
      const rotated = await owner.call<RotatedSecret>('POST', `/v1/webhooks/${webhook.id}/rotate-secret`);
      expect(rotated.status).toBe(200);
      expect(rotated.body).toEqual({
        secret: matching(/^[A-Za-z0-9]{40}$/),
        _secret_warning: anyString,
        previous_secret_expires_at: matching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
      expect(rotated.body.secret).not.toBe(webhook.secret);
      expect(Math.abs(Date.parse(rotated.body.previous_secret_expires_at) - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);

      const event = await emit(owner.userId, 'backtest.job_done', { job_id: 'bt_rotate' });
      await waitFor('the receiver gets the event', async () => requestsFor(receiver, event.id).length === 1);
      const [delivery] = requestsFor(receiver, event.id);
      const signatures = delivery!.headers['webhook-signature']!.split(' ');
      expect(signatures).toHaveLength(2);
      expect(new StandardWebhook(rotated.body.secret).verify(delivery!.body, delivery!.headers)).toMatchObject({ id: event.id });
      expect(new StandardWebhook(webhook.secret).verify(delivery!.body, delivery!.headers)).toMatchObject({ id: event.id });
      const onlyFirst = { ...delivery!.headers, 'webhook-signature': signatures[0]! };
      expect(new StandardWebhook(rotated.body.secret).verify(delivery!.body, onlyFirst)).toMatchObject({ id: event.id });
      expect(() => new StandardWebhook(webhook.secret).verify(delivery!.body, onlyFirst)).toThrow();

      await setWebhook(webhook.id, { previousSecretExpiresAt: new Date(Date.now() - 1000) });
      const test = await owner.call<WebhookTestResult>('POST', `/v1/webhooks/${webhook.id}/test`);
      expect(test.body.delivered).toBe(true);
      const [late] = requestsFor(receiver, test.body.test_event_id);
      expect(late!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
      expect(new StandardWebhook(rotated.body.secret).verify(late!.body, late!.headers)).toMatchObject({ type: 'webhook.test' });
      expect(() => new StandardWebhook(webhook.secret).verify(late!.body, late!.headers)).toThrow();
    });

    it('a second rotation keeps only the secret it replaces', async () => {
      const owner = await account();
      const webhook = await create(owner.call, `${url}/rotate-twice`, ['*']);
      const first = (await owner.call<RotatedSecret>('POST', `/v1/webhooks/${webhook.id}/rotate-secret`)).body;
      const second = (await owner.call<RotatedSecret>('POST', `/v1/webhooks/${webhook.id}/rotate-secret`)).body;
      const test = await owner.call<WebhookTestResult>('POST', `/v1/webhooks/${webhook.id}/test`);
      const [delivery] = requestsFor(receiver, test.body.test_event_id);
      expect(new StandardWebhook(second.secret).verify(delivery!.body, delivery!.headers)).toBeTruthy();
      expect(new StandardWebhook(first.secret).verify(delivery!.body, delivery!.headers)).toBeTruthy();
      expect(() => new StandardWebhook(webhook.secret).verify(delivery!.body, delivery!.headers)).toThrow();
    });

    it('costs weight 5', async () => {
      const owner = await account();
      const webhook = await create(owner.call, `${url}/rotate-weight`, ['*']);
      const first = await owner.call<RotatedSecret>('POST', `/v1/webhooks/${webhook.id}/rotate-secret`);
      const second = await owner.call<RotatedSecret>('POST', `/v1/webhooks/${webhook.id}/rotate-secret`);
      expect(Number(second.headers.get(USED_WEIGHT)) - Number(first.headers.get(USED_WEIGHT))).toBe(5);
    });
  });

  describe('deliveries filters and the attempt log', () => {
    it('filters the log by status and event_type, and lists every attempt newest first with the answer', async () => {
      const owner = await account();
      const webhook = await create(owner.call, `${url}/log`, ['*']);
      receiver.behaviour = { kind: 'fail', status: 500 };
      const failed = await emit(owner.userId, 'backtest.job_done', { job_id: 'bt_log' });
      await waitFor('the failed delivery is listed', async () =>
        (await deliveries(owner.call, webhook.id)).some((row) => row.event_id === failed.id && row.status === 'failed'),
      );
      receiver.behaviour = { kind: 'ok' };
      const delivered = await emit(owner.userId, 'strategy.deployed', { strategy_id: 'strat_log' });
      await waitFor('the delivered delivery is listed', async () =>
        (await deliveries(owner.call, webhook.id)).some((row) => row.event_id === delivered.id && row.status === 'delivered'),
      );

      const ids = async (query: string) => (await deliveries(owner.call, webhook.id, query)).map((row) => row.event_id);
      expect(await ids('?status=failed')).toEqual([failed.id]);
      expect(await ids('?status=delivered')).toEqual([delivered.id]);
      expect(await ids('?event_type=backtest.job_done')).toEqual([failed.id]);
      expect(await ids('?status=delivered&event_type=backtest.job_done')).toEqual([]);
      expect(await ids('?status=held')).toEqual([]);
      expect(await ids('')).toEqual([delivered.id, failed.id]);

      const [failedRow] = await deliveries(owner.call, webhook.id, '?status=failed');
      expect(failedRow).toMatchObject({ webhook_id: webhook.id, attempts: 2 });
      const log = await owner.call<{ data: AttemptRecord[] }>('GET', `/v1/webhooks/${webhook.id}/deliveries/${failedRow!.id}/attempts`);
      expect(log.status).toBe(200);
      const failure = { response_status: 500, response_time_ms: anyNumber, error: 'receiver answered 500', response_body: 'failure' };
      expect(log.body).toEqual({
        data: [
          { attempted_at: anyString, ...failure },
          { attempted_at: anyString, ...failure },
        ],
      });
      const [newest, oldest] = log.body.data.map((attempt) => Date.parse(attempt.attempted_at));
      expect(newest).toBeGreaterThanOrEqual(defined(oldest, 'the first attempt'));

      const [deliveredRow] = await deliveries(owner.call, webhook.id, '?status=delivered');
      const deliveredLog = await owner.call<{ data: AttemptRecord[] }>('GET', `/v1/webhooks/${webhook.id}/deliveries/${deliveredRow!.id}/attempts`);
      expect(deliveredLog.body.data).toEqual([
        { attempted_at: anyString, response_status: 200, response_time_ms: anyNumber, error: null, response_body: '{"ok":true}' },
      ]);
      const again = await owner.call<{ data: AttemptRecord[] }>('GET', `/v1/webhooks/${webhook.id}/deliveries/${deliveredRow!.id}/attempts`);
      expect(Number(again.headers.get(USED_WEIGHT)) - Number(deliveredLog.headers.get(USED_WEIGHT))).toBe(2);
    });

    it('keeps the first 1,024 characters of an answer, and null when nothing answered', async () => {
      const owner = await account();
      const webhook = await create(owner.call, `${url}/long-answer`, ['*']);
      receiver.behaviour = { kind: 'endless', bytes: 100 * 1024 };
      const test = await owner.call<WebhookTestResult>('POST', `/v1/webhooks/${webhook.id}/test`);
      expect(test.body.delivered).toBe(true);
      const [row] = await deliveries(owner.call, webhook.id);
      const log = await owner.call<{ data: AttemptRecord[] }>('GET', `/v1/webhooks/${webhook.id}/deliveries/${row!.id}/attempts`);
      expect(log.body.data[0]?.response_body).toBe('x'.repeat(1024));

      const gone = new WebhookReceiver(receivers.ca.server);
      const goneUrl = await gone.start();
      const unreachable = await create(owner.call, `${goneUrl}/gone`, ['*']);
      await gone.stop();
      await owner.call<WebhookTestResult>('POST', `/v1/webhooks/${unreachable.id}/test`);
      const [silent] = await deliveries(owner.call, unreachable.id);
      const silentLog = await owner.call<{ data: AttemptRecord[] }>('GET', `/v1/webhooks/${unreachable.id}/deliveries/${silent!.id}/attempts`);
      expect(silentLog.body.data.at(-1)).toEqual({
        attempted_at: anyString,
        response_status: null,
        response_time_ms: null,
        error: matching(/ECONNREFUSED/),
        response_body: null,
      });
    });

    it.each([
      ['an unknown status', '?status=sending', 'status'],
      ['an unknown event_type', '?event_type=order.filled', 'event_type'],
      ['a limit of 0', '?limit=0', 'limit'],
    ])('%s answers 400 INVALID_PARAMETER naming the field', async (_name, query, field) => {
      const owner = await account();
      const webhook = await create(owner.call, `${url}/filters-${field}`, ['*']);
      const response = await owner.call('GET', `/v1/webhooks/${webhook.id}/deliveries${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { code: 'INVALID_PARAMETER', message: anyString, field } });
    });

    it('a cursor replayed with other filters answers 400 INVALID_PARAMETER on cursor', async () => {
      const owner = await account();
      const webhook = await create(owner.call, `${url}/cursor`, ['*']);
      for (let index = 0; index < 2; index += 1) await owner.call<WebhookTestResult>('POST', `/v1/webhooks/${webhook.id}/test`);
      const first = await owner.call<Page<DeliveryRecord>>('GET', `/v1/webhooks/${webhook.id}/deliveries?limit=1&status=delivered`);
      expect(first.body.next_cursor).toEqual(anyString);
      const next = await owner.call<Page<DeliveryRecord>>(
        'GET',
        `/v1/webhooks/${webhook.id}/deliveries?limit=1&status=delivered&cursor=${first.body.next_cursor}`,
      );
      expect(next.status).toBe(200);
      expect(next.body.data).toHaveLength(1);
      const mixed = await owner.call<Page<DeliveryRecord>>(
        'GET',
        `/v1/webhooks/${webhook.id}/deliveries?limit=1&status=failed&cursor=${first.body.next_cursor}`,
      );
      expect(mixed.status).toBe(400);
      expect(mixed.body).toEqual({ error: { code: 'INVALID_PARAMETER', message: anyString, field: 'cursor' } });
    });

    it("an unknown delivery, an unknown webhook or another key's webhook answers 404 NOT_FOUND", async () => {
      const owner = await account();
      const webhook = await create(owner.call, `${url}/attempts-404`, ['*']);
      const test = await owner.call<WebhookTestResult>('POST', `/v1/webhooks/${webhook.id}/test`);
      expect(test.body.delivered).toBe(true);
      const [row] = await deliveries(owner.call, webhook.id);
      const stranger = await account();
      for (const [client, path] of [
        [owner.call, `/v1/webhooks/${webhook.id}/deliveries/dlv_missing/attempts`],
        [owner.call, `/v1/webhooks/wh_00000000/deliveries/${row!.id}/attempts`],
        [stranger.call, `/v1/webhooks/${webhook.id}/deliveries/${row!.id}/attempts`],
      ] as const) {
        const response = await client('GET', path);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: { code: 'NOT_FOUND', message: anyString } });
      }
    });
  });

  describe('recover', () => {
    it('requeues exactly the deliveries that failed since the given time, each sent once more', async () => {
      const owner = await account();
      const webhook = await create(owner.call, `${url}/recover`, ['backtest.*']);
      const failedBy = async (count: number) =>
        waitFor('every failed delivery is listed', async () => (await deliveries(owner.call, webhook.id, '?status=failed&limit=100')).length === count, {
          timeoutMs: 15_000,
        });
      receiver.behaviour = { kind: 'fail', status: 503 };
      const before = await emit(owner.userId, 'backtest.job_done', { n: 0 });
      await failedBy(1);
      const since = new Date();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const recent = [];
      for (let index = 1; index <= 3; index += 1) recent.push(await emit(owner.userId, 'backtest.job_done', { n: index }));
      await failedBy(4);
      receiver.behaviour = { kind: 'ok' };
      const delivered = await emit(owner.userId, 'backtest.job_done', { n: 4 });
      await waitFor('the receiver gets the redelivery', async () => requestsFor(receiver, delivered.id).length === 1);

      const sent = receiver.received.length;
      const response = await owner.call<{ requeued: number }>('POST', `/v1/webhooks/${webhook.id}/recover`, { since: since.toISOString() });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ requeued: 3 });
      await receiver.waitFor(sent + 3);
      // and no fourth: an absence has no event to await
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Claimed oldest first (test/webhooks/webhooks.store.test.ts), but up to 4 go out at once, so arrival order is the network's.
      const resent = receiver.received.slice(sent).map((entry) => entry.headers['webhook-id']);
      expect([...resent].sort()).toEqual(recent.map((event) => event.id).sort());
      expect(requestsFor(receiver, before.id).filter((entry) => entry.at > since.getTime())).toHaveLength(0);
      await waitFor('four deliveries are delivered', async () => (await deliveries(owner.call, webhook.id, '?status=delivered')).length === 4);
      expect((await deliveries(owner.call, webhook.id, '?status=failed')).map((row) => row.event_id)).toEqual([before.id]);

      const again = await owner.call<{ requeued: number }>('POST', `/v1/webhooks/${webhook.id}/recover`, { since: since.toISOString() });
      expect(again.body).toEqual({ requeued: 0 });
      expect(Number(again.headers.get(USED_WEIGHT)) - Number(response.headers.get(USED_WEIGHT))).toBeGreaterThanOrEqual(10);
    }, 30_000);

    it.each([
      ['since missing', {}],
      ['since not a time', { since: 'yesterday' }],
      ['since more than 14 days back', { since: new Date(Date.now() - 15 * 86_400_000).toISOString() }],
    ])('%s answers 400 INVALID_PARAMETER on since', async (_name, body) => {
      const owner = await account();
      const webhook = await create(owner.call, `${url}/recover-400-${emailCounter}`, ['*']);
      const response = await owner.call('POST', `/v1/webhooks/${webhook.id}/recover`, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { code: 'INVALID_PARAMETER', message: anyString, field: 'since' } });
    });

    it('a broken webhook answers 409 INVALID_STATE', async () => {
      const owner = await account();
      const webhook = await create(owner.call, `${url}/recover-broken`, ['*']);
      await setWebhook(webhook.id, { status: 'broken', consecutiveFailures: 50 });
      const response = await owner.call('POST', `/v1/webhooks/${webhook.id}/recover`, { since: new Date(Date.now() - 3600_000).toISOString() });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ error: { code: 'INVALID_STATE', message: anyString } });
    });
  });

  describe('who may call', () => {
    const since = () => new Date(Date.now() - 3600_000).toISOString();

    it.each([
      ['rotate-secret', (id: string) => ['POST', `/v1/webhooks/${id}/rotate-secret`, undefined] as const],
      ['recover', (id: string) => ['POST', `/v1/webhooks/${id}/recover`, { since: since() }] as const],
    ])("%s: a key without webhooks:write answers 403, an unknown or another key's webhook 404", async (_name, call) => {
      const owner = await account();
      const webhook = await create(owner.call, `${url}/who-${emailCounter}`, ['*']);
      const readOnly = await account([]);
      const [method, path, body] = call(webhook.id);
      const forbidden = await readOnly.call(method, path, body);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ error: { code: 'INSUFFICIENT_PERMISSION', message: anyString } });
      const stranger = await account();
      for (const [client, target] of [
        [stranger.call, path],
        [owner.call, call('wh_00000000')[1]],
      ] as const) {
        const response = await client(method, target, body);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: { code: 'NOT_FOUND', message: anyString } });
      }
    });

    it('checks run in the order 401, 429, 403: a key without the scope pays for each refused call until its budget is spent', async () => {
      const readOnly = await account([]);
      const path = '/v1/webhooks/wh_00000000/recover';
      const body = { since: since() };
      let refused = 0;
      let last = await readOnly.call('POST', path, body);
      while (last.status === 403 && refused < 200) {
        refused += 1;
        last = await readOnly.call('POST', path, body);
      }
      // The default budget is 1,200 weight a minute and recover costs 10.
      expect(refused).toBe(120);
      expect(last.status).toBe(429);
      expect(last.body).toEqual({ error: { code: 'RATE_LIMITED', message: anyString } });
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      const forged = signedClient(service.url, { ...readOnly.key, api_secret: 'f'.repeat(64) });
      const unauthenticated = await forged('POST', path, body);
      expect(unauthenticated.status).toBe(401);
      expect(unauthenticated.body).toEqual({ error: { code: 'UNAUTHENTICATED', message: anyString } });
    });

    it.each([
      ['GET', '/v1/webhooks/event-types'],
      ['POST', '/v1/webhooks/wh_00000000/rotate-secret'],
      ['POST', '/v1/webhooks/wh_00000000/recover'],
      ['GET', '/v1/webhooks/wh_00000000/deliveries/dlv_0/attempts'],
    ])('%s %s without the signed headers answers 401 UNAUTHENTICATED', async (method, path) => {
      const response = await request(service.url, method, path);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: { code: 'UNAUTHENTICATED', message: anyString } });
    });
  });

  describe('event catalogue', () => {
    it('lists every event type with a description, a JSON Schema of its data and an example that validates against it', async () => {
      const owner = await account([]);
      const response = await owner.call<EventTypeRecord[]>('GET', '/v1/webhooks/event-types');
      expect(response.status).toBe(200);
      const catalogue = response.body;
      expect(catalogue.map((entry) => entry.type).sort()).toEqual(
        [
          'account.balance_low',
          'backtest.job_done',
          'backtest.job_failed',
          'backtest.sweep_done',
          'strategy.deployed',
          'strategy.error',
          'strategy.order_skipped',
          'strategy.paused',
          'strategy.position_closed',
          'strategy.position_opened',
          'strategy.protection_triggered',
          'webhook.broken',
          'webhook.paused',
          'webhook.recovered',
          'webhook.test',
        ].sort(),
      );
      for (const entry of catalogue) {
        expect(entry.description.length).toBeGreaterThan(10);
        const validate = schemaValidator().compile(entry.data_schema);
        expect({ type: entry.type, valid: validate(entry.example), errors: validate.errors ?? null }).toEqual({ type: entry.type, valid: true, errors: null });
      }
      const again = await owner.call('GET', '/v1/webhooks/event-types');
      expect(Number(again.headers.get(USED_WEIGHT)) - Number(response.headers.get(USED_WEIGHT))).toBe(1);
    });

    it('a webhook may subscribe to the new types and to webhook.*', async () => {
      const owner = await account();
      const response = await owner.call('POST', '/v1/webhooks', {
        url: `${url}/catalogue`,
        events: ['webhook.*', 'strategy.order_skipped', 'backtest.sweep_done', 'webhook.paused'],
      });
      expect(response.status).toBe(200);
    });
  });

  describe('operational events: webhook.paused, webhook.broken, webhook.recovered', () => {
    it("go to the account's other active webhooks subscribed to them, never to the webhook they are about", async () => {
      const owner = await account();
      const watched = await create(owner.call, `${failingUrl}/watched`, ['*']);
      const watcher = await create(owner.call, `${url}/watcher`, ['webhook.*']);
      const pausedWatcher = await create(owner.call, `${url}/paused-watcher`, ['webhook.paused']);
      expect((await owner.call<WebhookRecord>('PATCH', `/v1/webhooks/${pausedWatcher.id}`, { status: 'paused' })).body.status).toBe('paused');
      const unrelated = await create(owner.call, `${url}/unrelated`, ['strategy.*']);
      const stranger = await account();
      await create(stranger.call, `${url}/stranger`, ['*']);
      const catalogue = (await owner.call<EventTypeRecord[]>('GET', '/v1/webhooks/event-types')).body;
      const statusSchema = schemaValidator().compile(catalogue.find((entry) => entry.type === 'webhook.paused')!.data_schema);
      const received = (type: string) =>
        receiver.received
          .filter((entry) => entry.path === '/watcher' && (JSON.parse(entry.body) as { type: string }).type === type)
          .map((entry) => verified(entry, watcher.secret));

      await setWebhook(watched.id, { consecutiveFailures: 19 });
      await emit(owner.userId, 'backtest.job_done', { job_id: 'bt_pause' });
      await waitFor('a webhook.paused event', async () => received('webhook.paused').length === 1);
      const [paused] = received('webhook.paused');
      expect(paused!.data).toEqual({ webhook_id: watched.id, url: watched.url, consecutive_failures: 20, reason: 'failures' });
      expect(statusSchema(paused!.data)).toBe(true);

      failing.behaviour = { kind: 'ok' };
      await waitFor('a webhook.recovered event', async () => received('webhook.recovered').length === 1, { timeoutMs: 20_000 });
      expect(received('webhook.recovered')[0]!.data).toEqual({ webhook_id: watched.id, url: watched.url, consecutive_failures: 0, reason: 'delivered' });

      failing.behaviour = { kind: 'fail', status: 500 };
      await setWebhook(watched.id, { consecutiveFailures: 49 });
      await emit(owner.userId, 'backtest.job_done', { job_id: 'bt_break' });
      await waitFor('a webhook.broken event', async () => received('webhook.broken').length === 1);
      expect(received('webhook.broken')[0]!.data).toEqual({ webhook_id: watched.id, url: watched.url, consecutive_failures: 50, reason: 'failures' });

      expect((await owner.call<WebhookRecord>('PATCH', `/v1/webhooks/${watched.id}`, { status: 'active' })).body.status).toBe('active');
      await waitFor('a second webhook.recovered event', async () => received('webhook.recovered').length === 2);
      expect(received('webhook.recovered')[1]!.data).toEqual({ webhook_id: watched.id, url: watched.url, consecutive_failures: 0, reason: 'reactivated' });

      // none of the status events reaches the watched or a paused webhook: an absence has no event to await
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const type of ['webhook.paused', 'webhook.broken', 'webhook.recovered']) {
        expect(await deliveries(owner.call, watched.id, `?event_type=${type}`)).toEqual([]);
        expect(await deliveries(owner.call, pausedWatcher.id, `?event_type=${type}`)).toEqual([]);
      }
      expect(typesAt(failing, '/watched').filter((type: string) => type.startsWith('webhook.'))).toEqual([]);
      expect(typesAt(receiver, '/paused-watcher')).toEqual([]);
      expect(typesAt(receiver, '/unrelated')).toEqual([]);
      expect(typesAt(receiver, '/stranger').filter((type: string) => type.startsWith('webhook.'))).toEqual([]);
      expect(await deliveries(owner.call, unrelated.id)).toEqual([]);
    }, 60_000);
  });
});

function schemaValidator(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true });
  addFormats(ajv);
  return ajv;
}

function verified(entry: ReceivedRequest, secret: string): { type: string; data: Record<string, unknown> } {
  return new StandardWebhook(secret).verify(entry.body, entry.headers) as { type: string; data: Record<string, unknown> };
}
