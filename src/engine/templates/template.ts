import type { z } from 'zod';
import { publishedSchema, validateWith, type CommonParams, type ParamsValidation } from './params';
import { streamingFeed, type IndicatorFeed } from '../indicators/indicator-feed';
import type { Strategy } from './strategy';

/** What `GET /v1/backtest/templates` lists (the API renames the fields to snake_case on the wire). */
export interface TemplateMetadata {
  id: string;
  name: string;
  description: string;
  /** JSON Schema (draft 2020-12) of the template's `params`, emitted from the same zod schema that validates them. */
  paramsSchema: Record<string, unknown>;
  /** Decimal string, quote currency. */
  minCapital: string;
}

export interface TemplateDefinition<Params extends CommonParams = CommonParams> {
  readonly metadata: TemplateMetadata;
  /** Typed params with defaults applied, or the first problem naming its field (`params.<name>`). */
  validateParams(input: unknown): ParamsValidation<Params>;
  /**
   * A fresh instance with empty indicator state; one per symbol and per live run.
   * `feed` gives its indicators: a sweep's precomputed series shared by every
   * combination (`sharedFeed`); without it each updates its own ring buffers.
   */
  createStrategy(params: Params, feed?: IndicatorFeed): Strategy;
}

/**
 * The exchange's smallest order notional is 5-20 USDT depending on the
 * symbol; below 10 a position sized as a fraction of equity would often be
 * unplaceable live, so no template accepts less.
 */
export const MIN_CAPITAL = '10';

interface TemplateSpec<Schema extends z.ZodType<CommonParams>> {
  id: string;
  name: string;
  description: string;
  schema: Schema;
  createStrategy(params: z.output<Schema>, feed: IndicatorFeed): Strategy;
}

export function defineTemplate<Schema extends z.ZodType<CommonParams>>(spec: TemplateSpec<Schema>): TemplateDefinition<z.output<Schema>> {
  return {
    metadata: {
      id: spec.id,
      name: spec.name,
      description: spec.description,
      paramsSchema: publishedSchema(spec.schema),
      minCapital: MIN_CAPITAL,
    },
    validateParams: (input) => validateWith(spec.schema, input),
    createStrategy: (params, feed = streamingFeed) => spec.createStrategy(params, feed),
  };
}
