import { findTemplate, validateTemplateParams, type Position } from '../../src/engine/templates';
import { analyseRules } from '../../src/engine/templates/expression';
import { barsFromCloses } from './candle-factory';

function check(entry: string, exit = 'close < 0', params: Record<string, unknown> = {}) {
  return validateTemplateParams('expression', { entry, exit, ...params });
}

/** The error message of a rejected validation ('' when it passed). */
function message(entry: string): string {
  const validation = check(entry);
  return validation.ok ? '' : `${validation.error.field} ${validation.error.message}`;
}

function decisions(entry: string, exit: string, closes: number[], params: Record<string, unknown> = {}): Position[] {
  const validation = check(entry, exit, params);
  if (!validation.ok) throw new Error(validation.error.message);
  const strategy = findTemplate('expression')!.createStrategy(validation.params);
  return barsFromCloses(closes).map(([open, high, low, close]) => strategy.onBar(open, high, low, close, 1));
}

describe('expression errors name the field, the 1-based column and what was expected (contract §17)', () => {
  it.each([
    ['close >', 'params.entry', "params.entry: at column 8, expected a number, a series, a parameter, a function call or '(', found the end of the expression"],
    ['sma(close 20) > 1', 'params.entry', "params.entry: at column 11, expected ',' or ')' after argument 1 of sma, found the number 20"],
    [
      'smaa(close, 20) > 1',
      'params.entry',
      "params.entry: at column 1, expected a function (sma, ema, rsi, stdev, highest, lowest, atr, abs, min, max, crossover, crossunder), found unknown function 'smaa'",
    ],
    ['sma(close) > 1', 'params.entry', 'params.entry: at column 1, expected 2 arguments for sma, found 1'],
    [
      'close + 1',
      'params.entry',
      'params.entry: at column 1, expected a condition (a comparison, crossover, crossunder, and, or, not) for the whole rule, found a number',
    ],
    ['close > 1 + (open < 2)', 'params.entry', "params.entry: at column 14, expected a number after '+' (column 11), found a condition"],
    ['sma(close, 10001) > 1', 'params.entry', 'params.entry: at column 12, expected a whole number from 1 to 10000 as argument 2 of sma'],
    ['sma(close, 2.5) > 1', 'params.entry', 'params.entry: at column 12, expected a whole number from 1 to 10000 as argument 2 of sma'],
    ['sma(close, close) > 1', 'params.entry', 'params.entry: at column 12, expected a whole number from 1 to 10000 or a parameter name as argument 2 of sma'],
    ['close[-1] > 1', 'params.entry', "params.entry: at column 7, expected a whole number or a parameter name inside [ ], found '-'"],
    ['close && open', 'params.entry', "params.entry: at column 7, '&&' is not an operator of this language; use 'and'"],
    [
      '"text" == close',
      'params.entry',
      'params.entry: at column 1, expected a number, a series, a parameter or a function call; the language has no text values',
    ],
    ['process.exit(1)', 'params.entry', "params.entry: at column 8, unexpected '.'"],
    [
      'close > position_size',
      'params.entry',
      "params.entry: at column 9, expected a parameter name, found 'position_size', which is a param of the template itself",
    ],
    ['close > 1 close', 'params.entry', "params.entry: at column 11, expected an operator or the end of the expression, found 'close'"],
  ])('%s → %s', (entry, field, message) => {
    expect(check(entry)).toEqual({ ok: false, error: { field, message } });
  });

  it('enforces the limits: 1,000 characters, 64 calls, 32 levels of nesting', () => {
    const long = `close > ${'1 + '.repeat(250)}1`;
    expect(check(long)).toMatchObject({
      ok: false,
      error: { field: 'params.entry', message: `params.entry: at column 1001, expected at most 1000 characters, found ${long.length}` },
    });
    const calls = `close > ${Array.from({ length: 65 }, () => 'abs(close)').join(' + ')}`;
    expect(message(calls)).toMatch(/^params\.entry .*expected at most 64 function calls$/);
    expect(check(`close > ${'('.repeat(33)}1${')'.repeat(33)}`)).toMatchObject({
      ok: false,
      error: { message: 'params.entry: at column 41, expected at most 32 levels of nesting' },
    });
    expect(check(`close > ${'('.repeat(31)}1${')'.repeat(31)}`)).toMatchObject({ ok: true });
    expect(message('close > ' + '-'.repeat(40) + '1')).toMatch(/levels of nesting$/);
  });

  it('treats constructor, __proto__ and this as ordinary names: parameters that must be given', () => {
    expect(check('close > constructor')).toEqual({
      ok: false,
      error: { field: 'params.constructor', message: 'params.constructor: used in entry at column 9 but not given' },
    });
    expect(message('__proto__(1) > 1')).toMatch(/^params\.entry .*unknown function '__proto__'$/);
    expect(check('toString(1) > 1')).toMatchObject({ ok: false, error: { field: 'params.entry' } });
    const proto = JSON.parse('{"entry": "close > __proto__ and this < 2", "exit": "close < 0", "__proto__": 5, "this": 1}') as unknown;
    const validation = validateTemplateParams('expression', proto);
    expect(validation).toMatchObject({ ok: true });
    // The params' prototype is still a plain object's (whichever realm built it), not the 5 given as "__proto__".
    const prototype: unknown = Object.getPrototypeOf(validation.ok && validation.params);
    expect(typeof prototype).toBe('object');
    expect(Object.getPrototypeOf(prototype)).toBeNull();
  });

  it('checks named numbers: used but not given, given but not used, not a number, lengths in range', () => {
    expect(check('close > sma(close, n)', 'close < 0', {})).toEqual({
      ok: false,
      error: { field: 'params.n', message: 'params.n: used in entry at column 20 but not given' },
    });
    expect(check('close > 1', 'close < 0', { n: 3 })).toEqual({
      ok: false,
      error: { field: 'params.n', message: 'params.n: given but used by neither entry nor exit' },
    });
    expect(check('close > n', 'close < 0', { n: '3' })).toMatchObject({ ok: false, error: { field: 'params.n' } });
    expect(check('close > sma(close, n)', 'close < 0', { n: 0 })).toEqual({
      ok: false,
      error: { field: 'params.entry', message: 'params.entry: at column 20, expected a whole number from 1 to 10000 for the length n, found 0' },
    });
    expect(check('close > close[n]', 'close < 0', { n: 0 })).toMatchObject({ ok: true });
    expect(check('close > 1', 'close < 0', { side: 'both' })).toMatchObject({ ok: false, error: { field: 'params.side' } });
    expect(validateTemplateParams('expression', { entry: 'close > 1' })).toMatchObject({ ok: false, error: { field: 'params.exit' } });
  });

  it('reports the parameters, sorted, and the warm-up bars', () => {
    const analysis = (entry: string, exit: string, given?: Record<string, number>) => analyseRules({ entry, exit }, given && new Map(Object.entries(given)));
    expect(analysis('crossover(sma(close, fast), sma(close, slow))', 'crossunder(sma(close, fast), sma(close, slow))', { slow: 30, fast: 10 })).toMatchObject({
      ok: true,
      analysis: { parameters: ['fast', 'slow'], warmupBars: 31 },
    });
    expect(analysis('rsi(close, 14) < 30', 'close > highest(high, 20)[1]')).toMatchObject({ ok: true, analysis: { parameters: [], warmupBars: 21 } });
    expect(analysis('rsi(close, 14) < 30', 'atr(5) > 1')).toMatchObject({ ok: true, analysis: { warmupBars: 15 } });
    expect(analysis('close > sma(close, n)', 'close < 0')).toMatchObject({ ok: true, analysis: { parameters: ['n'], warmupBars: undefined } });
  });
});

describe('expression values and decisions', () => {
  it('is undefined until its inputs are: sma(close, 3) first decides on the third bar', () => {
    expect(decisions('close > sma(close, 3)', 'close < sma(close, 3)', [1, 2, 3, 4, 1])).toEqual([0, 0, 1, 1, 0]);
  });

  it('a comparison with an undefined value is false, also for != and after not', () => {
    expect(decisions('close[1] != 5', 'close < 0', [1, 2])).toEqual([0, 1]);
    expect(decisions('not (close[1] > 0)', 'close > 100', [1, 2])).toEqual([1, 1]);
    expect(decisions('(close > 1)[1]', 'close < 0', [2, 2])).toEqual([0, 1]);
  });

  it('division by zero is undefined', () => {
    expect(decisions('close / (close - close) > 0 or close / 0 < 1', 'close < 0', [1, 2])).toEqual([0, 0]);
  });

  it('crossover keeps the previous sign on a tie (contract §7), unlike Pine', () => {
    // close − 2 goes −, 0, +, 0, −: through a tie the cross is on the "+" bar (as in Pine), the way back on the "−" bar.
    expect(decisions('crossover(close, 2)', 'crossunder(close, 2)', [1, 2, 3, 2, 1])).toEqual([0, 0, 1, 1, 0]);
    // +, 0, +: a touch; Pine's a > b and a[1] <= b[1] fires on the last bar, here the tie kept "+" and nothing crosses.
    expect(decisions('crossover(close, 2)', 'crossunder(close, 2)', [3, 2, 3])).toEqual([0, 0, 0]);
  });

  it('computes min, max, abs, atr, stdev and lookbacks', () => {
    expect(decisions('max(close, 2) == 2 and min(close, 2) == close', 'close > 5', [1, 2, 9])).toEqual([1, 1, 0]);
    expect(decisions('abs(close - 5) < 1', 'close < 0', [1, 5])).toEqual([0, 1]);
    expect(decisions('stdev(close, 2) == 1', 'close < 0', [1, 3])).toEqual([0, 1]);
    // bars from closes 1, 3: true ranges 0 (open = close on the first bar) and 2; atr(2) = 1.
    expect(decisions('atr(2) == 1', 'close < 0', [1, 3])).toEqual([0, 1]);
    expect(decisions('close[2] == 1 and close[1] == 2', 'close < 0', [1, 2, 3])).toEqual([0, 0, 1]);
  });

  it('shorts on side short', () => {
    expect(decisions('close > 1', 'close < 1', [1, 2, 0], { side: 'short' })).toEqual([0, -1, 0]);
  });
});
