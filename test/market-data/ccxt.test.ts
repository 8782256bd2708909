import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { startMarketTestService, type MarketTestService } from '../stand-ins/exchange/market-test-service';

const EXCHANGE_NOW = Date.UTC(2026, 10, 20, 12, 34, 56, 789);
const ROOT = path.resolve(__dirname, '../..');

/** What the probe prints: each call's result by name, `markets` summarised as a count and the BTCUSDT market. */
type CcxtReading = Record<string, unknown> & { markets: { count: number; btc: unknown }; fetchOHLCV: unknown[] };

/** What ccxt reads from `base` (see test/clients/ccxt-futures-probe.ts). */
async function readWithCcxt(base: string): Promise<CcxtReading> {
  const { stdout } = await promisify(execFile)(process.execPath, ['-r', './scripts/register-typescript.js', 'test/clients/ccxt-futures-probe.ts', base], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as CcxtReading;
}

describe('a widely used exchange client (ccxt) reads the pass-through endpoints through the service unchanged', () => {
  let market: MarketTestService;
  let viaService: CcxtReading;
  let fromExchange: CcxtReading;

  beforeAll(async () => {
    market = await startMarketTestService({}, () => EXCHANGE_NOW);
    [viaService, fromExchange] = await Promise.all([readWithCcxt(market.url), readWithCcxt(market.exchange.url)]);
  }, 60_000);
  afterAll(() => market.stop());

  it.each([
    'markets',
    'fetchTickers',
    'fetchFundingRateHistory',
    'fetchFundingRates',
    'fetchOHLCV',
    'fetchOpenInterest',
    'fetchTime',
    'topLongShortPositionRatio',
    'topLongShortAccountRatio',
  ])('%s through the service equals what ccxt reads from the exchange itself', (call) => {
    expect(viaService[call]).toEqual(fromExchange[call]);
    expect(viaService[call]).toBeTruthy();
  });

  it('the service really served the calls', () => {
    expect(viaService.markets.count).toBeGreaterThan(30);
    expect(viaService.markets.btc).toMatchObject({ id: 'BTCUSDT', linear: true, swap: true });
    expect(viaService.fetchOHLCV).toHaveLength(24);
  });
});
