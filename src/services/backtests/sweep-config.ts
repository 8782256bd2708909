import { z } from 'zod';
import { findTemplate, validateTemplateParams, walkForwardWindows, type BacktestMetrics } from '../../engine';
import { AppError } from '../../errors/app-error';
import { parseOrInvalidParameter } from '../../errors/validation';
import { resolveRunFields, runFields, type JobConfig } from './job-config';

/** Contract §13: the cartesian product of the value lists may hold at most this many combinations. */
export const MAX_COMBINATIONS = 10_000;
/** Each window runs every combination once more: a bound keeps one sweep from costing thousands of sweeps. */
export const MAX_WINDOWS = 100;

export const OBJECTIVES = [
  'sharpe',
  'sortino',
  'calmar',
  'max_drawdown',
  'win_rate',
  'profit_factor',
  'cagr',
  'expected_value',
  'total_trades',
  'avg_trade_duration_seconds',
] as const satisfies readonly (keyof BacktestMetrics)[];
export type Objective = (typeof OBJECTIVES)[number];

const range = z.strictObject({ from: z.number(), to: z.number(), step: z.number().gt(0) });

export const createSchema = z.strictObject({
  template_id: z.string().min(1),
  params: z.record(z.string(), z.unknown()),
  ...runFields,
  objective: z.enum(OBJECTIVES).default('sharpe'),
  top: z.int().min(1).max(100).default(20),
  walk_forward: z.strictObject({ train_days: z.int().min(1).max(3650), test_days: z.int().min(1).max(3650) }).optional(),
});

/** A sweep's `config` on the wire: a job's config with the params as requested (value lists), plus the sweep's own fields. */
export interface SweepConfig extends Omit<JobConfig, 'params'> {
  params: Record<string, unknown>;
  objective: Objective;
  top: number;
  walk_forward?: { train_days: number; test_days: number };
}

export interface ResolvedSweep {
  config: SweepConfig;
  /** The size of the cartesian product. */
  combinations: number;
  /** Combinations the template rejects. */
  skipped: number;
}

function invalidParams(message: string, field = 'params'): AppError {
  return new AppError('INVALID_PARAMETER', `${field}: ${message}`, { field });
}

/** Float steps drift (0.1 + 0.2); values are rounded to 12 significant digits, far below any meaningful parameter precision. */
function clean(value: number): number {
  return Number(value.toPrecision(12));
}

/** One parameter's values: a list as given, `{from, to, step}` inclusive, or any other value alone. */
function valuesOf(name: string, spec: unknown): unknown[] {
  if (Array.isArray(spec)) {
    if (spec.length === 0) throw invalidParams('a list of values must not be empty', `params.${name}`);
    return spec;
  }
  if (typeof spec === 'object' && spec !== null && ('from' in spec || 'to' in spec || 'step' in spec)) {
    const parsed = range.safeParse(spec);
    if (!parsed.success) throw invalidParams('a range is {from, to, step} with numbers and step > 0', `params.${name}`);
    const { from, to, step } = parsed.data;
    if (to < from) throw invalidParams('a range needs to ≥ from', `params.${name}`);
    const count = Math.floor(clean((to - from) / step)) + 1;
    if (count > MAX_COMBINATIONS) throw invalidParams(`more than ${MAX_COMBINATIONS} combinations`);
    return Array.from({ length: count }, (_, index) => clean(from + index * step));
  }
  return [spec];
}

function valueLists(params: Record<string, unknown>): [string, unknown[]][] {
  const lists = Object.entries(params).map(([name, spec]): [string, unknown[]] => [name, valuesOf(name, spec)]);
  const combinations = lists.reduce((product, [, values]) => product * values.length, 1);
  if (combinations > MAX_COMBINATIONS) throw invalidParams(`${combinations} combinations; at most ${MAX_COMBINATIONS} are allowed`);
  return lists;
}

/**
 * Every combination in order, the first parameter varying slowest (as nested
 * loops in the order the params were given), each validated by the template:
 * `valid` holds the accepted ones with their defaults resolved, in that order.
 */
export function expandCombinations(
  templateId: string,
  params: Record<string, unknown>,
): { valid: Record<string, unknown>[]; combinations: number; firstRejection?: string } {
  const lists = valueLists(params);
  const combinations = lists.reduce((product, [, values]) => product * values.length, 1);
  const valid: Record<string, unknown>[] = [];
  let firstRejection: string | undefined;
  for (let index = 0; index < combinations; index++) {
    const combination: Record<string, unknown> = {};
    let rest = index;
    for (const [name, values] of [...lists].reverse()) {
      combination[name] = values[rest % values.length];
      rest = Math.floor(rest / values.length);
    }
    const ordered = Object.fromEntries(lists.map(([name]) => [name, combination[name]]));
    const validation = validateTemplateParams(templateId, ordered);
    if (validation.ok) valid.push(validation.params as unknown as Record<string, unknown>);
    else firstRejection ??= validation.error.message;
  }
  return { valid, combinations, firstRejection };
}

/** Validates a create request into the sweep's `config`, its number of combinations and of skipped ones. */
export function resolveSweep(input: unknown, now = Date.now()): ResolvedSweep {
  const body = parseOrInvalidParameter(createSchema, input ?? {});
  const { template_id, params, objective, top, walk_forward, ...fields } = body;
  const run = resolveRunFields({ template_id, ...fields }, now);
  if (!findTemplate(template_id)) throw new AppError('INVALID_PARAMETER', `template_id: unknown template ${template_id}`, { field: 'template_id' });
  const { valid, combinations, firstRejection } = expandCombinations(template_id, params);
  if (valid.length === 0) throw invalidParams(`the template rejects every combination (${firstRejection ?? 'none given'})`);
  const windows = walk_forward ? walkForwardWindows(Date.parse(run.start), Date.parse(run.end), walk_forward.train_days, walk_forward.test_days).length : 1;
  if (windows === 0) throw new AppError('INVALID_PARAMETER', 'walk_forward: train_days + test_days must fit between start and end', { field: 'walk_forward' });
  if (windows > MAX_WINDOWS) {
    throw new AppError('INVALID_PARAMETER', `walk_forward: ${windows} windows; at most ${MAX_WINDOWS} (raise test_days)`, { field: 'walk_forward' });
  }
  return {
    config: { ...run, params, objective, top, ...(walk_forward ? { walk_forward } : {}) },
    combinations,
    skipped: combinations - valid.length,
  };
}
