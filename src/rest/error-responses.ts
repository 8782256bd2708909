import type { Request, Response } from 'express';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/database-unavailable';
import { AppError, isAppError } from '../errors/app-error';
import type { Logger } from '../observability/logger';

/**
 * The one place that turns errors into REST bodies (contract §2): `/v1`
 * answers `{"error":{code,message,field?}}`; every other path answers
 * FastAPI-style `{"detail": ...}`. Unexpected errors are logged with the
 * request id and answered as 500 without internals.
 */
export type ErrorStyle = 'detail' | 'signed';

export function errorStyleFor(req: Request): ErrorStyle {
  return req.path.startsWith('/v1/') ? 'signed' : 'detail';
}

export function sendError(req: Request, res: Response, error: unknown, logger: Logger): void {
  const appError = isAppError(error) ? error : isDatabaseUnavailable(error) ? databaseUnavailable() : fromBodyParserError(error, errorStyleFor(req));
  if (!appError) {
    logger.error({ err: error, requestId: req.id }, 'unexpected error');
    res.status(500).json(errorStyleFor(req) === 'signed' ? { error: { code: 'INTERNAL', message: 'internal error' } } : { detail: 'internal error' });
    return;
  }
  if (appError.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(appError.retryAfterSeconds));
  res.status(appError.status).json(errorBody(appError, errorStyleFor(req)));
}

function errorBody(error: AppError, style: ErrorStyle): unknown {
  if (style === 'signed') {
    return { error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } };
  }
  return { detail: error.issues ?? error.message };
}

interface BodyParserError {
  type?: string;
  status?: number;
  message?: string;
}

/** express.json failures: FastAPI answers a malformed JSON body with 422 `json_invalid`. */
function fromBodyParserError(error: unknown, style: ErrorStyle): AppError | undefined {
  const failure = error as BodyParserError;
  if (failure?.type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'request body too large');
  if (failure?.type === 'entity.parse.failed' || failure?.type === 'encoding.unsupported' || failure?.type === 'charset.unsupported') {
    return style === 'signed'
      ? new AppError('INVALID_PARAMETER', 'request body is not valid JSON')
      : new AppError('VALIDATION_FAILED', 'JSON decode error', {
          issues: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }],
        });
  }
  return undefined;
}
