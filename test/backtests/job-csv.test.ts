import { parse } from 'csv-parse/sync';
import type { BacktestResult, BacktestTrade } from '../../src/engine';
import type { JobRecord } from '../../src/services/backtests/job-records';
import { csvField, EQUITY_CSV_COLUMNS, TRADES_CSV_COLUMNS, tradesCsv } from '../../src/services/backtests/job-csv';
import type { ExchangeStandIn } from '../stand-ins/exchange/exchange-stand-in';
import { finishedJob, jobBody, waitForJob } from '../support/backtest';
import { startBacktestWorld, type BacktestWorld } from '../support/backtest-world';
import { signedHeaders } from '../support/identity';
import type { TestService } from '../support/test-service';

type Key = { api_key: string; api_secret: string };

/** A signed GET read as text: the CSV answers are not JSON. */
async function signedText(baseUrl: string, key: Key, path: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: signedHeaders(key, 'GET', path, '') });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('CSV downloads of a done job (contract §18)', () => {
  let exchange: ExchangeStandIn;
  let service: TestService;
  let account: BacktestWorld['account'];
  let stop: BacktestWorld['stop'];

  beforeAll(async () => ({ exchange, service, account, stop } = await startBacktestWorld({ workers: 1 })));
  afterAll(() => stop());

  it('trades.csv: text/csv, the header row, then each trade of the JSON result with its JSON values, at weight 5', async () => {
    const { key, call } = await account();
    const job = await finishedJob(call, jobBody({ symbols: ['BTCUSDT', 'ETHUSDT'], params: { fast: 3, slow: 12, side: 'both' } }));
    const { trades } = job.result as BacktestResult;
    expect(trades.length).toBeGreaterThan(20);
    const used = Number((await call('GET', `/v1/backtest/jobs/${job.id}`)).headers.get('x-service-used-weight-1m'));
    const response = await signedText(service.url, key, `/v1/backtest/jobs/${job.id}/trades.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // Streamed: the length is not known up front.
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(Number(response.headers.get('x-service-used-weight-1m'))).toBe(used + 5);
    expect(response.text.endsWith('\r\n')).toBe(true);
    const lines = response.text.split('\r\n');
    expect(lines[0]).toBe('id,symbol,side,entry_time,entry_price,exit_time,exit_price,qty,pnl,fee,funding,exit_reason,mae,mfe');
    expect(lines).toHaveLength(trades.length + 2);
    const rows: string[][] = parse(response.text);
    expect(rows.slice(1)).toEqual(trades.map((trade) => TRADES_CSV_COLUMNS.map((column) => String(trade[column]))));
  });

  it('equity.csv: the header row, then each point of the equity curve', async () => {
    const { key, call } = await account();
    const job = await finishedJob(call, jobBody());
    const response = await signedText(service.url, key, `/v1/backtest/jobs/${job.id}/equity.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows: string[][] = parse(response.text);
    expect(rows[0]).toEqual([...EQUITY_CSV_COLUMNS]);
    expect(rows.slice(1)).toEqual((job.result as BacktestResult).equity_curve);
    expect(response.text.split('\r\n')[1]).toBe('2024-01-01T00:00:00.000Z,10000');
  });

  // Each case reads months no other test stored, so its job asks the exchange for candles and meets the delay:
  // over stored candles a job may end between two polls, before the test sees it running.
  it.each([
    ['trades.csv', '2022-03-01T00:00:00Z'],
    ['equity.csv', '2022-09-01T00:00:00Z'],
  ])('%s before done → 409 INVALID_STATE; of another key or an unknown id → 404 NOT_FOUND', async (file, start) => {
    const { key, call } = await account();
    exchange.fault('/fapi/v1/klines', { delayMs: 3000 }, 1);
    const end = new Date(Date.parse(start) + 19 * 86_400_000).toISOString();
    const created = await call<JobRecord>('POST', '/v1/backtest/jobs', jobBody({ start, end }));
    const { id } = created.body;
    await waitForJob(call, id, (job: JobRecord) => job.status === 'running');
    const early = await signedText(service.url, key, `/v1/backtest/jobs/${id}/${file}`);
    expect(early.status).toBe(409);
    const refusal = JSON.parse(early.text) as { error: { code: string; message: string } };
    expect(refusal).toEqual({ error: { code: 'INVALID_STATE', message: refusal.error.message } });
    expect(refusal.error.message).toContain('running');
    const other = await account();
    for (const unseen of [id, 'bt_00000000']) {
      const missing = await signedText(service.url, other.key, `/v1/backtest/jobs/${unseen}/${file}`);
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.text)).toEqual({ error: { code: 'NOT_FOUND', message: 'no such backtest job' } });
    }
    expect((await waitForJob(call, id)).status).toBe('done');
  });

  it('an unsigned request → 401', async () => {
    const response = await fetch(`${service.url}/v1/backtest/jobs/bt_00000000/trades.csv`);
    expect(response.status).toBe(401);
  });
});

describe('RFC 4180 fields', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['line\nfeed', '"line\nfeed"'],
    [12, '12'],
    [null, ''],
  ] as const)('%j → %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it('a trade whose text needs quoting reads back as the same values', () => {
    const trade = { id: 1, symbol: 'A,"B"', side: 'long', exit_reason: 'signal' } as unknown as BacktestTrade;
    const text = [...tradesCsv([trade])].join('');
    const rows: string[][] = parse(text);
    const row = rows[1];
    expect(row).toEqual(['1', 'A,"B"', 'long', '', '', '', '', '', '', '', '', 'signal', '', '']);
  });

  it('writes many rows in chunks of lines, never one string for the whole file', () => {
    const trade = { id: 1, symbol: 'BTCUSDT' } as unknown as BacktestTrade;
    const chunks = [...tradesCsv(Array.from({ length: 2500 }, () => trade))];
    expect(chunks.map((chunk) => chunk.split('\r\n').length - 1)).toEqual([1, 1000, 1000, 500]);
  });
});
