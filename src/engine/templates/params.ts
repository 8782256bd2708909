import { z } from 'zod';
import type { Side } from './strategy';

/** Parameters every template takes besides its own (contract §7). */
export interface CommonParams {
  side: Side;
  /** Fraction of the symbol's equity used as margin; notional = position_size × equity × leverage. */
  position_size: number;
  /** Percent of the entry price, e.g. 2 = exit when price moves 2% against the position. */
  stop_loss_pct?: number;
  take_profit_pct?: number;
  /** Contract §19 protections (engine/protections.ts); percents, absent when not set. */
  trailing_stop_pct?: number;
  max_drawdown_pct?: number;
  daily_loss_pct?: number;
  cooldown_bars?: number;
}

export const commonParamsShape = {
  side: z.enum(['long', 'short', 'both']).default('long').describe('Which side the template trades; `both` reverses the position.'),
  position_size: z.number().gt(0).lte(1).default(1).describe('Fraction of equity per position (notional = position_size × equity × leverage).'),
  stop_loss_pct: z.number().gt(0).lt(100).optional().describe('Stop-loss distance from the entry price, in percent.'),
  take_profit_pct: z.number().gt(0).lte(10_000).optional().describe('Take-profit distance from the entry price, in percent.'),
  trailing_stop_pct: z
    .number()
    .min(0.1)
    .max(10)
    // the exchange takes a trailing stop's `callbackRate` in steps of 0.1
    .multipleOf(0.1)
    .optional()
    .describe('Trailing stop distance, in percent (0.1-10, one decimal), from the best price since entry.'),
  max_drawdown_pct: z
    .number()
    .gt(0)
    .lt(100)
    .optional()
    .describe('Close every position and open none for the rest of the run once equity is this many percent below its close-of-bar peak.'),
  daily_loss_pct: z
    .number()
    .gt(0)
    .lt(100)
    .optional()
    .describe('Close positions and open none until the next UTC day once equity is this many percent below its value at 00:00 UTC.'),
  cooldown_bars: z.int().min(0).max(10_000).optional().describe('Bars after a losing exit before the symbol’s next entry may fill.'),
};

/** Indicator look-backs are bounded so ring buffers stay small. */
export const MAX_PERIOD = 10_000;

/** `example` is published as the JSON Schema `examples` of a required param, so a client can offer a run that works as it stands. */
export function period(minimum: number, description: string, example: number) {
  return z
    .int()
    .min(minimum)
    .max(MAX_PERIOD)
    .describe(description)
    .meta({ examples: [example] });
}

/** Template params are a closed object: a misspelt name is an error naming it, not a silently ignored key. */
export function paramsObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject({ ...shape, ...commonParamsShape });
}

/** The crossover templates' shared rule: the fast line must be shorter than the slow one (reported on `slow`). */
export function fastBelowSlow<Schema extends z.ZodType<{ fast: number; slow: number }>>(schema: Schema): Schema {
  return schema.refine((params) => params.fast < params.slow, { path: ['slow'], message: 'must be greater than fast' });
}

/** Params of a crossover of two moving averages of one kind. */
export function movingAverageCrossParams(average: string) {
  return fastBelowSlow(
    paramsObject({
      fast: period(1, `Length of the fast ${average}, in bars.`, 10),
      slow: period(2, `Length of the slow ${average}, in bars.`, 30),
    }),
  );
}

/** The published form of a params schema: what a client may send (defaults shown, defaulted fields optional). */
export function publishedSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'input' });
}

export interface ParamsError {
  /** The wire field, e.g. `params.fast`. */
  field: string;
  message: string;
}

export type ParamsValidation<Params> = { ok: true; params: Params } | { ok: false; error: ParamsError };

/** The first zod issue as a `{field, message}` naming the request field (`params.<name>`). */
export function validateWith<Schema extends z.ZodType>(schema: Schema, input: unknown): ParamsValidation<z.output<Schema>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, params: parsed.data };
  const [issue] = parsed.error.issues;
  if (issue === undefined) throw new Error('zod reported a failed parse without an issue');
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
  const field = ['params', ...path.map(String)].join('.');
  const message = issue.code === 'unrecognized_keys' ? 'unknown parameter' : issue.message;
  return { ok: false, error: { field, message: `${field}: ${message}` } };
}
