/**
 * Expected failures are values with a code, raised by services. Each edge
 * (REST public, REST /v1, GraphQL) turns them into its own wire format in one
 * place; see `rest/error-responses.ts` and `schema/format-error.ts`.
 */
export const ERROR_STATUS = {
  INVALID_PARAMETER: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INSUFFICIENT_FUNDS: 402,
  INSUFFICIENT_PERMISSION: 403,
  PLAN_REQUIRED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  INVALID_STATE: 409,
  DUPLICATE_URL: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  LIMIT_REACHED: 429,
  UPSTREAM_FAILED: 502,
  INTERNAL: 500,
  DEPENDENCY_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** One entry of a request-validation failure, shaped like FastAPI's 422 `detail` items. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export interface AppErrorOptions {
  field?: string;
  issues?: ValidationIssue[];
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  readonly field?: string;
  readonly issues?: ValidationIssue[];
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.field = options.field;
    this.issues = options.issues;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function validationFailed(issues: ValidationIssue[]): AppError {
  return new AppError('VALIDATION_FAILED', issues.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; '), {
    issues,
  });
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
