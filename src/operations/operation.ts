import type { GraphQLField, GraphQLObjectType, GraphQLSchema } from 'graphql';
import { Extensions } from 'type-graphql';
import type { Scope } from '../auth/caller';

/**
 * The one operation table: every operation of the service is a resolver
 * method, and this rule on it is what both edges enforce. GraphQL reads it
 * from the root field's extensions; the REST adapter reads it when it mounts
 * the method's paths, which the resolver's `restTable` (rest-table.ts) lists
 * below it. Neither edge declares a weight or scope of its own.
 */
export interface OperationRule {
  /** Request-cost units charged to a signing API key (spec "Limits"). */
  weight: number;
  /** A scope the caller must hold; missing → 403 INSUFFICIENT_PERMISSION. */
  scope?: Scope;
}

const RULES = new WeakMap<object, Map<string, OperationRule>>();

/** Declares a resolver method's rule (its weight and scope) for GraphQL and for every REST path mounted on it. */
export function Operation(rule: OperationRule): MethodDecorator {
  const extensions = Extensions({ operation: rule });
  return (target, key, descriptor) => {
    extensions(target, key, descriptor);
    const rules = RULES.get(target) ?? new Map<string, OperationRule>();
    rules.set(String(key), rule);
    RULES.set(target, rules);
  };
}

/** The rule of the resolver class's `method`, or undefined when the method declares none. */
export function operationRuleOf(resolver: { prototype: object }, method: string): OperationRule | undefined {
  return RULES.get(resolver.prototype)?.get(method);
}

/** The rule of a GraphQL root field, as `@Operation` stored it in the field's extensions. */
export function fieldOperationRule(field: GraphQLField<unknown, unknown> | undefined): OperationRule | undefined {
  return field?.extensions?.operation as OperationRule | undefined;
}

/**
 * Refuses a schema with a root field that declares no rule: such a field
 * would run without a weight or scope, so the service does not start, as a
 * REST path on a method without a rule does not mount.
 */
export function checkRootFieldRules(schema: GraphQLSchema): void {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(Boolean) as GraphQLObjectType[];
  const missing = roots.flatMap((root) =>
    Object.values(root.getFields())
      .filter((field) => !fieldOperationRule(field))
      .map((field) => `${root.name}.${field.name}`),
  );
  if (missing.length > 0) throw new Error(`GraphQL root fields without an @Operation rule: ${missing.join(', ')}`);
}
