import { z } from 'zod';
import { checkCondition, compileStrategy, definedFrom, ExpressionError, lengthProblem, type CheckedExpression } from '../expression';
import { commonParamsShape, publishedSchema, validateWith, type CommonParams, type ParamsError, type ParamsValidation } from './params';
import { MIN_CAPITAL, type TemplateDefinition } from './template';

const ruleShape = {
  entry: z
    .string()
    .describe('Condition that opens a position on `side` when flat, e.g. `crossover(sma(close, fast), sma(close, slow))` (docs/expressions.md).')
    .meta({ examples: ['close > sma(close, 20)'] }),
  exit: z
    .string()
    .describe('Condition that closes the position, e.g. `crossunder(sma(close, fast), sma(close, slow))`.')
    .meta({ examples: ['close < sma(close, 20)'] }),
};

const ownShape = {
  ...ruleShape,
  ...commonParamsShape,
  side: z.enum(['long', 'short']).default('long').describe('The side `entry` opens; the exit closes it.'),
};

const ownSchema = z.strictObject(ownShape);
/** The published schema: the template's own params, and any other name a finite number used by the rules. */
const publishedParams = z.object(ownShape).catchall(z.number().describe('A named number used in `entry` or `exit` (e.g. `"fast": 10`).'));
/** An expression may not use these as its parameter names: they are the template's own. */
const OWN_NAMES: ReadonlySet<string> = new Set(Object.keys(ownShape));
const RULES = ['entry', 'exit'] as const;
type Rule = (typeof RULES)[number];

export type ExpressionParams = CommonParams & { entry: string; exit: string; side: 'long' | 'short'; [name: string]: unknown };

export interface RulesAnalysis {
  /** The named parameters the rules use, sorted. */
  parameters: string[];
  /** The bars needed before both rules can be defined; undefined while a length parameter has no value. */
  warmupBars: number | undefined;
  checked: Record<Rule, CheckedExpression>;
}

export type RulesValidation = { ok: true; analysis: RulesAnalysis } | { ok: false; error: ParamsError };

const failure = (field: string, message: string): { ok: false; error: ParamsError } => ({ ok: false, error: { field, message: `${field}: ${message}` } });

/**
 * Contract §17's checks of a pair of rules: syntax, types, arities and limits
 * at a column of `params.entry`/`params.exit`, then, when `given` holds the
 * named numbers, that each used name is given, each given name used, and
 * each length parameter a whole number in range.
 */
export function analyseRules(rules: Record<Rule, string>, given: ReadonlyMap<string, number> | undefined): RulesValidation {
  const checked = {} as Record<Rule, CheckedExpression>;
  for (const rule of RULES) {
    try {
      checked[rule] = checkCondition(rules[rule], OWN_NAMES);
    } catch (error) {
      if (error instanceof ExpressionError) return failure(`params.${rule}`, error.message);
      throw error;
    }
  }
  const used = new Set(RULES.flatMap((rule) => [...checked[rule].parameters.keys()]));
  if (given) {
    for (const rule of RULES) {
      for (const [name, uses] of checked[rule].parameters) {
        const value = given.get(name);
        if (value === undefined) return failure(`params.${name}`, `used in ${rule} at column ${uses[0]!.column} but not given`);
        for (const use of uses) {
          const problem = use.role === 'value' ? undefined : lengthProblem(value, use.role);
          if (problem !== undefined) return failure(`params.${rule}`, `at column ${use.column}, expected ${problem} for the length ${name}, found ${value}`);
        }
      }
    }
    const unused = [...given.keys()].find((name) => !used.has(name));
    if (unused !== undefined) return failure(`params.${unused}`, 'given but used by neither entry nor exit');
  }
  const values = given ?? new Map<string, number>();
  const from = RULES.map((rule) => definedFrom(checked[rule].root, values));
  const warmupBars = from.some((bars) => bars === undefined) ? undefined : Math.max(...(from as number[]));
  return { ok: true, analysis: { parameters: [...used].sort(), warmupBars, checked } };
}

/** The named numbers of a params object (every key that is not the template's own), or the first that is not a finite number. */
function namedNumbers(entries: [string, unknown][]): { ok: true; values: Map<string, number> } | { ok: false; error: ParamsError } {
  const values = new Map<string, number>();
  for (const [name, value] of entries) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return failure(`params.${name}`, 'expected a finite number (a named parameter of entry or exit)');
    values.set(name, value);
  }
  return { ok: true, values };
}

function validateExpressionParams(input: unknown): ParamsValidation<ExpressionParams> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return validateWith(ownSchema, input);
  const entries = Object.entries(input);
  const own = validateWith(ownSchema, Object.fromEntries(entries.filter(([name]) => OWN_NAMES.has(name))));
  if (!own.ok) return own;
  const named = namedNumbers(entries.filter(([name]) => !OWN_NAMES.has(name)));
  if (!named.ok) return named;
  const rules = analyseRules(own.params, named.values);
  if (!rules.ok) return rules;
  // Object.fromEntries defines own properties, so a parameter named `__proto__` stays a plain key.
  return { ok: true, params: { ...own.params, ...Object.fromEntries(named.values) } };
}

/** The named numbers of validated params: every key that is not the template's own. */
export function namedNumbersOf(params: Record<string, unknown>): Map<string, number> {
  return new Map(Object.entries(params).filter((entry): entry is [string, number] => !OWN_NAMES.has(entry[0]) && typeof entry[1] === 'number'));
}

export const expressionTemplate: TemplateDefinition<ExpressionParams> = {
  metadata: {
    id: 'expression',
    name: 'Expression',
    description:
      'Your own rules: `entry` and `exit` are conditions in a small expression language (series, sma/ema/rsi/stdev/highest/lowest/atr, crossover, `close[1]`, and/or/not); any other name is a numeric parameter. See docs/expressions.md.',
    paramsSchema: publishedSchema(publishedParams),
    minCapital: MIN_CAPITAL,
  },
  validateParams: validateExpressionParams,
  createStrategy(params, feed) {
    const named = namedNumbersOf(params);
    const rules = analyseRules(params, named);
    if (!rules.ok) throw new Error(rules.error.message);
    const { entry, exit } = rules.analysis.checked;
    return compileStrategy(entry.root, exit.root, named, params.side, feed);
  },
};
