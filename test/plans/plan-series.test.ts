import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { grantPlan } from '../../src/cli/commands/grant-plan';
import { importSeries } from '../../src/cli/commands/import-series';
import type { PlanKline, PlanRatioRow } from '../../src/services/plans/plan-series.service';
import { PlanKlinesDocument, PlanLongShortRatioDocument } from '../graphql/generated';
import { graphql, request } from '../support/http';
import { anyString, matching } from '../support/matchers';
import { startTestService, type TestService } from '../support/test-service';

const SAMPLES = path.resolve(__dirname, '../../samples');

const ENDPOINTS: [string, string][] = [
  ['/stock/v1/retailLongShortRatio', 'AAPL'],
  ['/index/v1/topLongShortRatio', 'SPX'],
  ['/index/v1/whaleLongShortRatio', 'SPX'],
  ['/stock/v1/klines', 'AAPL'],
  ['/index/v1/klines', 'SPX'],
  ['/commodity/v1/klines', 'XAU'],
];

describe('plans, plan keys and plan-gated series', () => {
  let service: TestService;
  let standardKey: string;
  let basicKey: string;
  let endedKey: string;
  let proKey: string;
  const grant = (email: string, plan: string, days: number) =>
    grantPlan.run({ email, plan, days: String(days) }, service.service) as Promise<{ data_api_key: string; plan: string; expires_at: string }>;
  const get = <T = unknown>(pathWithQuery: string, key?: string) =>
    request<T>(service.url, 'GET', pathWithQuery, { headers: key ? { 'X-Data-API-Key': key } : {} });

  async function sql(text: string, values: unknown[] = []): Promise<number> {
    const client = new Client({ connectionString: service.databaseUrl });
    await client.connect();
    const result = await client.query(text, values);
    await client.end();
    return result.rowCount ?? 0;
  }

  beforeAll(async () => {
    service = await startTestService();
    await importSeries.run({ file: path.join(SAMPLES, 'series-klines.csv') }, service.service);
    await importSeries.run({ file: path.join(SAMPLES, 'series-ratios.csv') }, service.service);
    standardKey = (await grant('standard@example.com', 'standard', 30)).data_api_key;
    basicKey = (await grant('basic@example.com', 'basic', 30)).data_api_key;
    endedKey = (await grant('ended@example.com', 'standard', 0)).data_api_key;
    proKey = (await grant('pro@example.com', 'pro', 30)).data_api_key;
  });
  afterAll(() => service.stop());

  it('grant-plan prints a pk_ key, the plan and the end date N days ahead', async () => {
    const before = Date.now();
    const printed = await grant('new-user@example.com', 'standard', 3);
    expect(printed).toEqual({ data_api_key: matching(/^pk_[0-9a-f]{32}$/), plan: 'standard', expires_at: anyString() });
    const expiresAt = Date.parse(printed.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3 * 86_400_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3 * 86_400_000);
  });

  it('plan keys are stored hashed', async () => {
    expect(await sql('SELECT 1 FROM plan_keys WHERE key_hash = $1', [standardKey])).toBe(0);
  });

  describe.each(ENDPOINTS)('%s', (endpoint, symbol) => {
    it('answers 200 with an active Standard plan', async () => {
      const response = await get<unknown[]>(`${endpoint}?symbol=${symbol}`, standardKey);
      expect(response.status).toBe(200);
      expect(response.body.length).toBeGreaterThan(0);
    });

    it('answers 200 with a Pro plan (above Standard)', async () => {
      expect((await get(`${endpoint}?symbol=${symbol}`, proKey)).status).toBe(200);
    });

    it.each<[string, () => string | undefined]>([
      ['missing', () => undefined],
      ['unknown', () => `pk_${'0'.repeat(32)}`],
      ['malformed', () => 'not-a-plan-key'],
    ])('answers 401 when X-Data-API-Key is %s', async (_label, key) => {
      const response = await get(`${endpoint}?symbol=${symbol}`, key());
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: anyString() });
    });

    it.each<[string, () => string]>([
      ['a Basic plan', () => basicKey],
      ['a plan that ended', () => endedKey],
    ])('answers 403 with %s', async (_label, key) => {
      const response = await get(`${endpoint}?symbol=${symbol}`, key());
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: 'an active standard plan or above is required' });
    });

    it('answers 422 when symbol is missing', async () => {
      const response = await get(endpoint, standardKey);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: [{ type: 'missing', loc: ['query', 'symbol'], msg: 'Field required' }] });
    });

    it('answers 404 for a symbol with no series', async () => {
      const response = await get(`${endpoint}?symbol=NOPE`, standardKey);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'symbol not found' });
    });
  });

  it('a plan that expires stops its key working: 200 before, 403 after', async () => {
    const { data_api_key: key } = await grant('expiring@example.com', 'standard', 1);
    expect((await get('/stock/v1/retailLongShortRatio?symbol=AAPL', key)).status).toBe(200);
    expect(await sql("UPDATE users SET plan_expires_at = (now() AT TIME ZONE 'utc') - interval '1 second' WHERE email = $1", ['expiring@example.com'])).toBe(1);
    const after = await get('/stock/v1/retailLongShortRatio?symbol=AAPL', key);
    expect(after.status).toBe(403);
    expect(after.body).toEqual({ detail: 'an active standard plan or above is required' });
  });

  it('an earlier key stays valid after a new grant, and a renewal revives an ended plan', async () => {
    const first = await grant('renew@example.com', 'standard', 0);
    expect((await get('/index/v1/klines?symbol=SPX', first.data_api_key)).status).toBe(403);
    const second = await grant('renew@example.com', 'standard', 10);
    expect(second.data_api_key).not.toBe(first.data_api_key);
    expect((await get('/index/v1/klines?symbol=SPX', first.data_api_key)).status).toBe(200);
    expect((await get('/index/v1/klines?symbol=SPX', second.data_api_key)).status).toBe(200);
  });

  it('ratio rows carry the account fields as decimal strings, oldest first, period 1d by default', async () => {
    const response = await get('/stock/v1/retailLongShortRatio?symbol=AAPL', standardKey);
    expect(response.body).toEqual([
      { symbol: 'AAPL', longShortRatio: '1.8521', longAccount: '0.6494', shortAccount: '0.3506', timestamp: 1763337600000 },
      { symbol: 'AAPL', longShortRatio: '1.7730', longAccount: '0.6394', shortAccount: '0.3606', timestamp: 1763424000000 },
      { symbol: 'AAPL', longShortRatio: '1.9011', longAccount: '0.6553', shortAccount: '0.3447', timestamp: 1763510400000 },
    ]);
  });

  it('limit returns the latest points; another period has its own series', async () => {
    const latest = await get<PlanRatioRow[]>('/stock/v1/retailLongShortRatio?symbol=AAPL&limit=1', standardKey);
    expect(latest.body.map((row) => row.timestamp)).toEqual([1763510400000]);
    expect((await get('/stock/v1/retailLongShortRatio?symbol=AAPL&period=1h', standardKey)).body).toEqual([]);
  });

  it('the whale and top series of one index are kept apart', async () => {
    const top = await get<PlanRatioRow[]>('/index/v1/topLongShortRatio?symbol=SPX', standardKey);
    const whale = await get<PlanRatioRow[]>('/index/v1/whaleLongShortRatio?symbol=SPX', standardKey);
    expect(top.body[0]?.longShortRatio).toBe('1.2104');
    expect(whale.body[0]?.longShortRatio).toBe('0.9120');
  });

  it.each([
    ['/stock/v1/retailLongShortRatio?symbol=AAPL&period=2h', 'period', 'literal_error'],
    ['/stock/v1/retailLongShortRatio?symbol=AAPL&limit=501', 'limit', 'less_than_equal'],
    ['/stock/v1/retailLongShortRatio?symbol=AAPL&limit=abc', 'limit', 'int_parsing'],
    ['/stock/v1/klines?symbol=AAPL&interval=3d', 'interval', 'literal_error'],
    ['/stock/v1/klines?symbol=AAPL&limit=1001', 'limit', 'less_than_equal'],
    ['/stock/v1/klines?symbol=AAPL&startTime=yesterday', 'startTime', 'int_parsing'],
  ])('GET %s answers 422 at query.%s', async (pathWithQuery, field, type) => {
    const response = await get(pathWithQuery, standardKey);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ type, loc: ['query', field], msg: anyString() }] });
  });

  it('K-line rows are [openTime, open, high, low, close, volume, closeTime]', async () => {
    const response = await get('/commodity/v1/klines?symbol=XAU', standardKey);
    expect(response.body).toEqual([
      [1763337600000, '4085.20', '4112.75', '4061.40', '4098.35', '182344.5', 1763337600000 + 86_400_000 - 1],
      [1763424000000, '4098.35', '4130.10', '4079.95', '4121.80', '176902.25', 1763424000000 + 86_400_000 - 1],
    ]);
  });

  it('K-lines honour startTime, endTime and limit', async () => {
    const from = await get<PlanKline[]>('/stock/v1/klines?symbol=AAPL&startTime=1763424000000&limit=1', standardKey);
    expect(from.body.map((row) => row[0])).toEqual([1763424000000]);
    const until = await get<PlanKline[]>('/stock/v1/klines?symbol=AAPL&endTime=1763424000000', standardKey);
    expect(until.body.map((row) => row[0])).toEqual([1763337600000, 1763424000000]);
    const latest = await get<PlanKline[]>('/stock/v1/klines?symbol=AAPL&limit=2', standardKey);
    expect(latest.body.map((row) => row[0])).toEqual([1763424000000, 1763510400000]);
  });

  describe('import-series', () => {
    let folder: string;
    beforeAll(async () => {
      folder = await mkdtemp(path.join(os.tmpdir(), 'series-'));
    });

    it('re-importing a row replaces it and reports the layout and row count', async () => {
      const file = path.join(folder, 'replace.csv');
      await writeFile(file, 'market,symbol,interval,open_time,open,high,low,close,volume\ncommodity,XAU,1d,1763424000000,1,2,0.5,1.5,10\n');
      expect(await importSeries.run({ file }, service.service)).toEqual({ file, layout: 'klines', rows: 1 });
      const response = await get<PlanKline[]>('/commodity/v1/klines?symbol=XAU', standardKey);
      expect(response.body[1]).toEqual([1763424000000, '1', '2', '0.5', '1.5', '10', 1763424000000 + 86_400_000 - 1]);
    });

    it.each([
      ['an unknown header', 'a,b\n1,2\n', /unrecognised header/],
      ['a bad decimal', 'market,symbol,interval,open_time,open,high,low,close,volume\nstock,X,1d,1,1,2,abc,1,1\n', /line 2: low/],
      [
        'a retail index series',
        'market,symbol,series,period,timestamp,long_short_ratio,long_account,short_account\nindex,X,retail,1d,1,1,0.5,0.5\n',
        /line 2: series/,
      ],
      ['an unknown market', 'market,symbol,interval,open_time,open,high,low,close,volume\ncrypto,X,1d,1,1,2,1,1,1\n', /line 2: market/],
    ])('rejects a file with %s and imports nothing of it', async (_label, content, message) => {
      const file = path.join(folder, 'bad.csv');
      await writeFile(file, content);
      await expect(importSeries.run({ file }, service.service)).rejects.toThrow(message);
      expect((await get('/stock/v1/klines?symbol=X', standardKey)).status).toBe(404);
    });
  });

  describe('over GraphQL, with the X-Data-API-Key header', () => {
    it('planLongShortRatio returns the same rows as REST', async () => {
      const response = await graphql(
        service.url,
        PlanLongShortRatioDocument,
        { series: 'INDEX_WHALE', symbol: 'SPX', limit: 1 },
        { 'X-Data-API-Key': standardKey },
      );
      expect(response.data!.planLongShortRatio).toEqual([
        { symbol: 'SPX', longShortRatio: '0.9547', longAccount: '0.4884', shortAccount: '0.5116', timestamp: 1763424000000 },
      ]);
    });

    it('planKlines returns K-line objects', async () => {
      const response = await graphql(service.url, PlanKlinesDocument, { market: 'INDEX', symbol: 'SPX', limit: 1 }, { 'X-Data-API-Key': standardKey });
      expect(response.data!.planKlines).toEqual([
        { openTime: 1763424000000, open: '6690.55', high: '6741.30', low: '6681.02', close: '6734.11', volume: '0', closeTime: 1763424000000 + 86_400_000 - 1 },
      ]);
    });

    it.each<[string, () => Record<string, string>, string]>([
      ['no key', () => ({}), 'UNAUTHENTICATED'],
      ['a Basic plan', () => ({ 'X-Data-API-Key': basicKey }), 'PLAN_REQUIRED'],
    ])('with %s the query fails with %s', async (_label, headers, code) => {
      const response = await graphql(service.url, PlanLongShortRatioDocument, { series: 'STOCK_RETAIL', symbol: 'AAPL' }, headers());
      expect(response.errors?.[0]?.extensions).toEqual({ code });
    });

    it('an unknown symbol is NOT_FOUND', async () => {
      const response = await graphql(service.url, PlanKlinesDocument, { market: 'STOCK', symbol: 'NOPE' }, { 'X-Data-API-Key': standardKey });
      expect(response.errors?.[0]?.extensions).toEqual({ code: 'NOT_FOUND' });
    });
  });
});
