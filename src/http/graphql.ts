import { requestIdOf } from './request-logging';
import type { Server } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { expressMiddleware } from '@as-integrations/express5';
import type { RequestHandler } from 'express';
import { GraphQLError, type GraphQLSchema, parse, validate } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Caller } from '../auth/caller';
import { authenticateConnectionParams, graphQLCallerFrom, WS_UNAUTHORIZED } from '../auth/graphql-credentials';
import { isAppError } from '../errors/app-error';
import type { Logger } from '../observability/logger';
import type { GraphQLContext } from '../schema/context';
import { RequestLoaders } from '../schema/request-loaders';
import { formatGraphQLError } from '../schema/format-error';
import { operationWeightPlugin } from '../schema/operation-weight';
import { depthLimitRule, queryCostPlugin } from '../schema/query-limits';
import type { Services } from '../services';

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
      onSubscribe: (_ctx, _id, payload) => {
        const errors = validate(schema, parse(payload.query), [depthLimitRule()]);
        return errors.length > 0 ? errors : undefined;
      },
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
    validationRules: [depthLimitRule()],
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
        requestId: requestIdOf(req),
        caller: await graphQLCallerFrom(services.authenticator, req),
        dataApiKey: req.get('x-data-api-key'),
        loaders: new RequestLoaders(),
      }),
    }),
    stop: () => apollo.stop(),
  };
}
