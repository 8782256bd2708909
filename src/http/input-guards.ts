import type { Request, RequestHandler } from 'express';
import { AppError, validationFailed, type ValidationIssue } from '../errors/app-error';
import { NUL, NUL_MESSAGE, nulLocation } from '../errors/unstorable-text';
import { errorStyleFor } from '../rest/error-responses';

function nulInRequest(req: Request): (string | number)[] | undefined {
  // A malformed escape throws URIError here, which the error mapping answers with 400.
  if (decodeURIComponent(req.path).includes(NUL)) return ['path'];
  return nulLocation(req.query, ['query']) ?? nulLocation(req.body, ['body']);
}

function refusal(req: Request, loc: (string | number)[]): AppError {
  if (errorStyleFor(req) === 'signed') {
    const field = loc.slice(1).join('.');
    return new AppError('INVALID_PARAMETER', `${field || loc[0]}: text must not contain the NUL character`, field ? { field } : {});
  }
  const issue: ValidationIssue = { loc, msg: NUL_MESSAGE, type: 'value_error' };
  return validationFailed([issue]);
}

/**
 * Contract §14 makes text PostgreSQL cannot store (the NUL character) a
 * validation error before any query runs, so the REST edge refuses it here
 * for every path at once: the path, each query parameter and each string (or
 * key) of a JSON body. GraphQL checks its variables and literals itself
 * (schema/input-checks.ts). Runs after body parsing and before any route;
 * a malformed percent-escape in the path is found here too (400).
 */
export function refuseUnstorableInput(): RequestHandler {
  return (req, _res, next) => {
    try {
      const loc = nulInRequest(req);
      next(loc ? refusal(req, loc) : undefined);
    } catch (error) {
      next(error);
    }
  };
}
