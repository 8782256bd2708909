import { startMarketTestService, type MarketTestService } from '../stand-ins/exchange/market-test-service';
import { request } from '../support/http';

const INTERVALS = ['1m', '15m', '1h', '4h', '1d', '1w'];

/**
 * Issue 31: the demo's market page showed a 67,000 ticker and mark price above
 * candles at 92-97k, as the exchange stand-in served each path from its own
 * numbers. Through the service, one symbol's prices now agree on every path.
 */
describe("one symbol's prices agree on every market path", () => {
  let market: MarketTestService;

  beforeAll(async () => {
    market = await startMarketTestService();
  });
  afterAll(() => market.stop());

  it("the last price, the mark and index prices and every interval's latest close are within 0.05 % of each other", async () => {
    const ticker = await request<{ lastPrice: string }>(market.url, 'GET', '/fapi/v1/ticker/24hr?symbol=BTCUSDT');
    const premium = await request<{ markPrice: string; indexPrice: string }>(market.url, 'GET', '/fapi/v1/premiumIndex?symbol=BTCUSDT');
    expect([ticker.status, premium.status]).toEqual([200, 200]);
    const closes: Record<string, number> = {};
    for (const interval of INTERVALS) {
      const bars = await request<string[][]>(market.url, 'GET', `/fapi/v1/klines?symbol=BTCUSDT&interval=${interval}&limit=2`);
      expect(bars.status).toBe(200);
      closes[interval] = Number(bars.body.at(-1)?.[4]);
    }
    const last = Number(ticker.body.lastPrice);
    const prices = { mark: Number(premium.body.markPrice), index: Number(premium.body.indexPrice), ...closes };
    const apart = Object.entries(prices).filter(([, price]) => Math.abs(price / last - 1) > 0.0005);
    expect(apart).toEqual([]);
  });

  it("a bar's close is the next bar's open, at every interval", async () => {
    for (const interval of INTERVALS) {
      const bars = (await request<string[][]>(market.url, 'GET', `/fapi/v1/klines?symbol=BTCUSDT&interval=${interval}&limit=50`)).body;
      const gaps = bars.slice(1).filter((bar, index) => bar[1] !== bars[index]?.[4]);
      expect([interval, gaps]).toEqual([interval, []]);
    }
  });
});
