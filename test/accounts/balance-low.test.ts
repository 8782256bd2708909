import type { EventEnvelope } from '../../src/events/event-types';
import { startReceiverWorld, type ReceiverWorld, type WebhookReceiver } from '../stand-ins/webhook-receiver';
import { request } from '../support/http';
import { bearer, newAccount } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, type TradingWorld } from '../support/trading-world';
import { anyString, matching } from '../support/matchers';

const CHECK_MS = 150;
/** Five balance checks: after the awaited delivery, time for any extra one to arrive (an absence has no event to await). */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("account.balance_low (issue 6 item 5): once per crossing of a webhook's threshold", () => {
  let receivers: ReceiverWorld;
  let world: TradingWorld;
  let service: TestService;
  let receiver: WebhookReceiver;
  let url: string;

  beforeAll(async () => {
    receivers = await startReceiverWorld();
    ({ receiver, url } = receivers);
    world = await startTradingWorld();
    service = await startTestService({ ...world.env, ...receivers.env, BALANCE_CHECK_INTERVAL_MS: String(CHECK_MS) });
  });
  afterAll(async () => {
    await receivers.stop();
    await service.stop();
    await world.stop();
  });

  const deliveriesTo = (path: string) => receiver.received.filter((entry) => entry.path === path).map((entry) => JSON.parse(entry.body) as EventEnvelope);

  it('records the event for each watching webhook when a tracked balance falls below its threshold, again only after it recovered', async () => {
    const owner = await newAccount(service.url, world, 'balance@example.com', ['webhooks:write']);
    const userId = owner.user.id;
    const hook = async (path: string, events: string[], threshold: string) =>
      expect((await owner.call('POST', '/v1/webhooks', { url: `${url}${path}`, events, balance_low_threshold: threshold })).status).toBe(200);
    await hook('/explicit', ['account.balance_low'], '5000');
    await hook('/wildcard', ['account.*'], '100');
    await hook('/unrelated', ['strategy.*'], '9000');
    const paper = service.service.services.paperBalances;

    await paper.set(userId, { asset: 'USDT', amount: '4000' });
    await receiver.waitFor(1);
    await sleep(CHECK_MS * 5);
    expect(deliveriesTo('/explicit')).toEqual([
      {
        id: matching(/^evt_/),
        type: 'account.balance_low',
        timestamp: anyString(),
        data: { asset: 'USDT', balance: '4000', threshold: '5000', source: 'paper' },
      },
    ]);
    expect(deliveriesTo('/wildcard')).toEqual([]);
    expect(deliveriesTo('/unrelated')).toEqual([]);

    await paper.set(userId, { asset: 'USDT', amount: '6000' });
    await sleep(CHECK_MS * 5);
    expect(deliveriesTo('/explicit')).toHaveLength(1);
    await paper.set(userId, { asset: 'USDT', amount: '50' });
    await receiver.waitFor(3);
    await sleep(CHECK_MS * 5);
    expect(deliveriesTo('/explicit').map((event) => event.data.balance)).toEqual(['4000', '50']);
    expect(deliveriesTo('/wildcard').map((event) => event.data)).toEqual([{ asset: 'USDT', balance: '50', threshold: '100', source: 'paper' }]);
    expect(deliveriesTo('/unrelated')).toEqual([]);
  });

  it("tracks the registered exchange account's balances too", async () => {
    const owner = await newAccount(service.url, world, 'exchange-balance@example.com', ['webhooks:write']);
    world.exchange.addAccount('BALANCE-KEY', 'balance-secret');
    world.exchange.balances = { USDT: '1000', BNB: '0.5' };
    expect(
      (
        await request(service.url, 'POST', '/api-key/register', {
          json: { api_key: 'BALANCE-KEY', api_secret: 'balance-secret' },
          headers: bearer(owner.token),
        })
      ).status,
    ).toBe(200);
    const before = receiver.received.length;
    expect((await owner.call('POST', '/v1/webhooks', { url: `${url}/exchange`, events: ['*'], balance_low_threshold: '1' })).status).toBe(200);
    await receiver.waitFor(before + 1);
    await sleep(CHECK_MS * 5);
    expect(deliveriesTo('/exchange').map((event) => event.data)).toEqual([{ asset: 'BNB', balance: '0.5', threshold: '1', source: 'exchange' }]);
  });
});
