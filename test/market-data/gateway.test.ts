import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { CurrentFundingRate, FundingRateRow } from '../../src/services/market-data/funding-rates.service';
import type { LongShortRatioRow } from '../../src/services/market-data/ratios.service';
import type { TickerRow } from '../../src/services/market-data/tickers.service';
import type { premiumIndexRows, ratioRows } from '../../src/services/market-data/upstream-replies';
import type { WhaleBoard } from '../../src/services/market-data/whale-board.service';
import { defined } from '../support/defined';
import { request } from '../support/http';
import { anyOf, anyString } from '../support/matchers';
import { startMarketTestService, type MarketTestService } from '../stand-ins/exchange/market-test-service';
import { CONTRACTS } from '../stand-ins/exchange/market-universe';

const EXCHANGE_NOW = Date.UTC(2026, 10, 20, 12, 34, 56, 789);
const UPSTREAM_FAILED = { detail: 'upstream request failed' };
const SYMBOL_NOT_FOUND = { detail: 'symbol not found' };

/** The exchange's replies, as the service reads them. */
type PremiumIndexRow = z.infer<typeof premiumIndexRows>[number];
type RatioRow = z.infer<typeof ratioRows>[number];
/** The web API's envelope around the smart-money data. */
interface WebEnvelope {
  data: unknown;
}

describe('gateway market data built by the service', () => {
  let market: MarketTestService;
  const get = <T = unknown>(path: string) => request<T>(market.url, 'GET', path);
  const upstream = <T>(path: string) => request<T>(market.exchange.url, 'GET', path).then((answer) => answer.body);

  beforeAll(async () => {
    market = await startMarketTestService({}, () => EXCHANGE_NOW);
  });
  afterAll(() => market.stop());
  beforeEach(() => {
    market.exchange.clearFaults();
    market.exchange.resetCalls();
    market.service.service.services.upstream.clearCache();
  });

  describe('funding rates', () => {
    it('GET /funding/rates lists every symbol with fundingRate = lastFundingRate, decimals as strings', async () => {
      const premium = await upstream<PremiumIndexRow[]>('/fapi/v1/premiumIndex');
      const answer = await get<CurrentFundingRate[]>('/funding/rates');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-cache')).toBe('miss');
      expect(answer.body).toEqual(
        premium.map((row) => ({
          symbol: row.symbol,
          fundingRate: row.lastFundingRate,
          markPrice: row.markPrice,
          indexPrice: row.indexPrice,
          nextFundingTime: row.nextFundingTime,
          time: row.time,
        })),
      );
      expect(typeof defined(answer.body[0], 'a row').fundingRate).toBe('string');
      expect((await get('/funding/rates')).headers.get('x-cache')).toBe('hit');
    });

    it.each(['BTCUSDT', 'btcusdt'])('GET /funding/rates/%s answers the one row of BTCUSDT', async (symbol) => {
      const premium = await upstream<PremiumIndexRow>('/fapi/v1/premiumIndex?symbol=BTCUSDT');
      const answer = await get(`/funding/rates/${symbol}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        symbol: 'BTCUSDT',
        fundingRate: premium.lastFundingRate,
        markPrice: premium.markPrice,
        indexPrice: premium.indexPrice,
        nextFundingTime: premium.nextFundingTime,
        time: premium.time,
      });
    });

    it('GET /funding/rates/{unknown} answers 404 symbol not found', async () => {
      const answer = await get('/funding/rates/NOPEUSDT');
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(SYMBOL_NOT_FOUND);
    });

    it('GET /funding/rates/{symbol}/history asks upstream for 100 rows by default and answers funding rate rows', async () => {
      const answer = await get<FundingRateRow[]>('/funding/rates/ETHUSDT/history');
      expect(answer.status).toBe(200);
      expect(Object.fromEntries(market.exchange.lastQuery('/fapi/v1/fundingRate')!)).toEqual({ symbol: 'ETHUSDT', limit: '100' });
      expect(answer.body).toHaveLength(100);
      expect(answer.body).toEqual(await upstream<unknown>('/fapi/v1/fundingRate?symbol=ETHUSDT&limit=100'));
      expect(Object.keys(defined(answer.body[0], 'a row')).sort()).toEqual(['fundingRate', 'fundingTime', 'markPrice', 'symbol']);
    });

    it('GET /funding/rates/{symbol}/history forwards start_time, end_time and limit as the upstream names them', async () => {
      const start = EXCHANGE_NOW - 10 * 86_400_000;
      const answer = await get<FundingRateRow[]>(`/funding/rates/BTCUSDT/history?start_time=${start}&end_time=${start + 86_400_000}&limit=2`);
      expect(answer.status).toBe(200);
      expect(Object.fromEntries(market.exchange.lastQuery('/fapi/v1/fundingRate')!)).toEqual({
        symbol: 'BTCUSDT',
        startTime: String(start),
        endTime: String(start + 86_400_000),
        limit: '2',
      });
      expect(answer.body).toHaveLength(2);
      expect(defined(answer.body[0], 'a row').fundingTime).toBeGreaterThanOrEqual(start);
    });

    it.each([
      ['start_time=soon', { type: 'int_parsing', loc: ['query', 'start_time'] }],
      ['end_time=1.5', { type: 'int_parsing', loc: ['query', 'end_time'] }],
      ['limit=0', { type: 'greater_than_equal', loc: ['query', 'limit'] }],
    ])('GET /funding/rates/{symbol}/history?%s answers 422 %j', async (query, issue) => {
      const answer = await get(`/funding/rates/BTCUSDT/history?${query}`);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ detail: [{ ...issue, msg: anyString() }] });
    });
  });

  describe('long/short ratios by path symbol', () => {
    it('position-weighted rows carry longPosition/shortPosition instead of the account fields', async () => {
      const series = await upstream<RatioRow[]>('/futures/data/topLongShortPositionRatio?symbol=BTCUSDT&period=5m&limit=10');
      const answer = await get('/long-short/position-ratio/BTCUSDT');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(
        series.map((row) => ({
          symbol: row.symbol,
          longShortRatio: row.longShortRatio,
          longPosition: row.longAccount,
          shortPosition: row.shortAccount,
          timestamp: row.timestamp,
        })),
      );
    });

    it('account-weighted rows keep longAccount/shortAccount, with the period and limit asked for', async () => {
      const answer = await get<LongShortRatioRow[]>('/long-short/account-ratio/ETHUSDT?period=1d&limit=3');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(await upstream<unknown>('/futures/data/topLongShortAccountRatio?symbol=ETHUSDT&period=1d&limit=3'));
      expect(Object.keys(defined(answer.body[0], 'a row')).sort()).toEqual(['longAccount', 'longShortRatio', 'shortAccount', 'symbol', 'timestamp']);
    });

    it.each([
      ['position', 'period=3m', { type: 'literal_error', loc: ['query', 'period'] }],
      ['account', 'limit=501', { type: 'less_than_equal', loc: ['query', 'limit'] }],
      ['account', 'limit=x', { type: 'int_parsing', loc: ['query', 'limit'] }],
    ])('/long-short/%s-ratio/BTCUSDT?%s answers 422 %j', async (kind, query, issue) => {
      const answer = await get(`/long-short/${kind}-ratio/BTCUSDT?${query}`);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ detail: [{ ...issue, msg: anyString() }] });
    });

    it('an unknown symbol answers 404 symbol not found', async () => {
      const answer = await get('/long-short/position-ratio/NOPEUSDT');
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(SYMBOL_NOT_FOUND);
    });
  });

  describe('active 24h tickers', () => {
    const expectedSymbols = (minimum: number) =>
      CONTRACTS.filter((listed) => listed.quoteAsset !== 'USDC' && new Decimal(listed.quoteVolume).gte(minimum))
        .sort((a, b) => new Decimal(b.quoteVolume).comparedTo(a.quoteVolume))
        .map((listed) => listed.symbol);

    it('by default keeps quote volume ≥ 100000000, drops USDC-quoted symbols and sorts by quoteVolume descending', async () => {
      const all = await upstream<TickerRow[]>('/fapi/v1/ticker/24hr');
      const answer = await get<TickerRow[]>('/ticker/24hr/active');
      expect(answer.status).toBe(200);
      expect(answer.body.map((row) => row.symbol)).toEqual(expectedSymbols(100_000_000));
      const first = defined(answer.body[0], 'the first ticker');
      expect(first).toEqual(all.find((row) => row.symbol === first.symbol));
      expect(answer.body.some((row) => row.symbol === 'USDCUSDT')).toBe(false);
    });

    it.each([[0], [1e9], [5e7]])('min_quote_volume=%p filters by that minimum', async (minimum) => {
      const answer = await get<TickerRow[]>(`/ticker/24hr/active?min_quote_volume=${minimum}`);
      expect(answer.body.map((row) => row.symbol)).toEqual(expectedSymbols(minimum));
    });

    it('a non-numeric min_quote_volume answers 422 float_parsing', async () => {
      const answer = await get('/ticker/24hr/active?min_quote_volume=lots');
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ detail: [{ type: 'float_parsing', loc: ['query', 'min_quote_volume'], msg: anyString() }] });
    });
  });

  describe('smart money', () => {
    const overviewPath = '/bapi/futures/v1/public/future/smart-money/signal/overview';
    const listPath = '/bapi/futures/v1/public/future/smart-money/signal/list';

    it('overview answers the upstream data object unchanged', async () => {
      const answer = await get('/smart-money/signal/overview?symbol=BTCUSDT');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual((await upstream<WebEnvelope>(`${overviewPath}?symbol=BTCUSDT`)).data);
      expect(answer.body).toMatchObject({ symbol: 'BTCUSDT', longTraders: anyOf(Number), shortWhales: anyOf(Number) });
    });

    it('overview without symbol answers 422 missing', async () => {
      const answer = await get('/smart-money/signal/overview');
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ detail: [{ type: 'missing', loc: ['query', 'symbol'], msg: 'Field required' }] });
    });

    it('overview of a symbol the upstream has no data for answers 404 symbol not found', async () => {
      const answer = await get('/smart-money/signal/overview?symbol=NOPEUSDT');
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(SYMBOL_NOT_FOUND);
    });

    it.each([
      ['', '24h'],
      ['?timeRange=30m', '30m'],
      ['?timeRange=1h', '1h'],
      ['?timeRange=7d', '7d'],
    ])('list%s answers the upstream rows of timeRange %s', async (query, timeRange) => {
      const answer = await get(`/smart-money/signal/list${query}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual((await upstream<WebEnvelope>(`${listPath}?timeRange=${timeRange}`)).data);
      expect(market.exchange.lastQuery(listPath)!.get('timeRange')).toBe(timeRange);
    });

    it.each(['2h', '24H', ''])('list with timeRange=%p answers 400 with a detail', async (timeRange) => {
      const answer = await get(`/smart-money/signal/list?timeRange=${timeRange}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ detail: 'timeRange must be one of 30m, 1h, 24h, 7d' });
      expect(market.exchange.calls(listPath)).toBe(0);
    });

    it('an upstream refusal inside a 200 envelope answers 502 and is not cached', async () => {
      market.exchange.fault(listPath, { status: 200, body: { code: '100001', message: 'busy', data: null, success: false } }, 1);
      expect((await get('/smart-money/signal/list')).body).toEqual(UPSTREAM_FAILED);
      expect((await get('/smart-money/signal/list')).status).toBe(200);
    });
  });

  describe('whale board', () => {
    async function expectedRows(minimum: number) {
      const rows = [];
      for (const listed of CONTRACTS) {
        if (listed.contractType !== 'PERPETUAL' || listed.quoteAsset !== 'USDT' || new Decimal(listed.quoteVolume).lt(minimum)) continue;
        const [latest] = await upstream<RatioRow[]>(`/futures/data/topLongShortPositionRatio?symbol=${listed.symbol}&period=1h&limit=1`);
        if (!latest) throw new Error(`no ratio for ${listed.symbol}`);
        const score = Math.abs(Math.log(Number(latest.longShortRatio))) * Math.log10(Number(listed.quoteVolume));
        rows.push({ symbol: listed.symbol, quoteVolume: listed.quoteVolume, whaleLongShort: latest.longShortRatio, score: Math.round(score * 1e4) / 1e4 });
      }
      return rows.sort((a, b) => b.score - a.score);
    }

    it('by default scores USDT perpetuals with quote volume ≥ 50000000 by log10(quoteVolume) × |ln(ratio)|, highest first', async () => {
      const before = Date.now();
      const answer = await get<WhaleBoard>('/whale-board');
      expect(answer.status).toBe(200);
      expect(answer.body.generatedAt).toBeGreaterThanOrEqual(before);
      expect(answer.body.rows).toEqual(await expectedRows(50_000_000));
      expect(answer.body.rows.length).toBeGreaterThan(5);
      expect(answer.body.rows.some((row) => row.symbol.endsWith('USDC') || row.symbol.includes('_'))).toBe(false);
      expect(market.exchange.lastQuery('/futures/data/topLongShortPositionRatio')!.get('period')).toBe('1h');
    });

    it('min_quote_volume=1000000000 keeps only the majors', async () => {
      const answer = await get<WhaleBoard>('/whale-board?min_quote_volume=1000000000');
      expect(answer.body.rows).toEqual(await expectedRows(1e9));
    });

    it('a second board within the cache periods is a hit and calls upstream no more', async () => {
      await get('/whale-board');
      const calls = market.exchange.calls('/futures/data/topLongShortPositionRatio');
      const again = await get('/whale-board');
      expect(again.headers.get('x-cache')).toBe('hit');
      expect(market.exchange.calls('/futures/data/topLongShortPositionRatio')).toBe(calls);
    });
  });

  it.each([
    '/funding/rates',
    '/funding/rates/BTCUSDT',
    '/funding/rates/BTCUSDT/history',
    '/long-short/position-ratio/BTCUSDT',
    '/long-short/account-ratio/BTCUSDT',
    '/ticker/24hr/active',
    '/smart-money/signal/overview?symbol=BTCUSDT',
    '/smart-money/signal/list',
    '/whale-board',
  ])('GET %s answers 502 upstream request failed when the upstream fails', async (path) => {
    market.exchange.fault('*', { status: 500 });
    const answer = await get(path);
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual(UPSTREAM_FAILED);
  });

  it('a gateway endpoint answers 502 for an upstream 4xx it cannot explain', async () => {
    market.exchange.fault('/fapi/v1/fundingRate', { status: 403, body: { code: -2015, msg: 'forbidden' } }, 1);
    const answer = await get('/funding/rates/BTCUSDT/history');
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual(UPSTREAM_FAILED);
  });
});
