import type { Request } from 'express';
import { isAppError, validationFailed, type AppError } from '../errors/app-error';

/** Issues the edge has already located (path parameters), which `inputFrom` must not move under the body or query. */
const LOCATED = new WeakSet<AppError>();

/** Path integers are parsed at the edge, as FastAPI does before calling the endpoint. */
export function pathInteger(value: string, name: string): number {
  if (!/^[+-]?\d+$/.test(value.trim())) {
    const error = validationFailed([
      { loc: ['path', name], msg: 'Input should be a valid integer, unable to parse string as an integer', type: 'int_parsing' },
    ]);
    LOCATED.add(error);
    throw error;
  }
  return Number(value);
}

/**
 * Services report validation issues relative to their input; the edge knows
 * where that input came from and says so, as FastAPI's `loc` does (`["body","author"]`).
 */
export async function inputFrom<T>(location: 'body' | 'query', call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isAppError(error) && error.issues && !LOCATED.has(error)) {
      throw validationFailed(error.issues.map((issue) => ({ ...issue, loc: [location, ...issue.loc] })));
    }
    throw error;
  }
}

/**
 * The query string, or the JSON body, as an operation's argument object.
 * GraphQL has typed the same object before the call; here it is still the
 * client's text, which is why every service validates (and coerces) its
 * input itself.
 */
export function queryArgs<T>(req: Request): T {
  return req.query as T;
}

export function bodyArgs<T>(req: Request): T {
  return req.body as T;
}

/** A path parameter as one string (express 5 gives arrays for repeated wildcards). */
export function pathParam(req: Request, name: string): string {
  return String(req.params[name]);
}

/** One field of a JSON body, whatever the body is (absent, an array, a scalar): the operation validates its value. */
export function bodyField(req: Request, name: string): unknown {
  const body: unknown = req.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}
