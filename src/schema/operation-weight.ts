import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type GraphQLSchema, Kind, type OperationDefinitionNode } from 'graphql';
import type { GraphQLContext } from './context';

/** Weight of a root field without a `weight` extension: the cheapest signed call. */
const DEFAULT_WEIGHT = 1;

/**
 * Signed API keys spend the same per-key weight budget through GraphQL as
 * through `/v1` (contract §6), so GraphQL is no way around it: each root
 * field costs its `@Extensions({ weight })` (the REST weight of the same
 * operation) or 1. App-token callers are users, not integrations, and are
 * held by the per-IP limit instead.
 */
export function operationWeightPlugin(schema: GraphQLSchema): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, contextValue, response }) {
          const caller = contextValue.caller;
          if (!operation || !caller || caller.apiKeyId === null) return;
          const weight = operationWeight(schema, operation);
          const spend = await contextValue.services.weightBudget.spend(caller.apiKeyId, weight);
          response.http.headers.set('X-Service-Used-Weight-1m', String(spend.used));
          if (!spend.allowed) {
            response.http.headers.set('Retry-After', String(spend.retryAfterSeconds));
            throw new GraphQLError('request weight budget exhausted', { extensions: { code: 'RATE_LIMITED', http: { status: 429 } } });
          }
        },
      };
    },
  };
}

function operationWeight(schema: GraphQLSchema, operation: OperationDefinitionNode): number {
  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  const fields = root?.getFields() ?? {};
  let total = 0;
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || selection.name.value.startsWith('__')) continue;
    const weight = fields[selection.name.value]?.extensions?.weight;
    total += typeof weight === 'number' ? weight : DEFAULT_WEIGHT;
  }
  return Math.max(total, DEFAULT_WEIGHT);
}
