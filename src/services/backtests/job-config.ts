import Decimal from 'decimal.js';
import { z } from 'zod';
import { decimalInput } from '../decimal-input';
import { FEE_MODELS, MAX_LEVERAGE, TIMEFRAMES, findTemplate, validateTemplateParams, type BacktestConfig, type FeeModel, type Timeframe } from '../../engine';
import { AppError } from '../../errors/app-error';
import { parseOrInvalidParameter } from '../../errors/validation';

/** The job's `config` on the wire: the request resolved with its defaults (spec "Backtest job"). */
export interface JobConfig {
  template_id: string;
  params: Record<string, unknown>;
  symbols: string[];
  timeframe: Timeframe;
  start: string;
  end: string;
  capital: string;
  leverage: number;
  fee_model: FeeModel;
  fee_bps?: string;
  /** Contract §13: market fills move against the order by this many basis points. */
  slippage_bps: string;
}

export const MAX_SPAN_YEARS = 5;

/** ISO 8601 in UTC: a date, or a date-time ending in `Z` or `+00:00`. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]00:?00))?$/;
export const isoUtc = z.string().refine((value) => ISO_UTC.test(value) && !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 UTC timestamp');
const decimal = (message: string) => decimalInput(message);

/** The fields a job and a sweep share (a sweep's `params` are value lists instead). */
export const runFields = {
  symbols: z
    .array(z.string().regex(/^[A-Z0-9]{2,30}$/, 'must be an uppercase exchange symbol such as BTCUSDT'))
    .min(1)
    .max(20)
    .refine((symbols) => new Set(symbols).size === symbols.length, 'must not repeat a symbol'),
  timeframe: z.enum(TIMEFRAMES),
  start: isoUtc,
  end: isoUtc,
  capital: decimal('must be a positive decimal string'),
  leverage: z.int().min(1).max(MAX_LEVERAGE).default(1),
  fee_model: z.enum(FEE_MODELS).default('fixed_bps'),
  fee_bps: decimal('must be a non-negative decimal string').default('5'),
  slippage_bps: decimal('must be a non-negative decimal string').default('0'),
};

export const createSchema = z.strictObject({ template_id: z.string().min(1), params: z.record(z.string(), z.unknown()), ...runFields });

export type RunFields = z.output<z.ZodObject<typeof runFields>>;

function invalid(field: string, message: string): AppError {
  return new AppError('INVALID_PARAMETER', `${field}: ${message}`, { field });
}

/**
 * Validates a create request into the resolved `config`. Rules the schema
 * cannot express (template and its params, the date range, the template's
 * minimum capital) are checked here, each naming its field.
 */
export function resolveJobConfig(input: unknown, now = Date.now()): JobConfig {
  const body = parseOrInvalidParameter(createSchema, input ?? {});
  const params = validateTemplateParams(body.template_id, body.params);
  if (!params.ok) throw new AppError('INVALID_PARAMETER', params.error.message, { field: params.error.field });
  return { ...resolveRunFields(body, now), params: params.params as unknown as Record<string, unknown> };
}

/** The fields a job and a sweep share, checked and resolved (`params` left to the caller). */
export function resolveRunFields(body: RunFields & { template_id: string }, now: number): Omit<JobConfig, 'params'> {
  const start = new Date(body.start);
  const end = new Date(body.end);
  if (end.getTime() <= start.getTime()) throw invalid('end', 'must be after start');
  const latestEnd = new Date(start);
  latestEnd.setUTCFullYear(latestEnd.getUTCFullYear() + MAX_SPAN_YEARS);
  if (end.getTime() > latestEnd.getTime()) throw invalid('end', `the span from start to end must be at most ${MAX_SPAN_YEARS} years`);
  if (end.getTime() > now) throw invalid('end', 'must not be in the future');
  const minCapital = findTemplate(body.template_id)?.metadata.minCapital ?? '0';
  if (new Decimal(body.capital).lt(minCapital)) throw invalid('capital', `must be at least ${minCapital} for ${body.template_id}`);
  return {
    template_id: body.template_id,
    symbols: body.symbols,
    timeframe: body.timeframe,
    start: start.toISOString(),
    end: end.toISOString(),
    capital: new Decimal(body.capital).toFixed(),
    leverage: body.leverage,
    fee_model: body.fee_model,
    ...(body.fee_model === 'fixed_bps' ? { fee_bps: new Decimal(body.fee_bps).toFixed() } : {}),
    slippage_bps: new Decimal(body.slippage_bps).toFixed(),
  };
}

/** The engine's form of a stored config. */
export function engineConfig(config: Omit<JobConfig, 'params'> & { params: unknown }): BacktestConfig {
  return {
    templateId: config.template_id,
    params: config.params,
    symbols: config.symbols,
    timeframe: config.timeframe,
    start: Date.parse(config.start),
    end: Date.parse(config.end),
    capital: config.capital,
    leverage: config.leverage,
    feeModel: config.fee_model,
    feeBps: config.fee_bps,
    // Jobs stored before slippage existed have none.
    slippageBps: config.slippage_bps ?? '0',
  };
}
