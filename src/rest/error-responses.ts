import type { Request, Response } from 'express';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/database-unavailable';
import { AppError, isAppError, type ErrorCode, type ValidationIssue } from '../errors/app-error';
import type { Logger } from '../observability/logger';

/**
 * The one place that turns errors into REST bodies (contract §2): `/v1`
 * answers `{"error":{code,message,field?}}`; every other path answers
 * FastAPI-style `{"detail": ...}`; failures met before GraphQL runs (a body
 * that is not JSON) answer `/graphql` in GraphQL's `{"errors":[...]}` shape.
 * Unexpected errors are logged with the request id and answered as 500
 * without internals.
 */
export type ErrorStyle = 'detail' | 'signed' | 'graphql';

export function errorStyleFor(req: Request): ErrorStyle {
  if (req.path.startsWith('/v1/')) return 'signed';
  return req.path === '/graphql' || req.baseUrl === '/graphql' ? 'graphql' : 'detail';
}

export function sendError(req: Request, res: Response, error: unknown, logger: Logger): void {
  const style = errorStyleFor(req);
  const appError = isAppError(error) ? error : isDatabaseUnavailable(error) ? databaseUnavailable() : fromRequestReadingError(error, style);
  if (!appError) {
    logger.error({ err: error, requestId: req.id }, 'unexpected error');
    res.status(500).json(errorBody(new AppError('INTERNAL', 'internal error'), style));
    return;
  }
  if (appError.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(appError.retryAfterSeconds));
  res.status(appError.status).json(errorBody(appError, style));
}

/** `/v1`'s error body. */
export interface SignedErrorBody {
  error: { code: ErrorCode; message: string; field?: string };
}

/** Every other path's FastAPI-style error body: the validation issues, or the message. */
export interface DetailErrorBody {
  detail: ValidationIssue[] | string;
}

/** `/graphql`'s answer to a request it could not read. */
export interface GraphQLErrorBody {
  errors: { message: string; extensions: { code: ErrorCode; issues?: ValidationIssue[] } }[];
}

export function errorBody(error: AppError, style: ErrorStyle): SignedErrorBody | DetailErrorBody | GraphQLErrorBody {
  if (style === 'signed') {
    return { error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } };
  }
  if (style === 'graphql') {
    return { errors: [{ message: error.message, extensions: { code: error.code, ...(error.issues ? { issues: error.issues } : {}) } }] };
  }
  return { detail: error.issues ?? error.message };
}

/** What express and body-parser (through http-errors) throw while reading a request: a 4xx `status`, and `type` for body failures. */
interface RequestReadingError {
  type?: string;
  status?: number;
}

/**
 * Failures of reading the request itself, before any operation runs: each is
 * the client's (contract §14: no 5xx for any input), answered with a fixed
 * message rather than the library's text.
 */
function fromRequestReadingError(error: unknown, style: ErrorStyle): AppError | undefined {
  if (error instanceof URIError) return new AppError('BAD_REQUEST', 'malformed percent-escape in the path');
  const failure = error as RequestReadingError | undefined;
  if (failure?.type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'request body too large');
  if (failure?.type === 'encoding.unsupported') return new AppError('UNSUPPORTED_MEDIA_TYPE', 'unsupported Content-Encoding');
  if (failure?.type === 'charset.unsupported') return new AppError('UNSUPPORTED_MEDIA_TYPE', 'unsupported charset');
  if (failure?.type === 'entity.parse.failed') {
    if (style === 'signed') return new AppError('INVALID_PARAMETER', 'request body is not valid JSON');
    if (style === 'graphql') return new AppError('BAD_REQUEST', 'request body is not valid JSON');
    return new AppError('VALIDATION_FAILED', 'JSON decode error', { issues: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] });
  }
  // Anything else express or body-parser marks as the client's: a body that does not inflate as its Content-Encoding says, an aborted upload.
  if (typeof failure?.status === 'number' && failure.status >= 400 && failure.status < 500) {
    return new AppError('BAD_REQUEST', 'the request body could not be read as its headers describe');
  }
  return undefined;
}
