import { ExchangeRequestDocument } from '../graphql/generated';
import { graphql, request } from '../support/http';
import { startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, type TradingWorld } from '../support/trading-world';
import { defined } from '../support/defined';

const API_KEY = 'BODY-CRED-KEY';
const API_SECRET = 'body-credential-secret-never-logged-7f3a';

describe('body-credential trading endpoints (spec "Authentication", pattern 3)', () => {
  let world: TradingWorld;
  let service: TestService;
  const credentials = { api_key: API_KEY, api_secret: API_SECRET };

  beforeAll(async () => {
    world = await startTradingWorld();
    world.exchange.addAccount(API_KEY, API_SECRET);
    // a reduce-only close needs a position to reduce, as on the real exchange
    world.exchange.setPosition(API_KEY, 'ETHUSDT', '1');
    service = await startTestService(world.env);
  });
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  it.each([
    [
      '/orders/auth',
      'POST',
      '/fapi/v1/order',
      { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.01', price: '50000', timeInForce: 'GTC', newOrderRespType: 'RESULT' },
      { status: 'FILLED', symbol: 'BTCUSDT' },
      {},
    ],
    ['/orders/cancel/auth', 'DELETE', '/fapi/v1/order', { symbol: 'BTCUSDT', orderId: 1001 }, { status: 'CANCELED', orderId: 1001 }, {}],
    [
      '/positions/close/auth',
      'POST',
      '/fapi/v1/order',
      { symbol: 'ETHUSDT', side: 'SELL', quantity: '0.5', newOrderRespType: 'RESULT' },
      { status: 'FILLED', reduceOnly: true },
      { type: 'MARKET', reduceOnly: 'true' },
    ],
    ['/leverage/auth', 'POST', '/fapi/v1/leverage', { symbol: 'BTCUSDT', leverage: 10 }, { leverage: 10 }, {}],
    ['/margin-type/auth', 'POST', '/fapi/v1/marginType', { symbol: 'BTCUSDT', marginType: 'ISOLATED' }, { code: 200, msg: 'success' }, {}],
  ])('%s signs %s %s with the body credentials and returns the exchange answer', async (path, method, upstreamPath, fields, answer, added) => {
    const before = world.exchange.accepted.length;
    const response = await request(service.url, 'POST', path, { json: { ...credentials, ...fields } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject(answer);
    const call = defined(world.exchange.accepted[before], 'a call at the exchange');
    expect(call).toMatchObject({ apiKey: API_KEY, method, path: upstreamPath });
    const sent = Object.fromEntries(call.params);
    expect(sent).toMatchObject({ ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])), ...added });
    expect(sent).not.toHaveProperty('api_key');
    expect(sent).not.toHaveProperty('api_secret');
  });

  it("forwards the exchange's refusal of a wrong secret with its status and body", async () => {
    const response = await request(service.url, 'POST', '/orders/auth', {
      json: { api_key: API_KEY, api_secret: 'wrong-secret', symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '1' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: -1022, msg: 'Signature for this request is not valid.' });
  });

  it("forwards the exchange's refusal of an unknown key", async () => {
    const response = await request(service.url, 'POST', '/leverage/auth', { json: { api_key: 'nobody', api_secret: 'x', symbol: 'BTCUSDT', leverage: 3 } });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: -2015 });
  });

  it.each([
    [
      'both credentials missing',
      { symbol: 'BTCUSDT' },
      [
        ['body', 'api_key'],
        ['body', 'api_secret'],
      ],
    ],
    ['api_secret missing', { api_key: API_KEY, symbol: 'BTCUSDT' }, [['body', 'api_secret']]],
    ['api_key missing', { api_secret: API_SECRET, symbol: 'BTCUSDT' }, [['body', 'api_key']]],
  ])('answers 422 FastAPI-style with %s, without calling the exchange', async (_case, body, locs) => {
    const before = world.exchange.calls.length;
    const response = await request(service.url, 'POST', '/orders/auth', { json: body });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: locs.map((loc) => ({ loc, msg: 'Field required', type: 'missing' })) });
    expect(world.exchange.calls.length).toBe(before);
  });

  it('answers 422 for an exchange field that is not a scalar', async () => {
    const response = await request<{ detail: { loc: string[] }[] }>(service.url, 'POST', '/orders/auth', {
      json: { ...credentials, symbol: { nested: true } },
    });
    expect(response.status).toBe(422);
    expect(response.body.detail[0]?.loc).toEqual(['body', 'symbol']);
  });

  it('answers 502 when the exchange fails', async () => {
    world.exchange.failing = true;
    try {
      const response = await request(service.url, 'POST', '/margin-type/auth', { json: { ...credentials, symbol: 'BTCUSDT', marginType: 'CROSSED' } });
      expect(response.status).toBe(502);
      expect(response.body).toEqual({ detail: 'upstream request failed' });
    } finally {
      world.exchange.failing = false;
    }
  });

  it('signs the same call through the GraphQL exchangeRequest mutation', async () => {
    const before = world.exchange.accepted.length;
    const result = await graphql(service.url, ExchangeRequestDocument, {
      action: 'setLeverage',
      apiKey: API_KEY,
      apiSecret: API_SECRET,
      fields: { symbol: 'SOLUSDT', leverage: 4 },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.exchangeRequest).toEqual({ status: 200, body: { symbol: 'SOLUSDT', leverage: 4, maxNotionalValue: '1000000' } });
    expect(world.exchange.accepted.slice(before)).toEqual([expect.objectContaining({ apiKey: API_KEY, method: 'POST', path: '/fapi/v1/leverage' })]);
    const refused = await graphql(service.url, ExchangeRequestDocument, {
      action: 'placeOrder',
      apiKey: API_KEY,
      apiSecret: 'wrong',
      fields: { symbol: 'SOLUSDT' },
    });
    expect(refused.data!.exchangeRequest).toEqual({ status: 400, body: { code: -1022, msg: 'Signature for this request is not valid.' } });
  });

  it('never writes the credentials to the logs', async () => {
    await request(service.url, 'POST', '/orders/auth', { json: { ...credentials, symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '1' } });
    await request(service.url, 'POST', '/orders/auth', { json: { api_key: API_KEY, api_secret: `${API_SECRET}-wrong`, symbol: 'BTCUSDT' } });
    expect(service.logs.length).toBeGreaterThan(0);
    expect(service.logs.filter((line) => line.includes('/orders/auth')).length).toBeGreaterThan(0);
    expect(service.logs.filter((line) => line.includes(API_SECRET))).toEqual([]);
    expect(service.logs.filter((line) => line.includes('signature='))).toEqual([]);
  });
});
