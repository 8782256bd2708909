import type { z } from 'zod';
import { AppError, validationFailed, type ValidationIssue } from './app-error';

/**
 * Services validate their own input with zod so both edges share one rule set.
 * Issues are translated to the vocabulary FastAPI clients already parse
 * (pydantic v2 `type` names and messages); `loc` is relative to the input and
 * the REST edge prefixes where it came from (`body`, `query`, `path`).
 */
function pydanticIssue(issue: z.core.$ZodIssue): Omit<ValidationIssue, 'loc'> {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { type: 'missing', msg: 'Field required' };
      if (issue.expected === 'int') return { type: 'int_parsing', msg: 'Input should be a valid integer' };
      if (issue.expected === 'number') return { type: 'float_parsing', msg: 'Input should be a valid number' };
      if (issue.expected === 'boolean') return { type: 'bool_parsing', msg: 'Input should be a valid boolean' };
      if (issue.expected === 'object') return { type: 'model_type', msg: 'Input should be a valid dictionary or object' };
      if (issue.expected === 'array') return { type: 'list_type', msg: 'Input should be a valid list' };
      return { type: `${issue.expected}_type`, msg: `Input should be a valid ${issue.expected}` };
    case 'too_small':
      return issue.origin === 'string'
        ? { type: 'string_too_short', msg: `String should have at least ${issue.minimum} character(s)` }
        : { type: 'greater_than_equal', msg: `Input should be greater than or equal to ${issue.minimum}` };
    case 'too_big':
      return issue.origin === 'string'
        ? { type: 'string_too_long', msg: `String should have at most ${issue.maximum} characters` }
        : { type: 'less_than_equal', msg: `Input should be less than or equal to ${issue.maximum}` };
    case 'invalid_value':
      return { type: 'literal_error', msg: `Input should be ${issue.values.map((value) => `'${String(value)}'`).join(', ')}` };
    default:
      return { type: 'value_error', msg: issue.message };
  }
}

export function toValidationIssues(error: z.ZodError, locPrefix: (string | number)[] = []): ValidationIssue[] {
  return error.issues.map((issue) => {
    const { type, msg } = pydanticIssue(issue);
    return { type, loc: [...locPrefix, ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))], msg };
  });
}

/** Parses input for a public endpoint: failures become 422 with FastAPI-style issues. */
export function parseOrReject<Schema extends z.ZodType>(schema: Schema, input: unknown, locPrefix: string[] = []): z.infer<Schema> {
  const parsed = schema.safeParse(input, { reportInput: true });
  if (!parsed.success) throw validationFailed(toValidationIssues(parsed.error, locPrefix));
  return parsed.data;
}

/** Parses input for a signed `/v1` endpoint: the first failure becomes 400 INVALID_PARAMETER naming the field. */
export function parseOrInvalidParameter<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(input, { reportInput: true });
  if (parsed.success) return parsed.data;
  const [first] = toValidationIssues(parsed.error);
  if (first === undefined) throw new Error('zod reported a failed parse without an issue');
  const field = first.loc.join('.');
  throw new AppError('INVALID_PARAMETER', field ? `${field}: ${first.msg}` : first.msg, field ? { field } : {});
}
