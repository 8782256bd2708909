import type { BacktestResult, BacktestTrade as Trade } from '../../src/engine/types';
import type { JobRecord } from '../../src/services/backtests/job-records';
import type { SweepRecord } from '../../src/services/backtests/sweep-records';
import { finishedJob, finishedSweep, jobBody, sweepBody } from '../support/backtest';
import { defined } from '../support/defined';
import { startBacktestWorld, type BacktestWorld } from '../support/backtest-world';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Jest's asymmetric matchers are typed `any`; this gives one a type. */
const contains = (text: string): unknown => expect.stringContaining(text);

function tradesOf(job: JobRecord): Trade[] {
  expect(job.status).toBe('done');
  return (defined(job.result, `the result of a ${job.status} job`) as BacktestResult).trades;
}

describe('protections and trailing stops in jobs and sweeps (contract §19)', () => {
  let account: BacktestWorld['account'];
  let stop: BacktestWorld['stop'];

  beforeAll(async () => ({ account, stop } = await startBacktestWorld({ workers: 1 })));
  afterAll(() => stop());

  it('a job with a trailing stop ends trades as trailing_stop, never beyond the stop’s distance from the best price', async () => {
    const { call } = await account();
    const plain = tradesOf(await finishedJob(call, jobBody()));
    const trailed = tradesOf(await finishedJob(call, jobBody({ params: { fast: 5, slow: 20, trailing_stop_pct: 0.5 } })));
    expect(plain.map((trade) => trade.exit_reason)).not.toContain('trailing_stop');
    const trailing = trailed.filter((trade) => trade.exit_reason === 'trailing_stop');
    expect(trailing.length).toBeGreaterThan(0);
    // A long's trailing exit is at most 0.5 % below a price the position reached, so never below entry × 0.995.
    for (const trade of trailing.filter((each) => each.side === 'long')) {
      expect(Number(trade.exit_price)).toBeGreaterThanOrEqual(Number(trade.entry_price) * 0.995 - 1e-8);
    }
  });

  it('a job with a max drawdown closes with protection and opens nothing after it', async () => {
    const { call } = await account();
    const trades = tradesOf(await finishedJob(call, jobBody({ params: { fast: 3, slow: 10, side: 'both', max_drawdown_pct: 1 } })));
    const protection = trades.findIndex((trade) => trade.exit_reason === 'protection');
    expect(protection).toBeGreaterThanOrEqual(0);
    const tripped = defined(trades[protection], 'the protection exit');
    expect(trades.filter((trade) => trade.entry_time > tripped.exit_time)).toEqual([]);
  });

  it('a job with a daily loss halts entries until the next UTC day, and cooldown delays re-entries', async () => {
    const { call } = await account();
    const trades = tradesOf(await finishedJob(call, jobBody({ params: { fast: 3, slow: 10, side: 'both', daily_loss_pct: 0.5, cooldown_bars: 3 } })));
    const halts = trades.filter((trade) => trade.exit_reason === 'protection');
    expect(halts.length).toBeGreaterThan(0);
    for (const halt of halts) {
      // the exit is at the open after the tripping bar, i.e. at its close: the halt lasts until 00:00 UTC after that bar's day
      const trippedDay = Math.floor((Date.parse(halt.exit_time) - 1) / DAY_MS) * DAY_MS;
      const entries = trades.filter((trade) => trade.entry_time >= halt.exit_time && Date.parse(trade.entry_time) < trippedDay + DAY_MS);
      expect(entries).toEqual([]);
    }
    const losing = trades.filter((trade) => Number(trade.pnl) <= 0);
    for (const loss of losing) {
      const soon = trades.filter(
        (trade) => Date.parse(trade.entry_time) >= Date.parse(loss.exit_time) && Date.parse(trade.entry_time) < Date.parse(loss.exit_time) + 3 * HOUR_MS,
      );
      expect(soon).toEqual([]);
    }
  });

  it.each([
    ['trailing_stop_pct', 0.05],
    ['trailing_stop_pct', 11],
    ['trailing_stop_pct', 1.25],
    ['max_drawdown_pct', 0],
    ['max_drawdown_pct', 100],
    ['daily_loss_pct', -1],
    ['daily_loss_pct', 100],
    ['cooldown_bars', 2.5],
    ['cooldown_bars', 10_001],
  ])('a job with %s %p → 400 INVALID_PARAMETER naming that param', async (name, value) => {
    const { call } = await account();
    const response = await call('POST', '/v1/backtest/jobs', jobBody({ params: { fast: 5, slow: 20, [name]: value } }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { code: 'INVALID_PARAMETER', message: contains(`params.${name}`), field: `params.${name}` } });
  });

  it('a sweep takes them as any param: each row’s metrics are its job’s; values the template rejects are skipped', async () => {
    const { call } = await account();
    const sweep = await finishedSweep(
      call,
      sweepBody({ params: { fast: 5, slow: 20, trailing_stop_pct: [0.5, 0.05, 2], max_drawdown_pct: 5, cooldown_bars: { from: 0, to: 4, step: 4 } } }),
    );
    expect(sweep).toMatchObject({ status: 'done', combinations: 6, skipped: 2 });
    const rows = defined(sweep.result?.rows, 'the leaderboard');
    expect(rows.map((row) => row.params.trailing_stop_pct).sort()).toEqual([0.5, 0.5, 2, 2]);
    const row = defined(rows[0], 'the best row');
    const job = await finishedJob(call, jobBody({ params: row.params }));
    expect(row.metrics).toEqual(job.result?.metrics);
  });

  it('a sweep whose every combination has an invalid protection → 400 INVALID_PARAMETER', async () => {
    const { call } = await account();
    const response = await call<SweepRecord>('POST', '/v1/backtest/sweeps', sweepBody({ params: { fast: 5, slow: 20, daily_loss_pct: [0, 100] } }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { code: 'INVALID_PARAMETER', message: contains('params.daily_loss_pct'), field: 'params' } });
  });
});
