import { request } from '../support/http';
import { UpstreamGuard } from '../../src/upstream/upstream-guard';
import { startMarketTestService, type MarketTestService } from '../stand-ins/exchange/market-test-service';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

describe('upstream fairness: no client can spend the upstream budget of everyone (issue 10)', () => {
  let market: MarketTestService;

  beforeEach(async () => {
    // The exchange counts per calendar minute, and so do the shares: start well inside one.
    if (Date.now() % 60_000 > 50_000) await sleep(60_000 - (Date.now() % 60_000) + 100);
    market = await startMarketTestService({ TRUST_PROXY: 'true', UPSTREAM_CLIENT_SHARE: '0.1' });
  });
  afterEach(() => market.stop());

  it('?bust=N no longer reaches the exchange or the cache key: 50 requests make one upstream call and other clients are served', async () => {
    // exchangeInfo is cached 60 s, so however slowly a loaded machine serves the 50, one upstream call answers them all.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => request(market.url, 'GET', `/fapi/v1/exchangeInfo?bust=${index}`, from('198.51.100.1'))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(market.exchange.calls('/fapi/v1/exchangeInfo')).toBe(1);
    expect([...market.exchange.lastQuery('/fapi/v1/exchangeInfo')!.keys()]).toEqual([]);
    const other = await request(market.url, 'GET', '/fapi/v1/ticker/24hr', from('198.51.100.2'));
    expect(other.status).toBe(200);
  });

  it('parameters the exchange does not define are dropped, the defined ones forwarded in one order', async () => {
    const first = await request(market.url, 'GET', '/fapi/v1/klines?limit=3&interval=1d&symbol=BTCUSDT&recvWindow=5&_=1', from('198.51.100.3'));
    expect(first.status).toBe(200);
    expect([...market.exchange.lastQuery('/fapi/v1/klines')!.entries()]).toEqual([
      ['symbol', 'BTCUSDT'],
      ['interval', '1d'],
      ['limit', '3'],
    ]);
    const reordered = await request(market.url, 'GET', '/fapi/v1/klines?symbol=BTCUSDT&interval=1d&limit=3&cachebuster=2', from('198.51.100.3'));
    expect(reordered.headers.get('x-cache')).toBe('hit');
    expect(reordered.body).toEqual(first.body);
  });

  it('a client that keeps asking for uncached answers gets 429 once it has spent its share, while another client is still served', async () => {
    // limit 500..: weight 5 each; a share of 10% of 2000 is 200, so the 41st is refused.
    // Closed candles (an end time in the past) stay cached, so the re-read below is a hit however slow the machine.
    const closedEnd = Date.now() - 3 * 86_400_000;
    const greedyPath = (limit: number) => `/fapi/v1/klines?symbol=BTCUSDT&interval=1d&limit=${limit}&endTime=${closedEnd}`;
    const greedy = [];
    for (let index = 0; index < 45; index += 1) {
      greedy.push(await request(market.url, 'GET', greedyPath(500 + index), from('198.51.100.4')));
    }
    expect(greedy.slice(0, 40).map((answer) => answer.status)).toEqual(Array(40).fill(200));
    const refused = greedy[40]!;
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: 'too many uncached market data requests from this client; retry later' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(market.exchange.calls('/fapi/v1/klines')).toBe(40);
    // Cached answers are still the greedy client's to read.
    const reread = await request(market.url, 'GET', greedyPath(500), from('198.51.100.4'));
    expect(reread.status).toBe(200);
    expect(reread.headers.get('x-cache')).toBe('hit');

    const other = await request(market.url, 'GET', '/fapi/v1/klines?symbol=ETHUSDT&interval=1d&limit=600', from('198.51.100.5'));
    expect(other.status).toBe(200);
    const gateway = await request(market.url, 'GET', '/funding/rates/BTCUSDT/history?limit=5', from('198.51.100.5'));
    expect(gateway.status).toBe(200);
  });
});

describe('UpstreamGuard client shares on a fake clock', () => {
  const minuteStart = Date.UTC(2026, 10, 21, 10, 0, 0);

  it('refuses a client past its share, still admits others and the service’s own calls, and renews shares each minute', () => {
    let now = minuteStart + 1_000;
    const guard = new UpstreamGuard(100, () => now, 0.3);
    expect(guard.admit(30, 'a')).toEqual({ allowed: true });
    expect(guard.admit(1, 'a')).toEqual({ allowed: false, reason: 'client_share', retryAfterMs: 59_000 });
    expect(guard.admit(30, 'b')).toEqual({ allowed: true });
    expect(guard.admit(35)).toEqual({ allowed: true });
    expect(guard.admit(10, 'c')).toEqual({ allowed: false, reason: 'over_budget', retryAfterMs: 59_000 });
    now = minuteStart + 60_000;
    expect(guard.admit(30, 'a')).toEqual({ allowed: true });
  });
});
