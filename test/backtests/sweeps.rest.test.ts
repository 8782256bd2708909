import type { SweepRecord, SweepRow } from '../../src/services/backtests/sweep-records';
import { finishedJob, finishedSweep, jobBody, sweepBody, waitForSweep } from '../support/backtest';
import { defined } from '../support/defined';
import { startBacktestWorld, type BacktestWorld } from '../support/backtest-world';
import type { TestService } from '../support/test-service';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** Jest's asymmetric matchers are typed `any`; these give them a type. */
const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern);
const anyString = (): unknown => expect.any(String);

function leaderboard(sweep: SweepRecord): SweepRow[] {
  return defined(sweep.result?.rows, `the leaderboard of a ${sweep.status} sweep`);
}

function errorBody(code: string, field?: string): unknown {
  return { error: { code, message: anyString(), ...(field ? { field } : {}) } };
}

describe('parameter sweeps over the signed API (contract §13)', () => {
  let service: TestService;
  let account: BacktestWorld['account'];
  let stop: BacktestWorld['stop'];

  beforeAll(async () => ({ service, account, stop } = await startBacktestWorld({ workers: 2 })));
  afterAll(() => stop());

  it('create answers the queued sweep at weight 20 with its resolved config; it runs to done with the top rows best first', async () => {
    const { call } = await account();
    const created = await call<SweepRecord>(
      'POST',
      '/v1/backtest/sweeps',
      sweepBody({ params: { fast: { from: 2, to: 10, step: 2 }, slow: [10, 20], side: 'long' } }),
    );
    expect(created.status).toBe(200);
    expect(created.headers.get('x-service-used-weight-1m')).toBe('20');
    expect(created.body).toEqual({
      id: matching(/^sw_[0-9a-f]{8}$/),
      status: 'queued',
      config: {
        template_id: 'sma_cross',
        params: { fast: { from: 2, to: 10, step: 2 }, slow: [10, 20], side: 'long' },
        symbols: ['BTCUSDT'],
        timeframe: '1h',
        start: '2024-01-01T00:00:00.000Z',
        end: '2024-02-15T00:00:00.000Z',
        capital: '10000',
        leverage: 1,
        fee_model: 'fixed_bps',
        fee_bps: '5',
        slippage_bps: '0',
        objective: 'sharpe',
        top: 20,
      },
      // fast 2, 4, 6, 8, 10 × slow 10, 20; fast 10 with slow 10 is rejected by the template.
      combinations: 10,
      skipped: 1,
      submitted_at: matching(ISO),
      started_at: null,
      finished_at: null,
      progress: 0,
      result: null,
      error: null,
    });
    const weight = async () => Number((await call('GET', `/v1/backtest/sweeps/${created.body.id}`)).headers.get('x-service-used-weight-1m'));
    expect(-(await weight()) + (await weight())).toBe(2);
    const done = await waitForSweep(call, created.body.id);
    expect(done).toMatchObject({ status: 'done', progress: 1, error: null, started_at: matching(ISO), finished_at: matching(ISO) });
    expect(done.result?.objective).toBe('sharpe');
    const rows = leaderboard(done);
    expect(rows).toHaveLength(9);
    expect(rows.map((row) => row.params)).toContainEqual({ fast: 2, slow: 10, side: 'long', position_size: 1 });
    const sharpes = rows.map((row) => Number(row.metrics.sharpe));
    expect(sharpes).toEqual([...sharpes].sort((a, b) => b - a));
    expect(new Set(sharpes).size).toBeGreaterThan(1);
  });

  it("a row's metrics equal, string for string, a single job's with the same configuration and params (slippage included)", async () => {
    const { call } = await account();
    const sweep = await finishedSweep(call, sweepBody({ slippage_bps: '3', objective: 'cagr' }));
    expect(sweep.status).toBe('done');
    const rows = leaderboard(sweep);
    expect(rows).toHaveLength(4);
    for (const row of rows.slice(0, 2)) {
      const job = await finishedJob(call, jobBody({ params: row.params, slippage_bps: '3' }));
      expect(job.status).toBe('done');
      expect(row.metrics).toEqual(job.result?.metrics);
    }
  });

  it('ties go to the earlier combination, in the order the values were given; top cuts the leaderboard', async () => {
    const { call } = await account();
    // A 90 % stop-loss never triggers over these bars: both values give the same metrics.
    const forward = leaderboard(await finishedSweep(call, sweepBody({ params: { fast: 5, slow: 20, stop_loss_pct: [90, 80] } })));
    const backward = leaderboard(await finishedSweep(call, sweepBody({ params: { fast: 5, slow: 20, stop_loss_pct: [80, 90] } })));
    expect(forward[0]?.metrics).toEqual(forward[1]?.metrics);
    expect(forward.map((row) => row.params.stop_loss_pct)).toEqual([90, 80]);
    expect(backward.map((row) => row.params.stop_loss_pct)).toEqual([80, 90]);
    const top = await finishedSweep(call, sweepBody({ top: 1 }));
    expect(leaderboard(top)).toHaveLength(1);
    expect(top.combinations).toBe(4);
  });

  it.each([
    ['more than 10,000 combinations', { params: { fast: { from: 1, to: 200, step: 1 }, slow: { from: 2, to: 200, step: 1 } } }, 'params'],
    ['a combination count over the limit in one range', { params: { fast: 5, slow: { from: 20, to: 100_000, step: 1 } } }, 'params'],
    ['every combination rejected by the template', { params: { fast: [20, 30], slow: [10, 20] } }, 'params'],
    ['an unknown parameter', { params: { fast: [5], slow: [20], speed: [1] } }, 'params'],
    ['an empty value list', { params: { fast: [], slow: [20] } }, 'params.fast'],
    ['a range with step 0', { params: { fast: { from: 1, to: 5, step: 0 }, slow: 20 } }, 'params.fast'],
    ['an unknown objective', { objective: 'luck' }, 'objective'],
    ['top 0', { top: 0 }, 'top'],
    ['top 101', { top: 101 }, 'top'],
    ['a walk-forward longer than the range', { walk_forward: { train_days: 40, test_days: 10 } }, 'walk_forward'],
    ['a walk-forward of more than 100 windows', { start: '2023-01-01T00:00:00Z', walk_forward: { train_days: 5, test_days: 2 } }, 'walk_forward'],
    ['negative slippage', { slippage_bps: '-1' }, 'slippage_bps'],
    ['an unknown template', { template_id: 'martingale' }, 'template_id'],
  ])('%s → 400 INVALID_PARAMETER naming the field', async (_name, changes, field) => {
    const { call } = await account();
    const response = await call('POST', '/v1/backtest/sweeps', sweepBody(changes));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorBody('INVALID_PARAMETER', field));
  });

  it('walk-forward: 30-day train and 10-day test windows over Jan-Feb; each winner re-run as a job gives the window metrics', async () => {
    const { call } = await account();
    const sweep = await finishedSweep(
      call,
      sweepBody({ start: '2024-01-01T00:00:00Z', end: '2024-03-01T00:00:00Z', walk_forward: { train_days: 30, test_days: 10 } }),
    );
    expect(sweep.status).toBe('done');
    expect(sweep.config.walk_forward).toEqual({ train_days: 30, test_days: 10 });
    const { windows, oos_metrics: oos } = defined(sweep.result?.walk_forward, 'the walk-forward result');
    // 60 days: windows start every 10 days while 30 + 10 days still fit before 1 March.
    expect(windows.map((window) => [window.train_start, window.train_end, window.test_start, window.test_end])).toEqual([
      ['2024-01-01T00:00:00.000Z', '2024-01-31T00:00:00.000Z', '2024-01-31T00:00:00.000Z', '2024-02-10T00:00:00.000Z'],
      ['2024-01-11T00:00:00.000Z', '2024-02-10T00:00:00.000Z', '2024-02-10T00:00:00.000Z', '2024-02-20T00:00:00.000Z'],
      ['2024-01-21T00:00:00.000Z', '2024-02-20T00:00:00.000Z', '2024-02-20T00:00:00.000Z', '2024-03-01T00:00:00.000Z'],
    ]);
    const window = defined(windows[1], 'the second window');
    const train = await finishedJob(call, jobBody({ params: window.params, start: window.train_start, end: window.train_end }));
    const test = await finishedJob(call, jobBody({ params: window.params, start: window.test_start, end: window.test_end }));
    expect(window.train_metrics).toEqual(train.result?.metrics);
    expect(window.test_metrics).toEqual(test.result?.metrics);
    expect(oos.total_trades).toBe(windows.reduce((total, entry) => total + entry.test_metrics.total_trades, 0));
  });

  it("list: newest first at weight 5, rows left out of the result; status filter; get of another key's sweep → 404", async () => {
    const { call } = await account();
    const first = await finishedSweep(call, sweepBody());
    const before = Number((await call('GET', `/v1/backtest/sweeps/${first.id}`)).headers.get('x-service-used-weight-1m'));
    const list = await call<{ data: SweepRecord[] }>('GET', '/v1/backtest/sweeps?limit=10');
    expect(list.status).toBe(200);
    expect(Number(list.headers.get('x-service-used-weight-1m')) - before).toBe(5);
    expect(list.body.data).toEqual([{ ...first, result: { objective: 'sharpe', selection: first.result?.selection } }]);
    expect((await call<{ data: SweepRecord[] }>('GET', '/v1/backtest/sweeps?status=queued')).body.data).toEqual([]);
    const other = await account();
    const missing = await other.call('GET', `/v1/backtest/sweeps/${first.id}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(errorBody('NOT_FOUND'));
  });

  it('cancel of a done sweep → 409 INVALID_STATE; of an unknown id → 404 NOT_FOUND', async () => {
    const { call } = await account();
    const done = await finishedSweep(call, sweepBody());
    const again = await call('POST', `/v1/backtest/sweeps/${done.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(errorBody('INVALID_STATE'));
    const unknown = await call('POST', '/v1/backtest/sweeps/sw_00000000/cancel');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorBody('NOT_FOUND'));
  });

  it('a finished sweep records backtest.sweep_done with its best row in the outbox', async () => {
    const { call } = await account();
    const done = await finishedSweep(call, sweepBody());
    const rows = await service.service.orm.em.fork().getConnection().execute(`SELECT type, data FROM outbox_events WHERE data->>'sweep_id' = ?`, [done.id]);
    expect(rows).toEqual([{ type: 'backtest.sweep_done', data: { sweep_id: done.id, status: 'done', objective: 'sharpe', best: leaderboard(done)[0] } }]);
  });
});
