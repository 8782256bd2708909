import { isAppError, validationFailed } from '../errors/app-error';

/** Path integers are parsed at the edge, as FastAPI does before calling the endpoint. */
export function pathInteger(value: string, name: string): number {
  if (!/^[+-]?\d+$/.test(value.trim())) {
    throw validationFailed([{ loc: ['path', name], msg: 'Input should be a valid integer, unable to parse string as an integer', type: 'int_parsing' }]);
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
    if (isAppError(error) && error.issues) {
      throw validationFailed(error.issues.map((issue) => ({ ...issue, loc: [location, ...issue.loc] })));
    }
    throw error;
  }
}
