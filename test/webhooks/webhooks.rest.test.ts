import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook } from '../../src/entities/webhook.entity';
import type { SignedErrorBody } from '../../src/rest/error-responses';
import type { DeliveryRecord, Page, WebhookRecord, WebhookTestResult } from '../../src/services/webhooks/webhook-records';
import type { TestCa } from '../stand-ins/test-ca';
import { startReceiverWorld, WebhookReceiver, type ReceiverWorld } from '../stand-ins/webhook-receiver';
import { newAccount, startOutsideWorld, type OutsideWorld, type SignedClient } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { defined } from '../support/defined';
import { anyOf, anyString, matching, objectContaining } from '../support/matchers';

const WRITE = ['webhooks:write'];

/** What create answers: the webhook with its secret, shown this once. */
type CreatedWebhook = WebhookRecord & { secret: string; _secret_warning: string };

describe('signed webhook API (spec "Webhooks", contract §10)', () => {
  let receivers: ReceiverWorld;
  let ca: TestCa;
  let world: OutsideWorld;
  let service: TestService;
  let receiver: WebhookReceiver;
  let url: string;
  let call: SignedClient;
  let emailCounter = 0;
  const account = (scopes = WRITE) => newAccount(service.url, world, `user${(emailCounter += 1)}@example.com`, scopes);
  const setWebhook = (id: string, changes: Partial<Webhook>) => service.service.orm.em.fork().nativeUpdate(Webhook, { id }, changes);

  beforeAll(async () => {
    receivers = await startReceiverWorld();
    ({ ca, receiver, url } = receivers);
    world = await startOutsideWorld();
    service = await startTestService({ ...world.env, ...receivers.env });
    call = (await account()).call;
  });
  afterAll(async () => {
    await receivers.stop();
    await service.stop();
    await world.stop();
  });
  beforeEach(() => {
    receiver.behaviour = { kind: 'ok' };
  });

  describe('create', () => {
    it('answers the webhook with its secret once, active with no failures', async () => {
      const response = await call<CreatedWebhook>('POST', '/v1/webhooks', { url: `${url}/created`, events: ['backtest.job_done', 'strategy.*'] });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: matching(/^wh_[0-9a-f]{6,8}$/),
        url: `${url}/created`,
        events: ['backtest.job_done', 'strategy.*'],
        description: null,
        status: 'active',
        consecutive_failures: 0,
        last_delivery_at: null,
        last_success_at: null,
        created_at: matching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
        secret: matching(/^[A-Za-z0-9]{40}$/),
        _secret_warning: anyString(),
      });
      const fetched = await call('GET', `/v1/webhooks/${response.body.id}`);
      expect(fetched.status).toBe(200);
      expect(fetched.body).not.toHaveProperty('secret');
      expect(fetched.body).not.toHaveProperty('_secret_warning');
      const listed = await call<Page<WebhookRecord>>('GET', '/v1/webhooks');
      expect(listed.body.data.find((row) => row.id === response.body.id)).not.toHaveProperty('secret');
    });

    it('keeps a description and a balance threshold', async () => {
      const response = await call('POST', '/v1/webhooks', {
        url: `${url}/balance`,
        events: ['account.balance_low'],
        description: 'treasury alerts',
        balance_low_threshold: '250.5',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ description: 'treasury alerts', balance_low_threshold: '250.5' });
    });

    it.each([
      ['url missing', { events: ['*'] }, 'url'],
      ['url malformed', { url: 'not a url', events: ['*'] }, 'url'],
      ['url http://', { url: 'http://example.com/hook', events: ['*'] }, 'url'],
      ['url to a private address', { url: 'https://10.1.2.3/hook', events: ['*'] }, 'url'],
      ['url to cloud metadata', { url: 'https://169.254.169.254/latest', events: ['*'] }, 'url'],
      ['url to an IPv4-mapped private address', { url: 'https://[::ffff:192.168.0.1]/hook', events: ['*'] }, 'url'],
      ['url to CGNAT space', { url: 'https://100.64.0.1/hook', events: ['*'] }, 'url'],
      ['events missing', { url: 'https://example.com/x' }, 'events'],
      ['events empty', { url: 'https://example.com/x', events: [] }, 'events'],
      ['an unknown event type', { url: 'https://example.com/x', events: ['strategy.deployed', 'order.filled'] }, 'events.1'],
      ['description over 200 characters', { url: 'https://example.com/x', events: ['*'], description: 'd'.repeat(201) }, 'description'],
      ['a threshold that is not a decimal', { url: 'https://example.com/x', events: ['*'], balance_low_threshold: 'lots' }, 'balance_low_threshold'],
      ['a zero threshold', { url: 'https://example.com/x', events: ['*'], balance_low_threshold: '0' }, 'balance_low_threshold'],
      ['a negative threshold', { url: 'https://example.com/x', events: ['*'], balance_low_threshold: '-5' }, 'balance_low_threshold'],
      ['account.balance_low without a threshold', { url: 'https://example.com/x', events: ['account.balance_low'] }, 'balance_low_threshold'],
    ])('%s answers 400 INVALID_PARAMETER naming the field', async (_name, body, field) => {
      const response = await call('POST', '/v1/webhooks', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { code: 'INVALID_PARAMETER', message: anyString(), field } });
    });

    it('a self-signed certificate answers 400 INVALID_PARAMETER', async () => {
      const rogue = new WebhookReceiver(ca.selfSigned);
      const rogueUrl = await rogue.start();
      try {
        const response = await call<SignedErrorBody>('POST', '/v1/webhooks', { url: rogueUrl, events: ['*'] });
        expect(response.status).toBe(400);
        expect(response.body.error).toMatchObject({ code: 'INVALID_PARAMETER', field: 'url', message: matching(/TLS|certificate/i) });
        expect(rogue.received).toHaveLength(0);
      } finally {
        await rogue.stop();
      }
    });

    it('a key without webhooks:write answers 403 INSUFFICIENT_PERMISSION', async () => {
      const readOnly = await account([]);
      const response = await readOnly.call('POST', '/v1/webhooks', { url: `${url}/nope`, events: ['*'] });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: { code: 'INSUFFICIENT_PERMISSION', message: anyString() } });
    });

    it('the same url twice on one account answers 409 DUPLICATE_URL, also from another key of the account', async () => {
      const owner = await account();
      expect((await owner.call('POST', '/v1/webhooks', { url: `${url}/dup`, events: ['*'] })).status).toBe(200);
      const again = await owner.call<SignedErrorBody>('POST', '/v1/webhooks', { url: `${url}/dup`, events: ['backtest.*'] });
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({ code: 'DUPLICATE_URL' });
      const otherAccount = await account();
      expect((await otherAccount.call('POST', '/v1/webhooks', { url: `${url}/dup`, events: ['*'] })).status).toBe(200);
    });

    it('10 simultaneous creations of one url make exactly one webhook', async () => {
      const owner = await account();
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => owner.call<Partial<SignedErrorBody>>('POST', '/v1/webhooks', { url: `${url}/race`, events: ['*'] })),
      );
      expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
      expect(responses.filter((response) => response.status === 409 && response.body.error?.code === 'DUPLICATE_URL')).toHaveLength(9);
    });

    it('30 simultaneous creations on a fresh account make exactly 25 webhooks, the rest 429 LIMIT_REACHED', async () => {
      const owner = await account();
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, index) => owner.call('POST', '/v1/webhooks', { url: `${url}/limit/${index}`, events: ['*'] })),
      );
      expect(responses.filter((response) => response.status === 200)).toHaveLength(25);
      const limited = responses.filter((response) => response.status === 429);
      expect(limited).toHaveLength(5);
      expect(limited[0]?.body).toEqual({ error: { code: 'LIMIT_REACHED', message: anyString() } });
      const listed = await owner.call<Page<WebhookRecord>>('GET', '/v1/webhooks?limit=100');
      expect(listed.body.data).toHaveLength(25);
    });
  });

  describe('test', () => {
    const create = async (client: SignedClient, path: string) =>
      (await client<CreatedWebhook>('POST', '/v1/webhooks', { url: `${url}${path}`, events: ['*'] })).body;

    it('delivers a signed webhook.test event and answers delivered true with the status and time', async () => {
      const webhook = await create(call, '/test-ok');
      const before = receiver.received.length;
      const response = await call<WebhookTestResult>('POST', `/v1/webhooks/${webhook.id}/test`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        test_event_id: matching(/^evt_test_[0-9a-f]{10,12}$/),
        delivered: true,
        response_status: 200,
        response_time_ms: anyOf(Number),
        error: null,
      });
      const request = defined(receiver.received[before], 'the test request');
      expect(request.path).toBe('/test-ok');
      const event = new StandardWebhook(webhook.secret).verify(request.body, request.headers) as Record<string, unknown>;
      expect(event).toMatchObject({ id: response.body.test_event_id, type: 'webhook.test', data: objectContaining({ test: true }) });
      expect(request.headers['webhook-id']).toBe(response.body.test_event_id);
    });

    it('a real event type sends that type with dummy data', async () => {
      const webhook = await create(call, '/test-typed');
      const response = await call<WebhookTestResult>('POST', `/v1/webhooks/${webhook.id}/test`, { event_type: 'backtest.job_done' });
      expect(response.body.delivered).toBe(true);
      const request = receiver.received.at(-1)!;
      expect(JSON.parse(request.body) as unknown).toMatchObject({ type: 'backtest.job_done', data: { test: true, job_id: anyString() } });
    });

    it('a failing endpoint answers 200 with delivered false, the status and an error, and counts a failure', async () => {
      const webhook = await create(call, '/test-500');
      receiver.behaviour = { kind: 'fail', status: 500 };
      const response = await call<WebhookTestResult>('POST', `/v1/webhooks/${webhook.id}/test`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ delivered: false, response_status: 500, response_time_ms: anyOf(Number), error: anyString() });
      expect((await call('GET', `/v1/webhooks/${webhook.id}`)).body).toMatchObject({ consecutive_failures: 1, last_success_at: null });
    });

    it('when nothing answers, response_status and response_time_ms are null', async () => {
      const gone = new WebhookReceiver(ca.server);
      const goneUrl = await gone.start();
      const webhook = (await call<CreatedWebhook>('POST', '/v1/webhooks', { url: `${goneUrl}/gone`, events: ['*'] })).body;
      await gone.stop();
      const response = await call<WebhookTestResult>('POST', `/v1/webhooks/${webhook.id}/test`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        test_event_id: matching(/^evt_test_/),
        delivered: false,
        response_status: null,
        response_time_ms: null,
        error: matching(/ECONNREFUSED/),
      });
    });

    it('an endpoint slower than the delivery deadline answers delivered false with nulls', async () => {
      const webhook = await create(call, '/test-slow');
      receiver.behaviour = { kind: 'slow', delayMs: 9_500 };
      const started = Date.now();
      const response = await call<WebhookTestResult>('POST', `/v1/webhooks/${webhook.id}/test`);
      expect(Date.now() - started).toBeLessThan(10_500);
      expect(response.body).toMatchObject({ delivered: false, response_status: null, response_time_ms: null, error: matching(/no answer/) });
    }, 20_000);

    it('reads at most 64 KB of an answer: a 2xx whose body never ends counts as delivered once 64 KB have arrived', async () => {
      const webhook = await create(call, '/test-endless');
      receiver.behaviour = { kind: 'endless', bytes: 100 * 1024 };
      const started = Date.now();
      const response = await call<WebhookTestResult>('POST', `/v1/webhooks/${webhook.id}/test`);
      expect(response.body).toMatchObject({ delivered: true, response_status: 200, error: null });
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('a delivered test resets consecutive_failures to 0', async () => {
      const webhook = await create(call, '/test-reset');
      await setWebhook(webhook.id, { consecutiveFailures: 7 });
      expect((await call<WebhookTestResult>('POST', `/v1/webhooks/${webhook.id}/test`)).body.delivered).toBe(true);
      expect((await call('GET', `/v1/webhooks/${webhook.id}`)).body).toMatchObject({ consecutive_failures: 0, status: 'active' });
    });

    it('a broken webhook answers 409 INVALID_STATE and sends nothing', async () => {
      const webhook = await create(call, '/test-broken');
      await setWebhook(webhook.id, { status: 'broken', consecutiveFailures: 50 });
      const before = receiver.received.length;
      const response = await call<WebhookTestResult>('POST', `/v1/webhooks/${webhook.id}/test`);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ error: { code: 'INVALID_STATE', message: anyString() } });
      expect(receiver.received).toHaveLength(before);
    });

    it("an unknown webhook, or another key's, answers 404 NOT_FOUND", async () => {
      const other = await account();
      const theirs = await create(other.call, '/theirs');
      for (const id of ['wh_00000000', theirs.id]) {
        const response = await call<SignedErrorBody>('POST', `/v1/webhooks/${id}/test`);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: { code: 'NOT_FOUND', message: anyString() } });
      }
    });

    it('a key without webhooks:write answers 403 INSUFFICIENT_PERMISSION', async () => {
      const webhook = await create(call, '/test-403');
      const readOnly = await account([]);
      const response = await readOnly.call<SignedErrorBody>('POST', `/v1/webhooks/${webhook.id}/test`);
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('INSUFFICIENT_PERMISSION');
    });

    it('an unknown event_type answers 400 INVALID_PARAMETER', async () => {
      const webhook = await create(call, '/test-bad-type');
      const response = await call<SignedErrorBody>('POST', `/v1/webhooks/${webhook.id}/test`, { event_type: 'order.filled' });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'INVALID_PARAMETER', field: 'event_type' });
    });
  });

  describe('list, get, patch, delete, deliveries, retry', () => {
    it('lists newest first with an opaque cursor', async () => {
      const owner = await account();
      const ids: string[] = [];
      for (let index = 0; index < 5; index += 1)
        ids.push((await owner.call<CreatedWebhook>('POST', '/v1/webhooks', { url: `${url}/page/${index}`, events: ['*'] })).body.id);
      const first = await owner.call<Page<WebhookRecord>>('GET', '/v1/webhooks?limit=2');
      expect(first.body.data.map((row) => row.id)).toEqual([ids[4], ids[3]]);
      const second = await owner.call<Page<WebhookRecord>>('GET', `/v1/webhooks?limit=2&cursor=${first.body.next_cursor}`);
      expect(second.body.data.map((row) => row.id)).toEqual([ids[2], ids[1]]);
      const third = await owner.call('GET', `/v1/webhooks?limit=2&cursor=${second.body.next_cursor}`);
      expect(third.body).toEqual({ data: [objectContaining({ id: ids[0] })], next_cursor: null });
      expect((await owner.call('GET', '/v1/webhooks?cursor=garbage')).status).toBe(400);
      expect((await owner.call('GET', '/v1/webhooks?limit=0')).status).toBe(400);
    });

    it('PATCH changes fields, pauses and reactivates a broken webhook with its counter reset', async () => {
      const owner = await account();
      const webhook = (await owner.call<CreatedWebhook>('POST', '/v1/webhooks', { url: `${url}/patch`, events: ['*'] })).body;
      const paused = await owner.call('PATCH', `/v1/webhooks/${webhook.id}`, { status: 'paused', description: 'later', events: ['backtest.*'] });
      expect(paused.body).toMatchObject({ status: 'paused', description: 'later', events: ['backtest.*'] });
      await setWebhook(webhook.id, { status: 'broken', consecutiveFailures: 50, pauseReason: null });
      const revived = await owner.call('PATCH', `/v1/webhooks/${webhook.id}`, { status: 'active' });
      expect(revived.body).toMatchObject({ status: 'active', consecutive_failures: 0 });
      expect((await owner.call('PATCH', `/v1/webhooks/${webhook.id}`, { status: 'broken' })).status).toBe(400);
    });

    it('DELETE answers 204 and the webhook is gone; another key sees 404', async () => {
      const owner = await account();
      const webhook = (await owner.call<CreatedWebhook>('POST', '/v1/webhooks', { url: `${url}/delete`, events: ['*'] })).body;
      expect((await call('DELETE', `/v1/webhooks/${webhook.id}`)).status).toBe(404);
      expect((await owner.call('DELETE', `/v1/webhooks/${webhook.id}`)).status).toBe(204);
      expect((await owner.call('GET', `/v1/webhooks/${webhook.id}`)).status).toBe(404);
    });

    it('the delivery log lists attempts newest first, and retry sends one again with the same event id', async () => {
      const owner = await account();
      const webhook = (await owner.call<CreatedWebhook>('POST', '/v1/webhooks', { url: `${url}/log`, events: ['*'] })).body;
      const test = (await owner.call<WebhookTestResult>('POST', `/v1/webhooks/${webhook.id}/test`)).body;
      const log = await owner.call<Page<DeliveryRecord>>('GET', `/v1/webhooks/${webhook.id}/deliveries`);
      expect(log.status).toBe(200);
      expect(log.body).toEqual({
        data: [
          objectContaining({
            id: matching(/^dlv_/),
            event_id: test.test_event_id,
            event_type: 'webhook.test',
            status: 'delivered',
            attempts: 1,
            response_status: 200,
          }),
        ],
        next_cursor: null,
      });
      const before = receiver.received.length;
      const retried = await owner.call('POST', `/v1/webhooks/${webhook.id}/deliveries/${defined(log.body.data[0], 'the delivery').id}/retry`);
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ status: 'pending' });
      await receiver.waitFor(before + 1);
      expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(test.test_event_id);
      expect((await owner.call('POST', `/v1/webhooks/${webhook.id}/deliveries/dlv_missing/retry`)).status).toBe(404);
    });
  });
});
