import { startExchangeStandIn, type ExchangeStandIn } from '../stand-ins/exchange/exchange-stand-in';
import type { KlineRow } from '../stand-ins/exchange/kline-walk';
import { CONTRACTS } from '../stand-ins/exchange/market-universe';

interface ExchangeInfo {
  symbols: { contractType: string }[];
}

/** The exchange stand-in the market-data tests and benchmark rely on: its data must be realistic and repeatable. */
describe('exchange stand-in', () => {
  let first: ExchangeStandIn;
  let second: ExchangeStandIn;
  const get = <T>(standIn: ExchangeStandIn, path: string) => fetch(`${standIn.url}${path}`).then((response) => response.json() as Promise<T>);

  beforeAll(async () => {
    [first, second] = await Promise.all([startExchangeStandIn(), startExchangeStandIn()]);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('klines are a seeded random walk: the same bars on every server, each opening at the previous close', async () => {
    const path = '/fapi/v1/klines?symbol=ETHUSDT&interval=4h&startTime=1704067200000&limit=300';
    const [bars, again] = await Promise.all([get<KlineRow[]>(first, path), get<KlineRow[]>(second, path)]);
    expect(bars).toEqual(again);
    expect(bars).toHaveLength(300);
    expect(bars[0]![0]).toBe(1704067200000);
    for (const [index, bar] of bars.entries()) {
      if (index === 0) continue;
      const previous = bars[index - 1]!;
      expect(bar[0] - previous[0]).toBe(4 * 3_600_000);
      expect(bar[1]).toBe(previous[4]);
      expect(Number(bar[2])).toBeGreaterThanOrEqual(Math.max(Number(bar[1]), Number(bar[4])));
      expect(Number(bar[3])).toBeLessThanOrEqual(Math.min(Number(bar[1]), Number(bar[4])));
    }
    expect(new Set(bars.map((bar) => bar[4])).size).toBeGreaterThan(250);
  });

  it('lists USDT majors and thin contracts, USDC-quoted ones and a quarterly contract', async () => {
    const info = await get<ExchangeInfo>(first, '/fapi/v1/exchangeInfo');
    expect(info.symbols).toHaveLength(CONTRACTS.length);
    const tickers = await get<{ symbol: string; quoteVolume: string }[]>(first, '/fapi/v1/ticker/24hr');
    const volumes = tickers.map((ticker) => Number(ticker.quoteVolume));
    expect(Math.max(...volumes)).toBeGreaterThan(1e9);
    expect(Math.min(...volumes)).toBeLessThan(1e6);
    expect(tickers.filter((ticker) => ticker.symbol.endsWith('USDC')).length).toBeGreaterThanOrEqual(2);
    expect(info.symbols.some((symbol) => symbol.contractType === 'CURRENT_QUARTER')).toBe(true);
  });

  it('counts calls per path and applies a fault only as often as asked', async () => {
    first.resetCalls();
    first.fault('/fapi/v1/time', { status: 503, body: 'busy' }, 1);
    const statuses = [];
    for (let index = 0; index < 2; index += 1) statuses.push((await fetch(`${first.url}/fapi/v1/time`)).status);
    expect(statuses).toEqual([503, 200]);
    expect(first.calls('/fapi/v1/time')).toBe(2);
  });
});
