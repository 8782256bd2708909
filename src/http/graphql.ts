import type { Server } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { expressMiddleware } from '@as-integrations/express5';
import type { RequestHandler } from 'express';
import { GraphQLError, getOperationAST, parse, specifiedRules, validate, type DocumentNode, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Caller } from '../auth/caller';
import { authenticateConnectionParams, graphQLCallerFrom, WS_UNAUTHORIZED } from '../auth/graphql-credentials';
import { isAppError } from '../errors/app-error';
import type { Logger } from '../observability/logger';
import type { GraphQLContext } from '../schema/context';
import { RequestLoaders } from '../schema/request-loaders';
import { admitCaller } from '../operations/caller-checks';
import { badUserInput, formatGraphQLError, graphQLErrorFrom } from '../schema/format-error';
import { nulLiteralRule } from '../schema/input-checks';
import { fragmentsOf, operationWeightPlugin, rootOperationRules } from '../schema/operation-weight';
import { checkCost, depthLimitRule, operationCost, queryCostPlugin } from '../schema/query-limits';
import type { Services } from '../services';

const VALIDATION_RULES = [depthLimitRule(), nulLiteralRule()];

/**
 * Subscriptions pass the same checks as queries over HTTP before they start
 * (contract §14, issue 10): the document is valid, within the depth and cost
 * limits, its variables are well typed, and the caller's key pays the root
 * fields' weights and holds their scopes. graphql-ws then runs the returned
 * arguments as they are; errors are sent to the client as its `error` message.
 */
async function admitSubscription(
  schema: GraphQLSchema,
  services: Services,
  caller: Caller | undefined,
  payload: SubscribePayload,
): Promise<ExecutionArgs | readonly GraphQLError[]> {
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
  try {
    checkCost(operationCost(schema, document, operation, variables));
    if (caller)
      await admitCaller(services.weightBudget, caller, rootOperationRules(schema, operation, fragmentsOf(document.definitions), variables), () => undefined);
  } catch (error) {
    if (error instanceof GraphQLError) return [error];
    if (isAppError(error)) return [graphQLErrorFrom(error)];
    throw error;
  }
  return { schema, document, operationName: payload.operationName, variableValues: variables };
}

export interface GraphQLEndpoint {
  middleware: RequestHandler;
  stop(): Promise<void>;
}

/**
 * Apollo Server for queries and mutations, and graphql-ws for subscriptions,
 * on the same HTTP server and path (`/graphql`).
 */
export async function startGraphQL(schema: GraphQLSchema, httpServer: Server, services: Services, logger: Logger): Promise<GraphQLEndpoint> {
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql' });
  const wsCleanup = useServer<Record<string, unknown>, { caller?: Caller }>(
    {
      schema,
      onConnect: async (ctx) => {
        const caller = await authenticateConnectionParams(services.authenticator, ctx.connectionParams);
        if (!caller) {
          ctx.extra.socket.close(WS_UNAUTHORIZED, 'Unauthorized');
          return false;
        }
        ctx.extra.caller = caller;
        return true;
      },
      context: (ctx): GraphQLContext => ({ services, logger, requestId: 'ws', caller: ctx.extra.caller, loaders: new RequestLoaders() }),
      onSubscribe: (ctx, _id, payload) => admitSubscription(schema, services, ctx.extra.caller, payload),
      // Subscription errors get the same `extensions.code` (and masking) as queries over HTTP.
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors
          ? {
              ...result,
              errors: result.errors.map((error) =>
                formatGraphQLError({ ...error.toJSON(), extensions: { code: 'INTERNAL_SERVER_ERROR', ...error.extensions } }, error),
              ),
            }
          : undefined,
    },
    wsServer,
  );

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    introspection: true,
    formatError: formatGraphQLError,
    // Contract §14: no stack trace or server path in any answer, whatever NODE_ENV says.
    includeStacktraceInErrorResponses: false,
    validationRules: VALIDATION_RULES,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await wsCleanup.dispose();
            },
          };
        },
      },
      queryCostPlugin(schema),
      operationWeightPlugin(schema),
      {
        async requestDidStart() {
          return {
            async didEncounterErrors({ errors, contextValue }) {
              for (const error of errors) {
                const original = error.originalError;
                if (original && !isAppError(original) && !(original instanceof GraphQLError)) {
                  contextValue.logger.error({ err: original, requestId: contextValue.requestId }, 'unexpected graphql error');
                }
              }
            },
          };
        },
      },
    ],
  });
  await apollo.start();

  return {
    middleware: expressMiddleware(apollo, {
      context: async ({ req }) => ({
        services,
        logger,
        requestId: String(req.id),
        caller: await graphQLCallerFrom(services.authenticator, req),
        dataApiKey: req.get('x-data-api-key'),
        chargePublicRequests: req.chargePublicRequests,
        loaders: new RequestLoaders(),
      }),
    }),
    stop: () => apollo.stop(),
  };
}
