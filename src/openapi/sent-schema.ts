import { z } from 'zod';
import type { JsonSchema } from './record-schemas';

/**
 * JSON Schema of what a sender sends, in OpenAPI 3.1's dialect: a client's
 * query or body (defaults make a field optional), or the exchange's reply
 * (the fields the gateway reads; others the exchange adds are allowed).
 */
export function sentSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}
