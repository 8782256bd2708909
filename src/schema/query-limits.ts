import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type GraphQLSchema, type ValidationRule } from 'graphql';
import depthLimit from 'graphql-depth-limit';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';

/** Dashboards' deepest real query is ~5 levels; anything far deeper or costlier is abuse, rejected before execution. */
export const MAX_QUERY_DEPTH = 10;
export const MAX_QUERY_COST = 1000;

export function depthLimitRule(): ValidationRule {
  // graphql-depth-limit's typings return any; the value is a validation rule.
  return depthLimit(MAX_QUERY_DEPTH) as ValidationRule;
}

export function queryCostPlugin(schema: GraphQLSchema): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          const cost = getComplexity({
            schema,
            query: document,
            operationName: request.operationName,
            variables: request.variables,
            estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
          });
          if (cost > MAX_QUERY_COST) {
            throw new GraphQLError(`query cost ${cost} exceeds the limit of ${MAX_QUERY_COST}`, {
              extensions: { code: 'QUERY_TOO_COSTLY', http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}
