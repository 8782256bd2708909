/**
 * Jest's asymmetric matchers are typed `any` (@types/jest); these give them the type `unknown`, so an expected object
 * holding one is not an unsafe assignment.
 */
export const anyString = (): unknown => expect.any(String);
export const anyOf = (type: unknown): unknown => expect.any(type);
export const matching = (pattern: RegExp | string): unknown => expect.stringMatching(pattern);
export const containing = (text: string): unknown => expect.stringContaining(text);
export const closeTo = (value: number, digits?: number): unknown => expect.closeTo(value, digits);
export const objectContaining = (fields: Record<string, unknown>): unknown => expect.objectContaining(fields);
export const arrayContaining = (items: unknown[]): unknown => expect.arrayContaining(items);
