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
 * A registered enum as the record holds it: its values (GraphQL shows its
 * keys, REST the values the services use). A numeric enum's reverse entries
 * (value → key) are left out.
 */
function enumSchema(enumObj: object): JsonSchema {
  const values = Object.entries(enumObj)
    .filter(([key]) => Number.isNaN(Number(key)))
    .map(([, value]) => value as unknown);
  return values.every((value) => typeof value === 'string') ? { type: 'string', enum: values } : { enum: values };
}

/** Properties named 0, 1, 2, ... in order: the record is a JSON array of them (declared over the tuple's positions). */
function isTuple(properties: Record<string, JsonSchema>): boolean {
  const names = Object.keys(properties);
  return names.length > 0 && names.every((name, index) => name === String(index));
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
        // A record that is an array (a K-line) names each position in GraphQL only: the name is the position's description.
        const description = /^\d+$/.test(field.name) ? [field.schemaName, field.description].filter(Boolean).join(': ') : field.description;
        if (description) schema = { ...schema, description };
        properties[field.name] = options.nullable === true ? { anyOf: [schema, { type: 'null' }] } : schema;
        if (options.nullable !== true) required.push(field.name);
      }
      Object.assign(properties, this.extraProperties[type.name]);
      const description = type.description ? { description: type.description } : {};
      this.components[type.name] = isTuple(properties)
        ? { type: 'array', ...description, prefixItems: Object.values(properties), minItems: required.length, maxItems: required.length }
        : { type: 'object', ...description, properties, required };
    }
    return { $ref: `#/components/schemas/${type.name}` };
  }

  private typeSchema(type: unknown): JsonSchema {
    const scalar = scalarSchema(type);
    if (scalar) return scalar;
    // A GraphQL enum (src/schema/enums.ts): on the wire, its values (timeframes' too: `1h`, not `H1`).
    const enumType = getMetadataStorage().enums.find((candidate) => candidate.enumObj === type);
    if (enumType) return enumSchema(enumType.enumObj);
    if (typeof type === 'function') return this.refFor(type);
    return {};
  }
}
