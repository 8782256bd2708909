/** What a function argument must be: any numeric expression, or a length (a positive whole-number literal or parameter). */
export type ArgumentKind = 'number' | 'length';
export type ValueType = 'number' | 'condition';

export interface FunctionSignature {
  args: readonly ArgumentKind[];
  result: ValueType;
}

const indicator: FunctionSignature = { args: ['number', 'length'], result: 'number' };

/**
 * The language's functions and their arities. A Map, not an object literal:
 * a user's `constructor(...)` or `__proto__(...)` must find nothing rather
 * than something inherited from `Object.prototype`.
 */
export const FUNCTIONS: ReadonlyMap<string, FunctionSignature> = new Map([
  ['sma', indicator],
  ['ema', indicator],
  ['rsi', indicator],
  ['stdev', indicator],
  ['highest', indicator],
  ['lowest', indicator],
  ['atr', { args: ['length'], result: 'number' }],
  ['abs', { args: ['number'], result: 'number' }],
  ['min', { args: ['number', 'number'], result: 'number' }],
  ['max', { args: ['number', 'number'], result: 'number' }],
  ['crossover', { args: ['number', 'number'], result: 'condition' }],
  ['crossunder', { args: ['number', 'number'], result: 'condition' }],
]);

export const FUNCTION_NAMES = [...FUNCTIONS.keys()];
