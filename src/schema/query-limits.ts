import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  getVariableValues,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';
import { badUserInput } from './format-error';
import { checkVariablesStorable } from './input-checks';
import { fragmentsOf } from './operation-weight';

/** Dashboards' deepest real query is ~5 levels; anything far deeper or costlier is abuse, rejected before execution. */
export const MAX_QUERY_DEPTH = 10;
export const MAX_QUERY_COST = 1000;

/** What every GraphQL response reports in `extensions.cost` (issue 12), as the large public GraphQL APIs do. */
export interface QueryCost {
  requested: number;
  limit: number;
}

/**
 * The deepest field nesting of a selection set, fragments expanded.
 * Introspection fields (`__schema`, `__type`) do not count, so IDEs work. A
 * fragment already being expanded on the current path is not entered again:
 * such a cycle is invalid (graphql's NoFragmentCycles rule reports it) and
 * must not recurse without end; an unknown fragment counts nothing (reported by KnownFragmentNames).
 */
function depthOf(selectionSet: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>, expanding: Set<string>): number {
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue;
      deepest = Math.max(deepest, 1 + (selection.selectionSet ? depthOf(selection.selectionSet, fragments, expanding) : 0));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, expanding));
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      if (!fragment || expanding.has(name)) continue;
      expanding.add(name);
      deepest = Math.max(deepest, depthOf(fragment.selectionSet, fragments, expanding));
      expanding.delete(name);
    }
  }
  return deepest;
}

/** Rejects operations nested deeper than MAX_QUERY_DEPTH. */
export function depthLimitRule(): ValidationRule {
  return (context) => ({
    Document(document) {
      const fragments = fragmentsOf(document.definitions);
      for (const definition of document.definitions) {
        if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
        if (depthOf(definition.selectionSet, fragments, new Set()) > MAX_QUERY_DEPTH) {
          const name = definition.name?.value ?? '';
          context.reportError(new GraphQLError(`'${name}' exceeds maximum operation depth of ${MAX_QUERY_DEPTH}`, { nodes: [definition] }));
        }
      }
    },
  });
}

/**
 * The cost of one operation of a valid document: fields' `complexity`
 * extensions (1 each otherwise), fragments expanded and aliases counted.
 * Variables are coerced first, so a wrong or missing one is BAD_USER_INPUT
 * (contract §14) rather than a failure inside the cost computation, and
 * text PostgreSQL cannot store is refused here, on both transports.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
): number {
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  if (coerced.errors) throw badUserInput(coerced.errors.map((error) => error.message).join('; '));
  checkVariablesStorable(variables);
  return getComplexity({
    schema,
    query: document,
    operationName: operation.name?.value,
    // The client's values: getComplexity coerces them again itself, and coerced ones (enum internal values) would not pass twice.
    variables,
    estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
  });
}

/** Over MAX_QUERY_COST: QUERY_TOO_COSTLY, before anything runs. */
export function checkCost(cost: number): void {
  if (cost > MAX_QUERY_COST) {
    throw new GraphQLError(`query cost ${cost} exceeds the limit of ${MAX_QUERY_COST}`, {
      extensions: { code: 'QUERY_TOO_COSTLY', http: { status: 400 } },
    });
  }
}

/**
 * The cost limit over HTTP, and `extensions.cost` on every response:
 * `requested` is the operation's cost, or 0 when the request failed before
 * an operation could be costed (a syntax error, an unknown operation).
 */
export function queryCostPlugin(schema: GraphQLSchema): ApolloServerPlugin {
  return {
    async requestDidStart() {
      let requested = 0;
      return {
        async didResolveOperation({ request, document, operation }) {
          if (!operation) return;
          requested = operationCost(schema, document, operation, request.variables);
          checkCost(requested);
        },
        async willSendResponse({ response }) {
          const cost: QueryCost = { requested, limit: MAX_QUERY_COST };
          if (response.body.kind === 'single') {
            response.body.singleResult.extensions = { ...response.body.singleResult.extensions, cost };
          } else {
            response.body.initialResult.extensions = { ...response.body.initialResult.extensions, cost };
          }
        },
      };
    },
  };
}
