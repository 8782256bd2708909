import { recordEvent } from '../../src/events/outbox.store';
import { createTestCa, type TestCa } from '../stand-ins/test-ca';
import { WebhookReceiver } from '../stand-ins/webhook-receiver';
import { defined } from '../support/defined';
import { startTestService, type TestService } from '../support/test-service';

/** The envelope's text before `data`, with every string emptied: how the body is written, whatever it holds. */
function envelopeLayout(body: string): string {
  return body.slice(0, body.indexOf('"data"')).replace(/"(?:[^"\\]|\\.)*"/g, '""');
}

/** Issue 31: a test delivery and a real one were serialized by two different writers (JSON.stringify and PostgreSQL). */
describe('webhook delivery bodies', () => {
  let ca: TestCa;
  let service: TestService;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    ca = await createTestCa();
    service = await startTestService({ WEBHOOK_EXTRA_CA_FILE: ca.caFile, WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8,::1/128' });
    receiver = new WebhookReceiver(ca.server);
  });
  afterAll(async () => {
    await receiver.stop();
    await service.stop();
  });

  it('a test delivery is written exactly as a real delivery of an event: one serializer for every payload', async () => {
    const url = await receiver.start();
    const owner = { userId: 31, apiKeyId: 1, scopes: ['webhooks:write' as const] };
    const { services, orm } = service.service;
    const webhook = await services.webhooks.create(owner, { url: `${url}/hook`, events: ['backtest.*'] });

    const event = await orm.em.fork().transactional((em) => recordEvent(em, { userId: 31, type: 'backtest.job_done', data: { job_id: 'bt_31' } }));
    await receiver.waitFor(1);
    const tested = await services.webhookDeliveries.test(owner, webhook.id, { event_type: 'backtest.job_done' });
    expect(tested.delivered).toBe(true);

    const real = defined(
      receiver.received.find((request) => request.headers['webhook-id'] === event.id),
      'the real delivery',
    );
    const test = defined(
      receiver.received.find((request) => request.headers['webhook-id'] === tested.test_event_id),
      'the test delivery',
    );
    expect(envelopeLayout(test.body)).toBe(envelopeLayout(real.body));
    expect(JSON.parse(test.body)).toMatchObject({ id: tested.test_event_id, type: 'backtest.job_done' });
  });
});
