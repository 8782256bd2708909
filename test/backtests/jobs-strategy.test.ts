import { jobBody, waitForJob } from '../support/backtest';
import { startBacktestWorld, type BacktestWorld } from '../support/backtest-world';
import type { SignedErrorBody } from '../../src/rest/error-responses';
import type { JobRecord } from '../../src/services/backtests/job-records';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { anyString, matching } from '../support/matchers';
import { strategyBody } from '../support/trading-world';

describe('backtest jobs based on a stored strategy (spec "Create": strategy_id)', () => {
  let account: BacktestWorld['account'];
  let stop: BacktestWorld['stop'];
  const range = { start: '2024-01-01T00:00:00Z', end: '2024-01-20T00:00:00Z' };

  beforeAll(async () => ({ account, stop } = await startBacktestWorld()));
  afterAll(() => stop());

  it('the strategy config is the base and each field in the request overrides it; the job runs to done', async () => {
    const { call } = await account();
    const strategy = (
      await call<StrategyRecord>(
        'POST',
        '/v1/strategies',
        strategyBody({ template_id: 'ema_cross', params: { fast: 4, slow: 12 }, symbols: ['ETHUSDT'], timeframe: '1h', capital: '2500', leverage: 3 }),
      )
    ).body;
    const created = await call<JobRecord>('POST', '/v1/backtest/jobs', { strategy_id: strategy.id, ...range, capital: '4000' });
    expect(created.status).toBe(200);
    expect(created.body.config).toEqual({
      template_id: 'ema_cross',
      params: { fast: 4, slow: 12, side: 'long', position_size: 1 },
      symbols: ['ETHUSDT'],
      timeframe: '1h',
      start: '2024-01-01T00:00:00.000Z',
      end: '2024-01-20T00:00:00.000Z',
      capital: '4000',
      leverage: 3,
      fee_model: 'fixed_bps',
      fee_bps: '5',
      slippage_bps: '0',
    });
    expect((await waitForJob(call, created.body.id)).status).toBe('done');
    expect((await call('GET', `/v1/strategies/${strategy.id}`)).body).toMatchObject({ capital: '2500', leverage: 3 });
  });

  it('a merged config is validated like any request: an override the template refuses is 400 naming the field', async () => {
    const { call } = await account();
    const strategy = (await call<StrategyRecord>('POST', '/v1/strategies', strategyBody())).body;
    const response = await call<SignedErrorBody>('POST', '/v1/backtest/jobs', { strategy_id: strategy.id, ...range, params: { fast: 30, slow: 10 } });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'INVALID_PARAMETER', field: matching(/^params/) });
  });

  it('a deleted strategy answers 409 INVALID_STATE', async () => {
    const { call } = await account();
    const strategy = (await call<StrategyRecord>('POST', '/v1/strategies', strategyBody())).body;
    expect((await call('DELETE', `/v1/strategies/${strategy.id}`)).status).toBe(200);
    const response = await call('POST', '/v1/backtest/jobs', { strategy_id: strategy.id, ...range });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: { code: 'INVALID_STATE', message: anyString() } });
  });

  it.each([
    ['an unknown strategy', async () => 'strat_0000000000'],
    ["another key's strategy", async () => (await (await account()).call<StrategyRecord>('POST', '/v1/strategies', strategyBody())).body.id],
  ])('%s answers 409 INVALID_STATE', async (_name, strategyId) => {
    const { call } = await account();
    const response = await call<SignedErrorBody>('POST', '/v1/backtest/jobs', { strategy_id: await strategyId(), ...range });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('INVALID_STATE');
  });

  it('a strategy_id that is not a string answers 400 INVALID_PARAMETER', async () => {
    const { call } = await account();
    const response = await call<SignedErrorBody>('POST', '/v1/backtest/jobs', jobBody({ strategy_id: 42 }));
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'INVALID_PARAMETER', field: 'strategy_id' });
  });
});
