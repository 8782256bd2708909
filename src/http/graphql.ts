import { once } from 'node:events';
import type { Server } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { RequestHandler } from 'express';
import { GraphQLError, type ExecutionArgs, type ExecutionResult, type FormattedExecutionResult, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocket, WebSocketServer } from 'ws';
import type { Caller } from '../auth/caller';
import { authenticateConnectionParams, graphQLCallerFrom, WS_UNAUTHORIZED } from '../auth/graphql-credentials';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable, isDatabaseUnavailable } from '../db/database-unavailable';
import { isAppError } from '../errors/app-error';
import type { Logger } from '../observability/logger';
import { requestContext, type GraphQLContext } from '../schema/context';
import { formatGraphQLError } from '../schema/format-error';
import { operationWeightPlugin } from '../schema/operation-weight';
import { queryCostPlugin, type QueryCost } from '../schema/query-limits';
import { admitSubscription, VALIDATION_RULES } from '../schema/subscription-admission';
import { requestIdOf } from './request-logging';
import { subscribeSharingResults } from '../schema/shared-subscription-results';
import type { Services } from '../services';

export interface GraphQLEndpoint {
  middleware: RequestHandler;
  stop(): Promise<void>;
}

/** Largest graphql-ws message, `connection_init` included: a bigger frame closes the socket (1009) from its header, before it is read. */
export const WS_MAX_PAYLOAD_BYTES = 256 * 1024;
/** How long a socket told "going away" has to answer the close before it is cut. */
const WS_CLOSE_GRACE_MS = 1000;

/** graphql-ws on the HTTP server's `/graphql` upgrades; `stop` closes every socket (1001 "Going away") so the HTTP server can close. */
export function startSubscriptions(schema: GraphQLSchema, httpServer: Server, services: Services, logger: Logger): { stop: () => Promise<void> } {
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: WS_MAX_PAYLOAD_BYTES });
  /** `extensions.cost` of each admitted operation, by the arguments graphql-ws runs it with. */
  const costs = new WeakMap<ExecutionArgs, QueryCost>();
  // Every result reports its cost as over HTTP, and errors get the same `extensions.code` (and masking).
  // A new object each time: market results are shared between subscribers (shared-subscription-results.ts).
  const finish = (args: ExecutionArgs, result: ExecutionResult): FormattedExecutionResult => ({
    ...result,
    ...(result.errors && {
      errors: result.errors.map((error) =>
        formatGraphQLError({ ...error.toJSON(), extensions: { code: 'INTERNAL_SERVER_ERROR', ...error.extensions } }, error),
      ),
    }),
    extensions: { ...result.extensions, cost: costs.get(args) },
  });
  const wsCleanup = useServer<Record<string, unknown>, { caller?: Caller }>(
    {
      schema,
      subscribe: subscribeSharingResults({ finish }),
      onConnect: async (ctx) => {
        const caller = await authenticateConnectionParams(services.authenticator, ctx.connectionParams);
        if (!caller) {
          ctx.extra.socket.close(WS_UNAUTHORIZED, 'Unauthorized');
          return false;
        }
        ctx.extra.caller = caller;
        return true;
      },
      context: (ctx, id): GraphQLContext =>
        requestContext(services, logger, {
          requestId: 'ws',
          caller: ctx.extra.caller,
          subscriber: { id, send: (text, sent) => sendText(ctx.extra.socket, text, sent) },
        }),
      onSubscribe: async (ctx, _id, payload) => {
        const admitted = await admitSubscription(schema, services, ctx.extra.caller, payload);
        if (!('args' in admitted)) return admitted;
        costs.set(admitted.args, admitted.cost);
        return admitted.args;
      },
      onNext: (_ctx, _id, _payload, args, result) => finish(args, result),
    },
    wsServer,
  );
  // ws has already closed a socket that broke the protocol (1009 for an oversized frame) when it emits 'error';
  // graphql-ws would print the error with its stack to stderr. A client's mistake is one log line.
  wsServer.on('connection', (socket) => {
    socket.removeAllListeners('error');
    socket.on('error', (error) => logger.info({ reason: error.message }, 'graphql-ws socket closed on a protocol error'));
  });
  return {
    stop: async () => {
      const sockets = [...wsServer.clients];
      await wsCleanup.dispose();
      const closed = Promise.all(sockets.filter((socket) => socket.readyState !== WebSocket.CLOSED).map((socket) => once(socket, 'close')));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, WS_CLOSE_GRACE_MS)))]);
      clearTimeout(timer);
      sockets.forEach((socket) => socket.terminate());
    },
  };
}

/** What graphql-ws's own `send` does for a socket: nothing once it is closing (its 'close' ends the subscriptions). */
function sendText(socket: WebSocket, text: string, sent: () => void): void {
  if (socket.readyState !== WebSocket.OPEN) {
    sent();
    return;
  }
  socket.send(text, () => sent());
}

/** Apollo Server for queries and mutations on `/graphql` (subscriptions are graphql-ws's, on the same path). */
export async function startGraphQL(schema: GraphQLSchema, services: Services, logger: Logger): Promise<GraphQLEndpoint> {
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    introspection: true,
    formatError: formatGraphQLError,
    // Contract §14: no stack trace or server path in any answer, whatever NODE_ENV says.
    includeStacktraceInErrorResponses: false,
    // Compact JSON, as REST answers: Apollo's default indents every line, which for a dashboard page of
    // 50 strategies doubled the body and took a measured 3% of the request's CPU.
    stringifyResult: (result) => JSON.stringify(result),
    validationRules: VALIDATION_RULES,
    plugins: [
      // Apollo's landing page loads its scripts from another host; browsers get the bundled IDE instead (src/http/dashboard.routes.ts).
      ApolloServerPluginLandingPageDisabled(),
      // Apollo's cache-control plugin runs a hook on every resolved field (a measured 6% of the dashboard
      // query's CPU) to compute cache hints the schema never sets; its one visible effect, `no-store`, stays below.
      ApolloServerPluginCacheControlDisabled(),
      queryCostPlugin(schema),
      operationWeightPlugin(schema),
      {
        async requestDidStart() {
          return {
            async willSendResponse({ response }) {
              response.http.headers.set('cache-control', 'no-store');
            },
            async didEncounterErrors({ errors, contextValue, response }) {
              for (const error of errors) {
                const original = error.originalError;
                if (isDatabaseUnavailable(original)) {
                  response.http.headers.set('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
                  continue;
                }
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
      context: async ({ req }) =>
        requestContext(services, logger, {
          requestId: requestIdOf(req),
          caller: await graphQLCallerFrom(services.authenticator, req).catch(rethrowUnavailable),
          dataApiKey: req.get('x-data-api-key'),
          chargePublicRequests: req.chargePublicRequests,
        }),
    }),
    stop: () => apollo.stop(),
  };
}

/** Authenticating reads the database: when it is down the whole request is 503 with Retry-After, like REST. */
function rethrowUnavailable(error: unknown): never {
  if (!isDatabaseUnavailable(error)) throw error;
  const unavailable = databaseUnavailable();
  throw new GraphQLError(unavailable.message, {
    originalError: unavailable,
    extensions: {
      code: unavailable.code,
      http: { status: unavailable.status, headers: new Map([['retry-after', String(unavailable.retryAfterSeconds)]]) },
    },
  });
}
