import { request } from './support/http';
import { startMarketTestService, type MarketTestService } from './stand-ins/exchange/market-test-service';

const UPSTREAM_FAILED = { detail: 'upstream request failed' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the upstream guard keeps the service address inside the exchange limits', () => {
  let market: MarketTestService;

  beforeEach(async () => {
    market = await startMarketTestService();
  });
  afterEach(() => market.stop());

  it.each([429, 418])('after an upstream %i with Retry-After, requests answer 502 at once without calling upstream until the ban ends', async (status) => {
    market.exchange.fault('/fapi/v1/ticker/24hr', { status, body: { code: -1003, msg: 'Too many requests' }, headers: { 'retry-after': '2' } }, 1);
    const limited = await request(market.url, 'GET', '/fapi/v1/ticker/24hr');
    expect(limited.status).toBe(502);
    expect(limited.body).toEqual(UPSTREAM_FAILED);
    expect(Number(limited.headers.get('retry-after'))).toBe(2);

    const during = await Promise.all(['/fapi/v1/exchangeInfo', '/funding/rates', '/topLongShortPositionRatio?symbol=BTCUSDT'].map((path) => request(market.url, 'GET', path)));
    expect(during.map((answer) => answer.status)).toEqual([502, 502, 502]);
    expect(during.map((answer) => answer.body)).toEqual([UPSTREAM_FAILED, UPSTREAM_FAILED, UPSTREAM_FAILED]);
    expect(Number(during[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(market.exchange.calls('/fapi/v1/exchangeInfo') + market.exchange.calls('/fapi/v1/premiumIndex')).toBe(0);
    expect(market.exchange.calls('/futures/data/topLongShortPositionRatio')).toBe(0);

    await sleep(2100);
    const after = await request(market.url, 'GET', '/fapi/v1/exchangeInfo');
    expect(after.status).toBe(200);
    expect(market.exchange.calls('/fapi/v1/exchangeInfo')).toBe(1);
  });

  it('a ban on the futures host leaves the web host alone', async () => {
    market.exchange.fault('/fapi/v1/time', { status: 418, headers: { 'retry-after': '60' } }, 1);
    expect((await request(market.url, 'GET', '/fapi/v1/time')).status).toBe(502);
    expect((await request(market.url, 'GET', '/delist')).status).toBe(200);
  });

  it('answers cached data during a ban', async () => {
    expect((await request(market.url, 'GET', '/fapi/v1/exchangeInfo')).status).toBe(200);
    market.exchange.fault('/fapi/v1/time', { status: 429, headers: { 'retry-after': '60' } }, 1);
    expect((await request(market.url, 'GET', '/fapi/v1/time')).status).toBe(502);
    const cached = await request(market.url, 'GET', '/fapi/v1/exchangeInfo');
    expect(cached.status).toBe(200);
    expect(cached.headers.get('x-cache')).toBe('hit');
  });

  it('tracks the used weight the upstream reports, and refuses a request that would exceed the budget without calling upstream', async () => {
    // The exchange counts per calendar minute; start well inside one.
    if (Date.now() % 60_000 > 57_000) await sleep(3_500);
    market.exchange.fault('/fapi/v1/time', { status: 200, body: { serverTime: 1 }, headers: { 'x-mbx-used-weight-1m': '1990' } }, 1);
    expect((await request(market.url, 'GET', '/fapi/v1/time')).status).toBe(200);
    const metrics = await fetch(`${market.url}/metrics`).then((response) => response.text());
    expect(metrics).toMatch(/upstream_used_weight_1m\{host="fapi"\} 1990/);

    // The all-symbols ticker weighs 40: 1990 + 40 is over the 2000 budget.
    const refused = await request(market.url, 'GET', '/fapi/v1/ticker/24hr');
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual(UPSTREAM_FAILED);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(market.exchange.calls('/fapi/v1/ticker/24hr')).toBe(0);
    // A light request still fits.
    expect((await request(market.url, 'GET', '/fapi/v1/premiumIndex?symbol=BTCUSDT')).status).toBe(200);
  });
});
