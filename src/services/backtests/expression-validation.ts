import { z } from 'zod';
import { analyseRules, namedNumbersOf, validateTemplateParams } from '../../engine';
import { AppError } from '../../errors/app-error';
import { parseOrInvalidParameter } from '../../errors/validation';

/** Contract §17's validate operation: the answer for a pair of rules that would run. */
export interface ExpressionValidation {
  valid: true;
  /** The named parameters the rules use, sorted. */
  parameters: string[];
  /** Bars needed before both rules can be defined; null when a length is a parameter and `params` did not give it. */
  warmup_bars: number | null;
}

export const validateSchema = z.strictObject({
  entry: z.string().describe('The entry condition.'),
  exit: z.string().describe('The exit condition.'),
  params: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('The params a job would take besides entry and exit (named numbers, side, ...); without them only the rules themselves are checked.'),
});

function invalid(error: { field: string; message: string }): AppError {
  return new AppError('INVALID_PARAMETER', error.message, { field: error.field });
}

/**
 * Checks `entry` and `exit` exactly as a job with the `expression` template
 * would (same messages, same fields), without running anything. With
 * `params`, also the named numbers: each used one given, each given one used.
 */
export function validateExpression(input: unknown): ExpressionValidation {
  const { entry, exit, params } = parseOrInvalidParameter(validateSchema, input);
  if (params !== undefined) {
    const validation = validateTemplateParams('expression', { ...params, entry, exit });
    if (!validation.ok) throw invalid(validation.error);
  }
  const rules = analyseRules({ entry, exit }, params && namedNumbersOf(params));
  if (!rules.ok) throw invalid(rules.error);
  return { valid: true, parameters: rules.analysis.parameters, warmup_bars: rules.analysis.warmupBars ?? null };
}
