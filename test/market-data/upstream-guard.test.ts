import { request } from '../support/http';
import { UpstreamGuard } from '../../src/upstream/upstream-guard';
import { startMarketTestService, type MarketTestService } from '../stand-ins/exchange/market-test-service';

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

    const during = await Promise.all(
      ['/fapi/v1/exchangeInfo', '/funding/rates', '/topLongShortPositionRatio?symbol=BTCUSDT'].map((path) => request(market.url, 'GET', path)),
    );
    expect(during.map((answer) => answer.status)).toEqual([502, 502, 502]);
    expect(during.map((answer): unknown => answer.body)).toEqual([UPSTREAM_FAILED, UPSTREAM_FAILED, UPSTREAM_FAILED]);
    expect(Number(during[0]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(market.exchange.calls('/fapi/v1/exchangeInfo') + market.exchange.calls('/fapi/v1/premiumIndex')).toBe(0);
    expect(market.exchange.calls('/futures/data/topLongShortPositionRatio')).toBe(0);

    // the ban lasts its retry-after (1 s): time has to pass
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

describe('UpstreamGuard on a fake clock', () => {
  const minuteStart = Date.UTC(2026, 10, 21, 10, 0, 0);

  it('counts weight per calendar minute, refuses what would pass the budget and admits again in the next minute', () => {
    let now = minuteStart + 10_000;
    const guard = new UpstreamGuard(100, () => now);
    expect(guard.admit(60)).toEqual({ allowed: true });
    expect(guard.admit(40)).toEqual({ allowed: true });
    expect(guard.admit(1)).toEqual({ allowed: false, reason: 'over_budget', retryAfterMs: 50_000 });
    expect(guard.waitTimeFor(1)).toBe(50_000);
    now = minuteStart + 60_000;
    expect(guard.waitTimeFor(1)).toBe(0);
    expect(guard.admit(1)).toEqual({ allowed: true });
  });

  it('adopts the higher weight the upstream reports for the address', () => {
    const guard = new UpstreamGuard(100, () => minuteStart + 1_000);
    guard.admit(5);
    guard.recordUsedWeight('97');
    expect(guard.usedWeight()).toBe(97);
    guard.recordUsedWeight('3');
    expect(guard.usedWeight()).toBe(97);
    expect(guard.admit(4).allowed).toBe(false);
  });

  it.each([
    ['seconds', '120', 120_000],
    ['an HTTP date', new Date(minuteStart + 30_000).toUTCString(), 30_000],
    ['nothing', undefined, 60_000],
  ])('a ban with Retry-After as %s (%p) lasts %i ms', (_kind, header, expectedMs) => {
    let now = minuteStart;
    const guard = new UpstreamGuard(100, () => now);
    expect(guard.recordBan(header)).toBe(expectedMs);
    expect(guard.admit(0)).toEqual({ allowed: false, reason: 'banned', retryAfterMs: expectedMs });
    expect(guard.waitTimeFor(0)).toBe(expectedMs);
    now += expectedMs;
    expect(guard.admit(0)).toEqual({ allowed: true });
  });
});

describe('cache periods of klines', () => {
  let market: MarketTestService;

  beforeAll(async () => {
    market = await startMarketTestService();
  });
  afterAll(() => market.stop());

  it('closed klines stay cached past the short period, klines with an open bar do not', async () => {
    const closedEnd = Date.now() - 3 * 86_400_000;
    const closed = `/fapi/v1/klines?symbol=BTCUSDT&interval=1d&limit=5&endTime=${closedEnd}`;
    const open = '/fapi/v1/klines?symbol=BTCUSDT&interval=1d&limit=5';
    expect((await request(market.url, 'GET', closed)).headers.get('x-cache')).toBe('miss');
    expect((await request(market.url, 'GET', open)).headers.get('x-cache')).toBe('miss');
    expect((await request(market.url, 'GET', open)).headers.get('x-cache')).toBe('hit');
    // past the short cache period of klines with an open bar: time has to pass
    await sleep(2_100);
    expect((await request(market.url, 'GET', closed)).headers.get('x-cache')).toBe('hit');
    expect((await request(market.url, 'GET', open)).headers.get('x-cache')).toBe('miss');
  });
});
