import { startMarketTestService, type MarketTestService } from '../stand-ins/exchange/market-test-service';

/**
 * Repeated cache hits are answered before express (src/http/remembered-answers.ts).
 * Every test here checks what a client sees (bytes, headers, limits, logs) and
 * the `http_remembered_answers_total` counter, which says which way a request went.
 */

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

async function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const response = await fetch(url, { headers, method });
  return { status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) };
}

/** The headers a client can compare between two answers: everything but the per-request ones. */
function stableHeaders(answer: Answer): Record<string, string> {
  const { date: _date, 'x-request-id': _id, 'keep-alive': _keepAlive, connection: _connection, ...rest } = answer.headers;
  return rest;
}

async function rememberedCount(market: MarketTestService, route: string): Promise<number> {
  const text = await (await fetch(`${market.url}/metrics`)).text();
  const line = text.split('\n').find((row) => row.startsWith(`http_remembered_answers_total{route="${route}"}`));
  return line === undefined ? 0 : Number(line.split(' ').pop());
}

describe('remembered cache hits, answered before express', () => {
  let market: MarketTestService;

  beforeAll(async () => {
    market = await startMarketTestService({ PUBLIC_RATE_LIMIT_PER_MIN: '40', CORS_ORIGINS: 'https://dashboard.example' });
  });
  afterAll(() => market.stop());
  beforeEach(() => market.service.service.services.upstream.clearCache());

  it.each([
    ['a pass-through path', '/fapi/v1/premiumIndex?symbol=BTCUSDT', '/fapi/v1/premiumIndex'],
    ['a pass-through path with a large body', '/fapi/v1/exchangeInfo', '/fapi/v1/exchangeInfo'],
    ['a gateway-made path', '/funding/rates', '/funding/rates'],
    ['a gateway-made path with a query', '/ticker/24hr/active?min_quote_volume=1000', '/ticker/24hr/active'],
  ])('%s: the repeat carries the same status, headers and bytes, X-Cache hit, and is served from memory', async (_kind, path, route) => {
    const before = await rememberedCount(market, route);
    const first = await get(`${market.url}${path}`);
    const repeats = [await get(`${market.url}${path}`), await get(`${market.url}${path}`), await get(`${market.url}${path}`)];
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    for (const repeat of repeats) {
      expect(repeat.status).toBe(200);
      expect(repeat.body.equals(first.body)).toBe(true);
      expect(stableHeaders(repeat)).toEqual({ ...stableHeaders(first), 'x-cache': 'hit' });
      expect(repeat.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(new Set(repeats.map((repeat) => repeat.headers['x-request-id'])).size).toBe(3);
    // One repeat may go the express way to lease more of the per-IP limit from PostgreSQL (public-rate-limit.ts).
    expect(await rememberedCount(market, route)).toBeGreaterThanOrEqual(before + 2);
  });

  it('a new upstream answer is never hidden: after the cached answer is gone the route answers afresh (miss), then remembers that', async () => {
    const path = '/fapi/v1/openInterest?symbol=ETHUSDT';
    await get(`${market.url}${path}`);
    expect((await get(`${market.url}${path}`)).headers['x-cache']).toBe('hit');
    const calls = market.exchange.calls('/fapi/v1/openInterest');
    market.service.service.services.upstream.clearCache();
    const afresh = await get(`${market.url}${path}`);
    expect(afresh.headers['x-cache']).toBe('miss');
    expect(market.exchange.calls('/fapi/v1/openInterest')).toBe(calls + 1);
    const before = await rememberedCount(market, '/fapi/v1/openInterest');
    expect((await get(`${market.url}${path}`)).headers['x-cache']).toBe('hit');
    expect((await get(`${market.url}${path}`)).headers['x-cache']).toBe('hit');
    expect(await rememberedCount(market, '/fapi/v1/openInterest')).toBeGreaterThanOrEqual(before + 1);
  });

  it('echoes a well-formed X-Request-Id and logs one request line of the express shape at info', async () => {
    const path = '/fapi/v1/exchangeInfo';
    await get(`${market.url}${path}`);
    const repeat = await get(`${market.url}${path}`, { 'X-Request-Id': 'dash-42.a' });
    expect(repeat.headers['x-request-id']).toBe('dash-42.a');
    const line = market.service.logs
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => (entry.req as { id?: string } | undefined)?.id === 'dash-42.a');
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request completed',
      req: { id: 'dash-42.a', method: 'GET', path: '/fapi/v1/exchangeInfo' },
      res: { statusCode: 200 },
    });
    expect(typeof (line?.req as { remoteAddress?: unknown }).remoteAddress).toBe('string');
    expect(typeof line?.responseTime).toBe('number');
    const ill = await get(`${market.url}${path}`, { 'X-Request-Id': 'no spaces allowed' });
    expect(ill.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the per-IP limit still counts every remembered answer: the request past the limit is 429 with Retry-After', async () => {
    const path = '/fapi/v1/fundingInfo';
    const statuses: number[] = [];
    let refused: Answer | undefined;
    for (let index = 0; index < 45 && refused === undefined; index += 1) {
      const answer = await get(`${market.url}${path}`);
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(refused).toBeDefined();
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
    expect(JSON.parse(refused!.body.toString('utf8'))).toEqual({ detail: 'rate limit exceeded' });
    // 40 per minute shared with the earlier tests of this file: never more than 40 admitted in all.
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(40);
  });
});

describe('what remembered answers leave to express', () => {
  let market: MarketTestService;

  beforeAll(async () => {
    market = await startMarketTestService({ CORS_ORIGINS: 'https://dashboard.example' });
  });
  afterAll(() => market.stop());

  it('a cross-origin request gets its CORS headers', async () => {
    const path = '/funding/rates';
    await get(`${market.url}${path}`);
    await get(`${market.url}${path}`);
    const before = await rememberedCount(market, path);
    const answer = await get(`${market.url}${path}`, { Origin: 'https://dashboard.example' });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('https://dashboard.example');
    expect(answer.headers['x-cache']).toBe('hit');
    expect(await rememberedCount(market, path)).toBe(before);
  });

  it('the whale board is not remembered: every answer says when it was generated', async () => {
    await get(`${market.url}/whale-board`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = JSON.parse((await get(`${market.url}/whale-board`)).body.toString('utf8')) as { generatedAt: number };
    await new Promise((resolve) => setTimeout(resolve, 5));
    const third = JSON.parse((await get(`${market.url}/whale-board`)).body.toString('utf8')) as { generatedAt: number };
    expect(third.generatedAt).toBeGreaterThan(second.generatedAt);
    expect(await rememberedCount(market, '/whale-board')).toBe(0);
  });

  it('errors are never remembered: a validation error is answered by the route every time', async () => {
    const path = '/funding/rates/BTCUSDT/history?limit=0';
    const first = await get(`${market.url}${path}`);
    const second = await get(`${market.url}${path}`);
    expect([first.status, second.status]).toEqual([422, 422]);
    expect(second.body.equals(first.body)).toBe(true);
    expect(await rememberedCount(market, '/funding/rates/:symbol/history')).toBe(0);
  });
});
