import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { SYMBOL_NOT_FOUND } from './cached-upstream';

/**
 * Query-string values arrive as text; these schemas parse them the way the
 * FastAPI original did, so a bad value yields the same pydantic issue type
 * (`int_parsing`, `float_parsing`, `literal_error`, `missing`).
 */

const INTEGER_TEXT = /^\s*[+-]?\d+\s*$/;
const NUMBER_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/** An integer query parameter: integer text or an integer, else an `expected int` issue (→ int_parsing). */
export function queryInteger(bounds: { min?: number; max?: number } = {}) {
  let bounded = z.int();
  if (bounds.min !== undefined) bounded = bounded.min(bounds.min);
  if (bounds.max !== undefined) bounded = bounded.max(bounds.max);
  return z
    .unknown()
    .transform((value, context) => {
      if (typeof value === 'number' && Number.isInteger(value)) return value;
      if (typeof value === 'string' && INTEGER_TEXT.test(value)) return Number(value);
      context.issues.push({ code: 'invalid_type', expected: 'int', input: value });
      return z.NEVER;
    })
    .pipe(bounded);
}

/** A number query parameter; anything else stays text so zod reports `expected number` (→ float_parsing). */
export function queryNumber() {
  return z.preprocess((value) => (typeof value === 'string' && NUMBER_TEXT.test(value) ? Number(value) : value), z.number());
}

export const RATIO_PERIODS = ['5m', '15m', '30m', '1h', '2h', '4h', '6h', '12h', '1d'] as const;

/** Spec "Long/short ratios, futures": shared by the two pass-through and the two gateway forms. */
export const ratioQuerySchema = z.object({
  period: z.enum(RATIO_PERIODS).default('5m'),
  limit: queryInteger({ min: 1, max: 500 }).default(10),
});

/**
 * Path symbols are taken case-insensitively, as the exchange's own symbols are
 * upper case. A blank one names no symbol: asked upstream it would be "symbol
 * missing", a 400 the gateway cannot forward and would answer as 502.
 */
export function normalizeSymbol(symbol: string): string {
  const normalized = symbol.trim().toUpperCase();
  if (normalized === '') throw new AppError('NOT_FOUND', SYMBOL_NOT_FOUND);
  return normalized;
}

export type QueryValues = Record<string, string | undefined>;

/**
 * An operation's input as either edge gives it: the REST query (text) or the
 * GraphQL arguments (typed, with `null` for an argument given as null). Both
 * are validated by the same schema; a null means "not given".
 */
export type OperationInput = Record<string, unknown>;

export function givenValues(input: OperationInput): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));
}
