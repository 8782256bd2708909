/** The value, or an error naming what is missing: for a test's precondition that an element exists. */
export function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`expected ${what}`);
  return value;
}
