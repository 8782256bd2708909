/**
 * GraphQL spells input fields in camelCase, the REST wire (and so every
 * service's input schema) in snake_case. Resolver methods pass their input
 * through this before calling a service, so one method serves both edges:
 * a GraphQL input object is converted, a REST body (already snake_case) is
 * left as it is. Only top-level keys change: values such as a template's
 * `params` are the user's own JSON and keep their keys. Undefined values are
 * dropped, as an absent JSON field would be.
 */
export function wireInput(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const wire: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) wire[key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)] = value;
  }
  return wire;
}

/**
 * `wireInput` for a GraphQL field's arguments (filters, pages, query
 * options): an argument given as an explicit `null` means "not given", as
 * GraphQL clients write an unset variable, so it is dropped rather than
 * refused by a service schema that accepts the field only absent.
 */
export function wireArgs(args: object): unknown {
  return wireInput(Object.fromEntries(Object.entries(args).filter((entry) => entry[1] !== null)));
}
