import { GraphQLBoolean, GraphQLFloat, GraphQLID, GraphQLInt, GraphQLScalarType, GraphQLString } from 'graphql';
import { getMetadataStorage } from 'type-graphql';

export type JsonSchema = Record<string, unknown>;
// type-graphql's metadata names classes by their constructor.
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type RecordType = Function;

/** Scalars of graphql-scalars the types use, as JSON Schema. */
const NAMED_SCALARS: Record<string, JsonSchema> = {
  JSONObject: { type: 'object' },
  JSON: {},
  SafeInt: { type: 'integer' },
  BigInt: { type: 'integer' },
  DateTimeISO: { type: 'string', format: 'date-time' },
};

function scalarSchema(type: unknown): JsonSchema | undefined {
  if (type === String || type === GraphQLString || type === GraphQLID) return { type: 'string' };
  if (type === Boolean || type === GraphQLBoolean) return { type: 'boolean' };
  if (type === GraphQLInt) return { type: 'integer' };
  if (type === Number || type === GraphQLFloat) return { type: 'number' };
  if (type instanceof GraphQLScalarType) return NAMED_SCALARS[type.name] ?? {};
  return undefined;
}

/**
 * JSON Schemas of the wire records, read from the GraphQL object types that
 * are declared over them: each field's property name is the record's (REST)
 * name, its type the record's type. So the reference describes what the
 * resolver returns, and cannot drift from it.
 */
export class RecordSchemas {
  readonly components: Record<string, JsonSchema> = {};

  constructor(private readonly extraProperties: Record<string, Record<string, JsonSchema>> = {}) {}

  /** A `$ref` to the record's schema, registering it (and what it nests) on first use. */
  refFor(target: RecordType): JsonSchema {
    const storage = getMetadataStorage();
    const type = storage.objectTypes.find((candidate) => candidate.target === target);
    if (!type) throw new Error(`${target.name} is not a GraphQL object type`);
    // A type extending another (CreatedWebhook extends Webhook) carries its parent's fields too.
    const parent = Object.getPrototypeOf(target) as RecordType;
    const inherited = storage.objectTypes.find((candidate) => candidate.target === parent)?.fields ?? [];
    if (!this.components[type.name]) {
      this.components[type.name] = {}; // placeholder: a type may nest itself
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      // Fields with arguments are resolved per request (nested pages), not properties of the record.
      for (const field of [...inherited, ...(type.fields ?? [])].filter((candidate) => candidate.params === undefined || candidate.params.length === 0)) {
        const options = field.typeOptions as { nullable?: boolean | string; array?: boolean; arrayDepth?: number };
        let schema = this.typeSchema(field.getType());
        for (let depth = options.array ? (options.arrayDepth ?? 1) : 0; depth > 0; depth -= 1) schema = { type: 'array', items: schema };
        if (field.description) schema = { ...schema, description: field.description };
        properties[field.name] = options.nullable === true ? { anyOf: [schema, { type: 'null' }] } : schema;
        if (options.nullable !== true) required.push(field.name);
      }
      Object.assign(properties, this.extraProperties[type.name]);
      this.components[type.name] = { type: 'object', ...(type.description ? { description: type.description } : {}), properties, required };
    }
    return { $ref: `#/components/schemas/${type.name}` };
  }

  private typeSchema(type: unknown): JsonSchema {
    const scalar = scalarSchema(type);
    if (scalar) return scalar;
    // A GraphQL enum (src/schema/enums.ts): on the wire, its values (timeframes' too: `1h`, not `H1`).
    const enumType = getMetadataStorage().enums.find((candidate) => candidate.enumObj === type);
    if (enumType) return { type: 'string', enum: Object.values(enumType.enumObj) };
    if (typeof type === 'function') return this.refFor(type);
    return {};
  }
}
