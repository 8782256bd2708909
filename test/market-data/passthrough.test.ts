import { request } from '../support/http';
import { startMarketTestService, type MarketTestService } from '../stand-ins/exchange/market-test-service';
import { anyOf, anyString, containing } from '../support/matchers';

/** The exchange's clock is fixed, so its answers are the same bytes on every call. */
const EXCHANGE_NOW = Date.UTC(2026, 10, 20, 12, 34, 56, 789);
const UPSTREAM_FAILED = { detail: 'upstream request failed' };

async function raw(url: string): Promise<{ status: number; contentType: string | null; cache: string | null; body: Buffer }> {
  const response = await fetch(url);
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    cache: response.headers.get('x-cache'),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

describe('pass-through market data: the upstream body byte for byte', () => {
  let market: MarketTestService;

  beforeAll(async () => {
    market = await startMarketTestService({ UPSTREAM_TIMEOUT_MS: '500' }, () => EXCHANGE_NOW);
  });
  afterAll(() => market.stop());
  beforeEach(() => {
    market.exchange.clearFaults();
    market.exchange.resetCalls();
    market.service.service.services.upstream.clearCache();
  });

  it.each([
    ['/fapi/v1/fundingRate?symbol=BTCUSDT&limit=5', '/fapi/v1/fundingRate?symbol=BTCUSDT&limit=5'],
    ['/fapi/v1/fundingRate', '/fapi/v1/fundingRate'],
    ['/fapi/v1/ticker/24hr', '/fapi/v1/ticker/24hr'],
    ['/fapi/v1/exchangeInfo', '/fapi/v1/exchangeInfo'],
    ['/fapi/v1/premiumIndex', '/fapi/v1/premiumIndex'],
    ['/fapi/v1/premiumIndex?symbol=ETHUSDT', '/fapi/v1/premiumIndex?symbol=ETHUSDT'],
    ['/topLongShortPositionRatio?symbol=BTCUSDT', '/futures/data/topLongShortPositionRatio?symbol=BTCUSDT&period=5m&limit=10'],
    ['/topLongShortAccountRatio?symbol=ETHUSDT&period=1h&limit=3', '/futures/data/topLongShortAccountRatio?symbol=ETHUSDT&period=1h&limit=3'],
    [
      '/futures/data/topLongShortPositionRatio?symbol=SOLUSDT&period=4h&limit=500',
      '/futures/data/topLongShortPositionRatio?symbol=SOLUSDT&period=4h&limit=500',
    ],
    [
      '/futures/data/topLongShortAccountRatio?symbol=BTCUSDT&startTime=1795000000000',
      '/futures/data/topLongShortAccountRatio?symbol=BTCUSDT&startTime=1795000000000&period=5m&limit=10',
    ],
    ['/fapi/v1/klines?symbol=BTCUSDT&interval=1h&limit=5', '/fapi/v1/klines?symbol=BTCUSDT&interval=1h&limit=5'],
    ['/fapi/v1/time', '/fapi/v1/time'],
    ['/fapi/v1/fundingInfo', '/fapi/v1/fundingInfo'],
    ['/fapi/v1/openInterest?symbol=BTCUSDT', '/fapi/v1/openInterest?symbol=BTCUSDT'],
    ['/futures/data/globalLongShortAccountRatio?symbol=BTCUSDT&period=5m', '/futures/data/globalLongShortAccountRatio?symbol=BTCUSDT&period=5m'],
    ['/futures/data/openInterestHist?symbol=BTCUSDT&period=1h&limit=2', '/futures/data/openInterestHist?symbol=BTCUSDT&period=1h&limit=2'],
    ['/delist', '/bapi/composite/v1/public/cms/article/list/query?type=1&pageNo=1&pageSize=50&catalogId=161'],
  ])('GET %s answers what the upstream answers to %s, with its content type', async (path, upstreamPath) => {
    // The stand-in first: its price walk is computed on first use (seconds for every symbol's funding history), longer than the service's upstream timeout here.
    const direct = await raw(`${market.exchange.url}${upstreamPath}`);
    const answer = await raw(`${market.url}${path}`);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe(direct.contentType);
    expect(answer.body.equals(direct.body)).toBe(true);
    const upstreamUrl = new URL(upstreamPath, 'http://x');
    expect(Object.fromEntries(market.exchange.lastQuery(upstreamUrl.pathname)!)).toEqual(Object.fromEntries(upstreamUrl.searchParams));
  });

  it('/delist always asks for page 1 of 50 in catalog 161, whatever the caller sends', async () => {
    const answer = await request<{ data: { catalogs: unknown[] } }>(market.url, 'GET', '/delist?pageNo=3&pageSize=5&catalogId=48');
    expect(answer.status).toBe(200);
    expect(answer.body.data.catalogs[0]).toMatchObject({ catalogId: 161, articles: anyOf(Array) });
    expect(Object.fromEntries(market.exchange.lastQuery('/bapi/composite/v1/public/cms/article/list/query')!)).toEqual({
      type: '1',
      pageNo: '1',
      pageSize: '50',
      catalogId: '161',
    });
  });

  it('a second identical request is answered from the cache: X-Cache miss then hit, one upstream call', async () => {
    const first = await raw(`${market.url}/fapi/v1/exchangeInfo`);
    const second = await raw(`${market.url}/fapi/v1/exchangeInfo`);
    expect([first.cache, second.cache]).toEqual(['miss', 'hit']);
    expect(second.body.equals(first.body)).toBe(true);
    expect(market.exchange.calls('/fapi/v1/exchangeInfo')).toBe(1);
  });

  it('50 identical concurrent requests for an uncached resource make one upstream call', async () => {
    market.exchange.fault('/fapi/v1/ticker/24hr', { delayMs: 150 }, 1);
    const answers = await Promise.all(Array.from({ length: 50 }, () => raw(`${market.url}/fapi/v1/ticker/24hr`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((answer) => answer.body.toString())).size).toBe(1);
    expect(market.exchange.calls('/fapi/v1/ticker/24hr')).toBe(1);
  });

  it.each([
    ['/topLongShortPositionRatio', { type: 'missing', loc: ['query', 'symbol'], msg: 'Field required' }],
    ['/topLongShortAccountRatio?period=5m', { type: 'missing', loc: ['query', 'symbol'], msg: 'Field required' }],
    ['/topLongShortPositionRatio?symbol=BTCUSDT&period=2m', { type: 'literal_error', loc: ['query', 'period'], msg: containing("'5m'") }],
    ['/futures/data/topLongShortAccountRatio?symbol=BTCUSDT&limit=501', { type: 'less_than_equal', loc: ['query', 'limit'], msg: anyString() }],
    ['/futures/data/topLongShortPositionRatio?symbol=BTCUSDT&limit=ten', { type: 'int_parsing', loc: ['query', 'limit'], msg: anyString() }],
    ['/fapi/v1/fundingRate?limit=1001', { type: 'less_than_equal', loc: ['query', 'limit'], msg: anyString() }],
    ['/fapi/v1/fundingRate?startTime=yesterday', { type: 'int_parsing', loc: ['query', 'startTime'], msg: anyString() }],
  ])('GET %s answers 422 %j without calling upstream', async (path, issue) => {
    const answer = await request(market.url, 'GET', path);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ detail: [issue] });
    expect(market.exchange.calls('/futures/data/topLongShortPositionRatio') + market.exchange.calls('/fapi/v1/fundingRate')).toBe(0);
  });

  it('an upstream 4xx is forwarded with its status and body unchanged, and not cached', async () => {
    const answer = await raw(`${market.url}/fapi/v1/premiumIndex?symbol=NOPEUSDT`);
    expect(answer.status).toBe(400);
    expect(answer.body.toString()).toBe('{"code":-1121,"msg":"Invalid symbol."}');
    expect(answer.contentType).toBe('application/json');
    await raw(`${market.url}/fapi/v1/premiumIndex?symbol=NOPEUSDT`);
    expect(market.exchange.calls('/fapi/v1/premiumIndex')).toBe(2);
  });

  it('an upstream 4xx of another content type keeps it', async () => {
    market.exchange.fault('/fapi/v1/klines', { status: 404, body: 'no such page', headers: { 'content-type': 'text/plain; charset=utf-8' } }, 1);
    const answer = await raw(`${market.url}/fapi/v1/klines?symbol=BTCUSDT&interval=1m`);
    expect(answer).toMatchObject({ status: 404, contentType: 'text/plain; charset=utf-8' });
    expect(answer.body.toString()).toBe('no such page');
  });

  it.each([
    ['an upstream 500', { status: 500 }],
    ['an upstream 503 with a body', { status: 503, body: { code: -1001, msg: 'Internal error; unable to process your request.' } }],
    ['a timeout', { delayMs: 1500 }],
    ['a dropped connection', { drop: true as const }],
  ])('%s answers 502 upstream request failed, and the failure is not cached', async (_name, fault) => {
    market.exchange.fault('/fapi/v1/exchangeInfo', fault, 1);
    const failed = await request(market.url, 'GET', '/fapi/v1/exchangeInfo');
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual(UPSTREAM_FAILED);
    const recovered = await raw(`${market.url}/fapi/v1/exchangeInfo`);
    expect(recovered).toMatchObject({ status: 200, cache: 'miss' });
  });
});
