import { startBacktestWorld, type BacktestWorld } from '../support/backtest-world';
import type { TemplateListing } from '../../src/engine/templates';
import type { SignedErrorBody } from '../../src/rest/error-responses';
import type { JobRecord } from '../../src/services/backtests/job-records';
import type { Page } from '../../src/services/webhooks/webhook-records';
import { createdJobId, finishedJob, fullResult, jobBody, waitForJob } from '../support/backtest';
import { defined } from '../support/defined';
import { anyString, containing, matching, objectContaining } from '../support/matchers';
import type { SignedClient } from '../support/identity';
import type { TestService } from '../support/test-service';
import type { ExchangeStandIn } from '../stand-ins/exchange/exchange-stand-in';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('signed backtest job API (spec "Backtest jobs", contract §7)', () => {
  let exchange: ExchangeStandIn;
  let service: TestService;
  let call: SignedClient;
  let account: BacktestWorld['account'];
  let stop: BacktestWorld['stop'];

  beforeAll(async () => {
    ({ exchange, service, account, stop } = await startBacktestWorld({ workers: 2, scopes: ['webhooks:write'] }));
    call = (await account()).call;
  });
  afterAll(() => stop());

  it('GET /v1/backtest/templates lists the six templates and expression with their params schemas, at weight 1', async () => {
    const { call: fresh } = await account();
    const response = await fresh<TemplateListing[]>('GET', '/v1/backtest/templates');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-service-used-weight-1m')).toBe('1');
    expect(response.body.map((row) => row.id)).toEqual([
      'sma_cross',
      'ema_cross',
      'rsi_reversion',
      'bollinger_breakout',
      'donchian_breakout',
      'macd_trend',
      'expression',
    ]);
    expect(response.body[0]).toEqual({
      id: 'sma_cross',
      name: anyString(),
      description: anyString(),
      params_schema: objectContaining({ type: 'object' }),
      min_capital: '10',
    });
  });

  it('create answers the queued job with the resolved config at weight 20; the worker runs it to done with the full result', async () => {
    const { call: fresh } = await account();
    const created = await fresh<JobRecord>('POST', '/v1/backtest/jobs', jobBody());
    expect(created.status).toBe(200);
    expect(created.headers.get('x-service-used-weight-1m')).toBe('20');
    expect(created.body).toEqual({
      id: matching(/^bt_[0-9a-f]{6,8}$/),
      status: 'queued',
      config: {
        template_id: 'sma_cross',
        params: { fast: 5, slow: 20, side: 'long', position_size: 1 },
        symbols: ['BTCUSDT'],
        timeframe: '1h',
        start: '2024-01-01T00:00:00.000Z',
        end: '2024-02-15T00:00:00.000Z',
        capital: '10000',
        leverage: 1,
        fee_model: 'fixed_bps',
        fee_bps: '5',
        slippage_bps: '0',
      },
      submitted_at: matching(ISO),
      started_at: null,
      finished_at: null,
      progress: 0,
      result: null,
      error: null,
    });
    const done = await waitForJob(fresh, created.body.id);
    expect(done).toMatchObject({ status: 'done', progress: 1, error: null, config: created.body.config, submitted_at: created.body.submitted_at });
    expect(done.started_at).toMatch(ISO);
    expect(done.finished_at).toMatch(ISO);
    expect(Date.parse(done.finished_at!)).toBeGreaterThanOrEqual(Date.parse(done.started_at!));
    const result = fullResult(done);
    expect(Object.keys(result).sort()).toEqual(['equity_curve', 'metrics', 'report', 'trades']);
    expect(result.equity_curve).toHaveLength(46);
    expect(result.equity_curve[0]).toEqual(['2024-01-01T00:00:00.000Z', '10000']);
    expect(result.trades.length).toBeGreaterThan(0);
    expect(result.trades[0]).toEqual({
      id: 1,
      side: 'long',
      symbol: 'BTCUSDT',
      entry_time: matching(ISO),
      entry_price: matching(/^\d+(\.\d+)?$/),
      exit_time: matching(ISO),
      exit_price: matching(/^\d+(\.\d+)?$/),
      qty: matching(/^\d+(\.\d+)?$/),
      pnl: matching(/^-?\d+(\.\d+)?$/),
      fee: matching(/^\d+(\.\d+)?$/),
      funding: matching(/^-?\d+(\.\d+)?$/),
      exit_reason: matching(/^(signal|end)$/),
      mae: matching(/^(0|-0\.\d+)$/),
      mfe: matching(/^(0|0\.\d+)$/),
    });
    expect(result.metrics.total_trades).toBe(result.trades.length);
    const weight = await fresh('GET', `/v1/backtest/jobs/${created.body.id}`);
    expect(Number(weight.headers.get('x-service-used-weight-1m'))).toBeGreaterThan(20);
  });

  it("a done job's metrics, recomputed from its own equity curve and trades, match what it reports (max_drawdown aside: per bar)", async () => {
    const id = await createdJobId(call, jobBody({ params: { fast: 3, slow: 12, side: 'both' }, leverage: 2, fee_model: 'tiered_maker_taker' }));
    const job = await waitForJob(call, id);
    expect(job.status).toBe('done');
    const { metrics, equity_curve: curve, trades } = fullResult(job);
    const equity = curve.map(([, value]) => Number(value));
    const returns = equity.slice(1).map((value, index) => (equity[index]! > 0 ? value / equity[index]! - 1 : 0));
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const average = mean(returns);
    const std = Math.sqrt(returns.reduce((sum, value) => sum + (value - average) ** 2, 0) / (returns.length - 1));
    const downside = Math.sqrt(mean(returns.map((value) => Math.min(value, 0) ** 2)));
    const pnl = trades.map((trade) => Number(trade.pnl));
    const finalEquity = 10000 + pnl.reduce((sum, value) => sum + value, 0);
    const days = (Date.parse(job.config.end) - Date.parse(job.config.start)) / 86_400_000;
    const cagr = (finalEquity / 10000) ** (365 / days) - 1;
    const wins = pnl.filter((value) => value > 0);
    const losses = pnl.filter((value) => value < 0);
    const duration = mean(trades.map((trade) => (Date.parse(trade.exit_time) - Date.parse(trade.entry_time)) / 1000));

    const close = (reported: string, expected: number) =>
      expect(Math.abs(Number(reported) - expected)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(expected)));
    expect(trades.length).toBeGreaterThan(3);
    expect(losses.length).toBeGreaterThan(0);
    close(metrics.sharpe, (average / std) * Math.sqrt(365));
    close(metrics.sortino, (average / downside) * Math.sqrt(365));
    close(metrics.cagr, cagr);
    close(metrics.calmar, cagr / Number(metrics.max_drawdown));
    close(metrics.win_rate, wins.length / pnl.length);
    close(metrics.profit_factor, wins.reduce((sum, value) => sum + value, 0) / Math.abs(losses.reduce((sum, value) => sum + value, 0)));
    close(metrics.expected_value, (finalEquity - 10000) / pnl.length);
    expect(metrics.total_trades).toBe(trades.length);
    expect(metrics.avg_trade_duration_seconds).toBe(Math.round(duration));
    expect(Number(metrics.max_drawdown)).toBeGreaterThan(0);
    expect(trades.map((trade) => trade.id)).toEqual(trades.map((_, index) => index + 1));
  });

  it('window [start, end) (contract §7): on a 1h job the cagr of the metrics is the one of its own equity curve, whose last point is at end', async () => {
    // Without fees the close at `end` changes nothing, so E_end is exactly the curve's point at `end`.
    const job = await finishedJob(
      call,
      jobBody({ start: '2024-01-01T00:00:00Z', end: '2024-01-31T00:00:00Z', params: { fast: 3, slow: 12, side: 'both' }, fee_model: 'none' }),
    );
    expect(job.status).toBe('done');
    const result = fullResult(job);
    const curve = result.equity_curve;
    expect(curve[curve.length - 1]![0]).toBe('2024-01-31T00:00:00.000Z');
    const fromCurve = (Number(curve[curve.length - 1]![1]) / Number(curve[0]![1])) ** (365 / 30) - 1;
    expect(Math.abs(Number(result.metrics.cagr) - fromCurve)).toBeLessThanOrEqual(1e-6);
    const lastExit = result.trades[result.trades.length - 1]!.exit_time;
    expect(lastExit <= '2024-01-31T00:00:00.000Z').toBe(true);
  });

  it('a second job over the same range reads nothing from the exchange: candles and funding come from the store', async () => {
    const body = jobBody({ start: '2023-03-01T00:00:00Z', end: '2023-05-01T00:00:00Z', symbols: ['ETHUSDT'] });
    const first = await waitForJob(call, await createdJobId(call, body));
    expect(first.status).toBe('done');
    exchange.resetCalls();
    const second = await waitForJob(call, await createdJobId(call, { ...body, params: { fast: 8, slow: 30 } }));
    expect(second.status).toBe('done');
    expect(exchange.calls('/fapi/v1/klines')).toBe(0);
    expect(exchange.calls('/fapi/v1/fundingRate')).toBe(0);
    const again = await waitForJob(call, await createdJobId(call, body));
    expect(again.result).toEqual(first.result);
  });

  it('a range ending an hour ago is stored as far as it has closed: the same job again calls the exchange for nothing', async () => {
    const end = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000).toISOString();
    const body = jobBody({ symbols: ['BNBUSDT'], start: new Date(Date.parse(end) - 20 * 86_400_000).toISOString(), end });
    expect((await waitForJob(call, await createdJobId(call, body))).status).toBe('done');
    exchange.resetCalls();
    expect((await waitForJob(call, await createdJobId(call, body))).status).toBe('done');
    expect(exchange.calls('/fapi/v1/klines') + exchange.calls('/fapi/v1/fundingRate')).toBe(0);
  });

  it('config carries fee_bps only for fixed_bps, and the request values over the defaults', async () => {
    const none = await call<JobRecord>('POST', '/v1/backtest/jobs', jobBody({ fee_model: 'none', fee_bps: '7', leverage: 3 }));
    expect(none.status).toBe(200);
    expect(none.body.config).not.toHaveProperty('fee_bps');
    expect(none.body.config).toMatchObject({ fee_model: 'none', leverage: 3 });
    const fixed = await call<JobRecord>('POST', '/v1/backtest/jobs', jobBody({ fee_bps: '2.50' }));
    expect(fixed.body.config).toMatchObject({ fee_model: 'fixed_bps', fee_bps: '2.5' });
    await waitForJob(call, none.body.id);
    await waitForJob(call, fixed.body.id);
  });

  const future = new Date(Date.now() + 86_400_000).toISOString();
  it.each([
    ['template_id missing', { template_id: undefined }, 'template_id'],
    ['params missing', { params: undefined }, 'params'],
    ['symbols missing', { symbols: undefined }, 'symbols'],
    ['timeframe missing', { timeframe: undefined }, 'timeframe'],
    ['start missing', { start: undefined }, 'start'],
    ['end missing', { end: undefined }, 'end'],
    ['capital missing', { capital: undefined }, 'capital'],
    ['unknown template', { template_id: 'moon_shot' }, 'template_id'],
    ['bad params (fast not below slow)', { params: { fast: 30, slow: 20 } }, 'params.slow'],
    ['unknown param', { params: { fast: 5, slow: 20, speed: 1 } }, 'params.speed'],
    ['params not an object', { params: 'fast' }, 'params'],
    ['malformed start', { start: '01/02/2024' }, 'start'],
    ['start not in UTC', { start: '2024-01-01T00:00:00+02:00' }, 'start'],
    ['end not after start', { end: '2024-01-01T00:00:00Z' }, 'end'],
    ['end before start', { end: '2023-12-01T00:00:00Z' }, 'end'],
    ['span over 5 years', { start: '2019-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' }, 'end'],
    ['end in the future', { end: future }, 'end'],
    ['unsupported timeframe', { timeframe: '2h' }, 'timeframe'],
    ['non-numeric capital', { capital: 'lots' }, 'capital'],
    ['capital as a number', { capital: 10000 }, 'capital'],
    ['capital below the template minimum', { capital: '5' }, 'capital'],
    ['leverage 0', { leverage: 0 }, 'leverage'],
    ['leverage not an integer', { leverage: 1.5 }, 'leverage'],
    ['unknown fee_model', { fee_model: 'vip9' }, 'fee_model'],
    ['non-numeric fee_bps', { fee_bps: 'five' }, 'fee_bps'],
    ['empty symbols', { symbols: [] }, 'symbols'],
    ['lower-case symbol', { symbols: ['btcusdt'] }, 'symbols.0'],
  ])('create: %s → 400 INVALID_PARAMETER naming %p', async (_name, changes, field) => {
    const response = await call<SignedErrorBody>('POST', '/v1/backtest/jobs', jobBody(changes));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { code: 'INVALID_PARAMETER', message: containing(field), field } });
  });

  it.each([
    ['an unknown symbol', { symbols: ['NOPEUSDT'] }, /unknown symbol NOPEUSDT/],
    ['a range before the symbol was listed', { start: '2019-01-01T00:00:00Z', end: '2019-03-01T00:00:00Z' }, /no 1h candles at 2019-01-01/],
  ])('a job over %s fails with DATA_UNAVAILABLE, result null', async (_name, changes, message) => {
    const created = await call<JobRecord>('POST', '/v1/backtest/jobs', jobBody(changes));
    expect(created.status).toBe(200);
    const job = await waitForJob(call, created.body.id);
    expect(job).toMatchObject({ status: 'failed', result: null, error: { code: 'DATA_UNAVAILABLE', message: matching(message) } });
    expect(job.finished_at).toMatch(ISO);
  });

  it("get and cancel answer 404 NOT_FOUND for another key's job and for an unknown id", async () => {
    const created = await call<JobRecord>('POST', '/v1/backtest/jobs', jobBody());
    const other = await account();
    for (const path of [`/v1/backtest/jobs/${created.body.id}`, '/v1/backtest/jobs/bt_00000000']) {
      const got = await other.call<SignedErrorBody>('GET', path);
      expect(got.status).toBe(404);
      expect(got.body).toEqual({ error: { code: 'NOT_FOUND', message: 'no such backtest job' } });
      const cancelled = await other.call<SignedErrorBody>('POST', `${path}/cancel`, {});
      expect(cancelled.status).toBe(404);
      expect(cancelled.body.error.code).toBe('NOT_FOUND');
    }
    await waitForJob(call, created.body.id);
  });

  it.each(['done', 'failed'])('cancel of a %s job → 409 INVALID_STATE, the job unchanged', async (status) => {
    const job = await waitForJob(call, await createdJobId(call, jobBody(status === 'done' ? {} : { symbols: ['NOPEUSDT'] })));
    expect(job.status).toBe(status);
    const response = await call<SignedErrorBody>('POST', `/v1/backtest/jobs/${job.id}/cancel`, {});
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: { code: 'INVALID_STATE', message: anyString() } });
    expect((await call('GET', `/v1/backtest/jobs/${job.id}`)).body).toEqual(job);
  });

  it('cancel of a running job: cancelled at once with started_at kept, result and error null, and it stays cancelled', async () => {
    exchange.fault('/fapi/v1/klines', { delayMs: 4000 }, 1);
    const created = await call<JobRecord>('POST', '/v1/backtest/jobs', jobBody({ start: '2022-01-01T00:00:00Z', end: '2022-01-20T00:00:00Z' }));
    const running = await waitForJob(call, created.body.id, (job) => job.status === 'running');
    expect(running.started_at).toMatch(ISO);
    const response = await call<JobRecord>('POST', `/v1/backtest/jobs/${created.body.id}/cancel`, { reason: 'wrong range' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'cancelled', started_at: running.started_at, result: null, error: null, progress: running.progress });
    expect(response.body.finished_at).toMatch(ISO);
    // until the delayed candles have arrived (4 s fault above): a cancelled run that carried on would have ended by then
    await new Promise((resolve) => setTimeout(resolve, 4500));
    expect((await call('GET', `/v1/backtest/jobs/${created.body.id}`)).body).toEqual(response.body);
    const [row] = await service.service.orm.em
      .fork()
      .getConnection()
      .execute<{ cancel_reason: string }[]>('SELECT cancel_reason FROM backtest_jobs WHERE id = ?', [created.body.id]);
    expect(row?.cancel_reason).toBe('wrong range');
    const again = await call('POST', `/v1/backtest/jobs/${created.body.id}/cancel`, {});
    expect(again.status).toBe(409);
  });

  it('cancel with a reason over 200 characters → 400 INVALID_PARAMETER naming reason', async () => {
    const created = await call<JobRecord>('POST', '/v1/backtest/jobs', jobBody());
    const response = await call<SignedErrorBody>('POST', `/v1/backtest/jobs/${created.body.id}/cancel`, { reason: 'x'.repeat(201) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { code: 'INVALID_PARAMETER', message: containing('reason'), field: 'reason' } });
    await waitForJob(call, created.body.id);
  });

  describe('list', () => {
    let client: SignedClient;
    const ids: string[] = [];

    beforeAll(async () => {
      client = (await account()).call;
      for (const changes of [{}, { template_id: 'ema_cross', params: { fast: 5, slow: 20 } }, { symbols: ['NOPEUSDT'] }]) {
        const id = await createdJobId(client, jobBody(changes));
        ids.unshift(id);
        await waitForJob(client, id);
      }
    });

    it('answers newest first with metrics-only results and next_cursor null on the last page', async () => {
      const response = await client<Page<JobRecord>>('GET', '/v1/backtest/jobs');
      expect(response.status).toBe(200);
      expect(response.headers.get('x-service-used-weight-1m')).not.toBeNull();
      expect(response.body.data.map((job) => job.id)).toEqual(ids);
      expect(response.body.next_cursor).toBeNull();
      const done = defined(
        response.body.data.find((job) => job.status === 'done'),
        'a done job',
      );
      expect(Object.keys(done.result!)).toEqual(['metrics']);
      expect(
        defined(
          response.body.data.find((job) => job.status === 'failed'),
          'a failed job',
        ).result,
      ).toBeNull();
    });

    it('filters by status, template_id, from (inclusive) and to (exclusive)', async () => {
      const listed = async (query: string) => (await client<Page<JobRecord>>('GET', `/v1/backtest/jobs${query}`)).body.data.map((job) => job.id);
      const all = (await client<Page<JobRecord>>('GET', '/v1/backtest/jobs')).body.data;
      expect(await listed('?status=failed')).toEqual([ids[0]]);
      expect(await listed('?template_id=ema_cross')).toEqual([ids[1]]);
      const middle = defined(all[1], 'the middle job').submitted_at;
      expect(await listed(`?from=${middle}`)).toEqual([ids[0], ids[1]]);
      expect(await listed(`?to=${middle}`)).toEqual([ids[2]]);
    });

    it('pages with limit and an opaque cursor bound to the filters', async () => {
      const first = await client<Page<JobRecord>>('GET', '/v1/backtest/jobs?limit=2');
      expect(first.body.data.map((job) => job.id)).toEqual(ids.slice(0, 2));
      const cursor = first.body.next_cursor;
      expect(cursor).toEqual(anyString());
      const second = await client('GET', `/v1/backtest/jobs?limit=2&cursor=${cursor}`);
      expect(second.body).toEqual({ data: [objectContaining({ id: ids[2] })], next_cursor: null });
      const otherFilters = await client<SignedErrorBody>('GET', `/v1/backtest/jobs?limit=2&status=done&cursor=${cursor}`);
      expect(otherFilters.status).toBe(400);
      expect(otherFilters.body.error).toMatchObject({ code: 'INVALID_PARAMETER', field: 'cursor' });
    });

    it.each([
      ['an unknown status', 'status=finished', 'status'],
      ['a malformed from', 'from=yesterday', 'from'],
      ['a malformed to', 'to=2024-13-45', 'to'],
      ['limit 0', 'limit=0', 'limit'],
      ['limit 101', 'limit=101', 'limit'],
      ['an invalid cursor', 'cursor=not-a-cursor', 'cursor'],
    ])('%s → 400 INVALID_PARAMETER', async (_name, query, field) => {
      const response = await client<SignedErrorBody>('GET', `/v1/backtest/jobs?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { code: 'INVALID_PARAMETER', message: anyString(), field } });
    });
  });
});
