/**
 * PostgreSQL `text` cannot hold the NUL character: a string carrying one fails
 * at the database, which a client would see as a 500. Both edges refuse such
 * input as a validation error before any query runs (contract §14).
 */
export const NUL = '\u0000';

export const NUL_MESSAGE = 'Value error, text must not contain the NUL character';

interface Visit {
  value: unknown;
  key: string | number | undefined;
  parent: Visit | undefined;
}

function locOf(visit: Visit, prefix: (string | number)[]): (string | number)[] {
  const keys: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return [...prefix, ...keys.reverse()];
}

/**
 * Where in a JSON value a string (or an object key) carries NUL, as a FastAPI
 * `loc` below `prefix`; undefined when none does. Walked with a stack of its
 * own, each entry pointing at its parent, rather than by recursion: a 256 kB
 * body can nest 100,000 levels deep.
 */
export function nulLocation(value: unknown, prefix: (string | number)[]): (string | number)[] | undefined {
  const pending: Visit[] = [{ value, key: undefined, parent: undefined }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const item = visit.value;
    if (typeof item === 'string') {
      if (item.includes(NUL)) return locOf(visit, prefix);
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1) pending.push({ value: item[index], key: index, parent: visit });
    } else if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item);
      const badKey = entries.find(([key]) => key.includes(NUL));
      if (badKey) return locOf({ value: undefined, key: badKey[0], parent: visit }, prefix);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] as [string, unknown];
        pending.push({ value: child, key, parent: visit });
      }
    }
  }
  return undefined;
}
