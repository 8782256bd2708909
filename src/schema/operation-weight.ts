import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, OperationTypeNode, type FragmentDefinitionNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { collectFields } from 'graphql/execution/collectFields';
import { isAppError } from '../errors/app-error';
import { admitCaller } from '../operations/caller-checks';
import { fieldOperationRule, type OperationRule } from '../operations/operation';
import type { GraphQLContext } from './context';
import { graphQLErrorFrom } from './format-error';

/**
 * The rules of every root field an operation executes, one per response key:
 * fragments (named or inline, `... on Mutation`) are expanded and each alias
 * counts, so no spelling of a request runs a field without paying for it.
 */
export function rootOperationRules(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): OperationRule[] {
  const root =
    operation.operation === OperationTypeNode.MUTATION
      ? schema.getMutationType()
      : operation.operation === OperationTypeNode.SUBSCRIPTION
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  if (!root) return [];
  const fields = root.getFields();
  const rules: OperationRule[] = [];
  for (const [, nodes] of collectFields(schema, fragments, variables, root, operation.selectionSet)) {
    const name = nodes[0]?.name.value ?? '';
    if (name.startsWith('__')) continue;
    // Every root field has a rule: buildAppSchema refuses a schema where one has none.
    rules.push(fieldOperationRule(fields[name]) as OperationRule);
  }
  return rules;
}

export function fragmentsOf(definitions: readonly { kind: Kind }[]): Record<string, FragmentDefinitionNode> {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      const fragment = definition as FragmentDefinitionNode;
      fragments[fragment.name.value] = fragment;
    }
  }
  return fragments;
}

/**
 * Signed API keys spend the same per-key weight budget through GraphQL as
 * through `/v1` (contract §6): the operation costs the sum of its root
 * fields' `@Operation` weights, and each field's scope is checked, by the
 * same `admitCaller` the REST adapter uses. Callers without a key (anonymous
 * or app token) are held by the per-IP limit instead, which the request has
 * paid one point of: a mutation pays one more per further root field, so
 * aliasing a mutation many times costs what as many requests would.
 */
export function operationWeightPlugin(schema: GraphQLSchema): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, request, contextValue, response }) {
          if (!operation) return;
          const caller = contextValue.caller;
          const rules = rootOperationRules(schema, operation, fragmentsOf(document.definitions), request.variables ?? {});
          try {
            if (caller) await admitCaller(contextValue.services.weightBudget, caller, rules, (name, value) => response.http.headers.set(name, value));
            if (operation.operation === OperationTypeNode.MUTATION && (!caller || caller.apiKeyId === null) && rules.length > 1) {
              await contextValue.chargePublicRequests?.(rules.length - 1);
            }
          } catch (error) {
            if (!isAppError(error)) throw error;
            throw graphQLErrorFrom(error);
          }
        },
      };
    },
  };
}
