import type { SweepRecord } from '../../src/services/backtests/sweep-records';
import { ValidateStrategyExpressionDocument } from '../graphql/generated';
import { finishedJob, finishedSweep, jobBody } from '../support/backtest';
import { defined } from '../support/defined';
import { graphql } from '../support/http';
import { startBacktestWorld, type BacktestWorld } from '../support/backtest-world';
import { bearer, newAccount, type OutsideWorld } from '../support/identity';
import type { TestService } from '../support/test-service';
import { strategyBody } from '../support/trading-world';

const SMA_ENTRY = 'crossover(sma(close, fast), sma(close, slow))';
const SMA_EXIT = 'crossunder(sma(close, fast), sma(close, slow))';
const smaRules = { entry: SMA_ENTRY, exit: SMA_EXIT };

function invalid(field: string, message: string): unknown {
  return { error: { code: 'INVALID_PARAMETER', message, field } };
}

describe('expression strategies over the signed API (contract §17)', () => {
  let world: OutsideWorld;
  let service: TestService;
  let account: BacktestWorld['account'];
  let stop: BacktestWorld['stop'];

  beforeAll(async () => ({ world, service, account, stop } = await startBacktestWorld({ workers: 2, scopes: ['webhooks:write'] })));
  afterAll(() => stop());

  it('validate answers the sorted parameters and the warm-up at weight 1', async () => {
    const { call } = await account();
    const response = await call('POST', '/v1/backtest/expressions/validate', { ...smaRules, params: { slow: 30, fast: 10 } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-service-used-weight-1m')).toBe('1');
    expect(response.body).toEqual({ valid: true, parameters: ['fast', 'slow'], warmup_bars: 31 });

    const unsized = await call('POST', '/v1/backtest/expressions/validate', smaRules);
    expect(unsized.body).toEqual({ valid: true, parameters: ['fast', 'slow'], warmup_bars: null });
    const literal = await call('POST', '/v1/backtest/expressions/validate', { entry: 'rsi(close, 14) < 30', exit: 'close > highest(high, 20)[1]' });
    expect(literal.body).toEqual({ valid: true, parameters: [], warmup_bars: 21 });
  });

  it.each([
    [
      'a syntax error',
      { entry: 'close >', exit: 'close < 1' },
      'params.entry',
      "params.entry: at column 8, expected a number, a series, a parameter, a function call or '(', found the end of the expression",
    ],
    [
      'an unknown function',
      { entry: 'close > 1', exit: 'foo(close) > 1' },
      'params.exit',
      expect.stringMatching(/^params\.exit: at column 1, expected a function \(.*\), found unknown function 'foo'$/),
    ],
    [
      'a number for a condition',
      { entry: 'sma(close, 5)', exit: 'close < 1' },
      'params.entry',
      expect.stringMatching(/^params\.entry: at column 1, expected a condition .* found a number$/),
    ],
    [
      'a lookback over 10,000',
      { entry: 'close > close[10001]', exit: 'close < 1' },
      'params.entry',
      'params.entry: at column 15, expected a whole number from 0 to 10000 inside [ ]',
    ],
    ['program code', { entry: 'process.exit(1)', exit: 'close < 1' }, 'params.entry', "params.entry: at column 8, unexpected '.'"],
    ['a used parameter not given', { ...smaRules, params: { fast: 10 } }, 'params.slow', 'params.slow: used in entry at column 40 but not given'],
    [
      'a given parameter not used',
      { ...smaRules, params: { fast: 10, slow: 30, signal: 9 } },
      'params.signal',
      'params.signal: given but used by neither entry nor exit',
    ],
    [
      'a parameter that is not a number',
      { ...smaRules, params: { fast: '10', slow: 30 } },
      'params.fast',
      'params.fast: expected a finite number (a named parameter of entry or exit)',
    ],
    ['no exit', { entry: 'close > 1' }, 'exit', expect.stringMatching(/^exit: /)],
    ['an entry that is not text', { entry: 5, exit: 'close < 1' }, 'entry', expect.stringMatching(/^entry: /)],
  ])('validate: %s → 400 INVALID_PARAMETER', async (_name, body, field, message) => {
    const { call } = await account();
    const response = await call('POST', '/v1/backtest/expressions/validate', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid(field, message as string));
  });

  it('validateStrategyExpression over GraphQL answers the same, errors as INVALID_PARAMETER with the field', async () => {
    const { token } = await newAccount(service.url, world, 'expr-gql@example.com');
    const ok = await graphql(service.url, ValidateStrategyExpressionDocument, { ...smaRules, params: { fast: 10, slow: 30 } }, bearer(token));
    expect(ok.data?.validateStrategyExpression).toEqual({ valid: true, parameters: ['fast', 'slow'], warmupBars: 31 });
    const bad = await graphql(service.url, ValidateStrategyExpressionDocument, { entry: 'close >', exit: 'close < 1' }, bearer(token));
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_PARAMETER', field: 'params.entry' });
    expect(bad.errors?.[0]?.message).toContain('at column 8');
  });

  it('a job with the sma_cross expression gives the template job’s result, string for string', async () => {
    const { call } = await account();
    const params = { fast: 5, slow: 20 };
    const template = await finishedJob(call, jobBody({ params }));
    const expression = await finishedJob(call, jobBody({ template_id: 'expression', params: { ...smaRules, ...params } }));
    expect(expression.status).toBe('done');
    expect(expression.config).toMatchObject({ template_id: 'expression', params: { ...smaRules, ...params, side: 'long', position_size: 1 } });
    const result = defined(template.result, 'the template result');
    expect(result !== null && 'trades' in result && result.trades.length).toBeGreaterThan(0);
    expect(expression.result).toEqual(template.result);
  });

  it.each([
    ['a syntax error in exit', { entry: 'close > 1', exit: 'close <' }, 'params.exit'],
    ['a named number missing', { ...smaRules, fast: 5 }, 'params.slow'],
    ['side both', { entry: 'close > 1', exit: 'close < 1', side: 'both' }, 'params.side'],
  ])('a job with %s → 400 INVALID_PARAMETER', async (_name, params, field) => {
    const { call } = await account();
    const response = await call('POST', '/v1/backtest/jobs', jobBody({ template_id: 'expression', params }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid(field, expect.stringMatching(new RegExp(`^${field.replace('.', '\\.')}: `)) as string));
  });

  it('a sweep varies named numbers and the rules themselves; each row matches its template twin', async () => {
    const { call } = await account();
    const body = (template_id: string, params: Record<string, unknown>) =>
      jobBody({ template_id, params, start: '2024-01-01T00:00:00Z', end: '2024-03-01T00:00:00Z', top: 100 });
    const expressionSweep = await finishedSweep(call, body('expression', { ...smaRules, fast: [3, 5], slow: { from: 10, to: 20, step: 10 } }));
    const templateSweep = await finishedSweep(call, body('sma_cross', { fast: [3, 5], slow: [10, 20] }));
    const rows = (sweep: SweepRecord) => defined(sweep.result?.rows, `the rows of a ${sweep.status} sweep`);
    expect(rows(expressionSweep)).toHaveLength(4);
    const twin = (fast: unknown, slow: unknown) => rows(templateSweep).find((row) => row.params.fast === fast && row.params.slow === slow);
    for (const row of rows(expressionSweep)) expect(row.metrics).toEqual(twin(row.params.fast, row.params.slow)?.metrics);

    const ruleSweep = await finishedSweep(call, body('expression', { entry: ['close > sma(close, n)', 'close < sma(close, n)'], exit: 'close < 0', n: 10 }));
    expect(
      rows(ruleSweep)
        .map((row) => row.params.entry)
        .sort(),
    ).toEqual(['close < sma(close, n)', 'close > sma(close, n)']);

    const walkForward = await finishedSweep(call, {
      ...body('expression', { ...smaRules, fast: [3, 5], slow: 20 }),
      walk_forward: { train_days: 30, test_days: 10 },
    });
    expect(walkForward.status).toBe('done');
    expect(walkForward.result?.walk_forward?.windows).toHaveLength(3);
  });

  it('a strategy takes template_id expression; bad rules are 400 naming the rule', async () => {
    const { call } = await account();
    const created = await call('POST', '/v1/strategies', strategyBody({ template_id: 'expression', params: { ...smaRules, fast: 2, slow: 3 } }));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ template_id: 'expression', params: { ...smaRules, fast: 2, slow: 3, side: 'long' } });
    const rejected = await call('POST', '/v1/strategies', strategyBody({ template_id: 'expression', params: { entry: 'close > 1', exit: 'close <> 1' } }));
    expect(rejected.status).toBe(400);
    expect(rejected.body).toEqual(
      invalid('params.exit', "params.exit: at column 8, expected a number, a series, a parameter, a function call or '(', found '>'"),
    );
  });
});
