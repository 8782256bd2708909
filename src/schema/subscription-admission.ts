import { GraphQLError, getOperationAST, parse, specifiedRules, validate, type DocumentNode, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import type { Caller } from '../auth/caller';
import { isAppError } from '../errors/app-error';
import { admitCaller } from '../operations/caller-checks';
import type { Services } from '../services';
import { badUserInput, graphQLErrorFrom } from './format-error';
import { nulLiteralRule } from './input-checks';
import { fragmentsOf, rootOperationRules } from './operation-weight';
import { checkCost, depthLimitRule, MAX_QUERY_COST, operationCost, type QueryCost } from './query-limits';

/** The rules GraphQL's own (specifiedRules) are extended with, over HTTP and WebSocket alike. */
export const VALIDATION_RULES = [depthLimitRule(), nulLiteralRule()];

/**
 * Subscriptions pass the same checks as queries over HTTP before they start
 * (contract §14, issue 10): the document is valid, within the depth and cost
 * limits, its variables are well typed, and the caller's key pays the root
 * fields' weights and holds their scopes. graphql-ws then runs the returned
 * arguments as they are, and each result reports `cost` in its extensions as
 * over HTTP; errors are sent to the client as its `error` message.
 */
export async function admitSubscription(
  schema: GraphQLSchema,
  services: Services,
  caller: Caller | undefined,
  payload: SubscribePayload,
): Promise<{ args: ExecutionArgs; cost: QueryCost } | readonly GraphQLError[]> {
  let document: DocumentNode;
  try {
    document = parse(payload.query);
  } catch (error) {
    return [error instanceof GraphQLError ? error : badUserInput('the query is not a GraphQL document')];
  }
  const errors = validate(schema, document, [...specifiedRules, ...VALIDATION_RULES]);
  if (errors.length > 0) return errors;
  const operation = getOperationAST(document, payload.operationName);
  if (!operation)
    return [badUserInput(payload.operationName ? `Unknown operation named "${payload.operationName}".` : 'the document must name the operation to run')];
  const variables = payload.variables ?? {};
  let requested: number;
  try {
    requested = operationCost(schema, document, operation, variables);
    checkCost(requested);
    if (caller)
      await admitCaller(services.weightBudget, caller, rootOperationRules(schema, operation, fragmentsOf(document.definitions), variables), () => undefined);
  } catch (error) {
    if (error instanceof GraphQLError) return [error];
    if (isAppError(error)) return [graphQLErrorFrom(error)];
    throw error;
  }
  return { args: { schema, document, operationName: payload.operationName, variableValues: variables }, cost: { requested, limit: MAX_QUERY_COST } };
}
