/**
 * PostgreSQL `text` cannot hold the NUL character: a string carrying one fails
 * at the database, which a client would see as a 500. Both edges refuse such
 * input as a validation error before any query runs (contract §14).
 */
export const NUL = '\u0000';

export const NUL_MESSAGE = 'Value error, text must not contain the NUL character';

/** Where in a JSON value a string (or an object key) carries NUL, as a FastAPI `loc` below `prefix`; undefined when none does. */
export function nulLocation(value: unknown, prefix: (string | number)[]): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? prefix : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulLocation(item, [...prefix, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes(NUL) ? [...prefix, key] : nulLocation(item, [...prefix, key]);
      if (found) return found;
    }
  }
  return undefined;
}
