import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GraphQLSchema } from 'graphql';
import type { Config } from './config/config';
import { resolveSecrets } from './config/generated-secrets';
import { startEmbeddedPostgres } from './db/embedded-postgres';
import { NotificationListener } from './db/notifications';
import { checkpoint, migrate, openDatabase, type Orm } from './db/orm';
import { ProcessLiveness } from './db/process-liveness';
import { createRequestListener } from './http/app';
import { requestClasses } from './http/request-classes';
import { startGraphQL, startSubscriptions, type GraphQLEndpoint } from './http/graphql';
import { Lifecycle } from './lifecycle/lifecycle';
import { createLogger, type Logger } from './observability/logger';
import { createMetrics, type Metrics } from './observability/metrics';
import { buildAppSchema } from './schema/build-schema';
import { createServices, type Services } from './services';
import { BACKGROUND_WORKERS } from './workers';
import { SUBSCRIPTION_BRIDGES } from './events/subscription-bridges';

/** The database and the services, without HTTP or background work: what every process (API, worker, admin CLI) needs. */
export interface Core {
  config: Config;
  databaseUrl: string;
  orm: Orm;
  services: Services;
  logger: Logger;
  metrics: Metrics;
  stop: () => Promise<void>;
}

export interface RunningService extends Core {
  /** Base URL of the HTTP server; absent for ROLE=worker. */
  url?: string;
}

/** Names of the core's components, for the dependencies of the parts built on it. */
const DATABASE = 'database';
const ORM = 'orm';
const UPSTREAM_CLIENTS = 'upstream-clients';
const LISTENER = 'notification-listener';
const LIVENESS = 'liveness';
const APOLLO = 'apollo';
const HTTP_SERVER = 'http-server';
const GRAPHQL_WS = 'graphql-ws';

/** Adds the core's components (database, ORM, services and their upstream clients); the returned getter is valid once they started. */
function addCore(lifecycle: Lifecycle, config: Config, logger: Logger): () => Omit<Core, 'stop'> {
  let databaseUrl: string | undefined;
  let orm: Orm | undefined;
  let services: Services | undefined;
  let stopEmbedded = async (): Promise<void> => undefined;
  const metrics = createMetrics();
  lifecycle.add(
    {
      name: DATABASE,
      start: async () => {
        if (config.databaseUrl) {
          databaseUrl = config.databaseUrl;
          return;
        }
        const embedded = await startEmbeddedPostgres(config.dataDir, logger);
        databaseUrl = embedded.url;
        stopEmbedded = () => embedded.stop();
      },
      stop: () => stopEmbedded(),
    },
    {
      name: ORM,
      dependsOn: [DATABASE],
      start: async () => {
        orm = await openDatabase(required(databaseUrl, DATABASE), config.database, logger);
        const applied = await migrate(orm);
        // PostgreSQL's shutdown checkpoint writes every page dirtied since the last one: flushing a new cluster and its
        // migrations now keeps the embedded server's stop (and so the process's) short. Not awaited: an optimisation
        // that must neither delay nor fail the start (it may outlast DB_STATEMENT_TIMEOUT_MS on a busy disk).
        if (!config.databaseUrl && applied > 0) {
          checkpoint(orm).catch((error: unknown) => logger.debug({ err: error }, 'checkpoint after migrations did not finish'));
        }
      },
      stop: () => required(orm, ORM).close(true),
    },
    {
      name: UPSTREAM_CLIENTS,
      dependsOn: [ORM],
      start: async () => {
        const secrets = await resolveSecrets(config);
        services = createServices({ config, secrets, orm: required(orm, ORM), logger, metrics });
      },
      stop: async () => {
        const { webhookDelivery, upstream, liveMarket } = required(services, UPSTREAM_CLIENTS);
        webhookDelivery.client.close();
        liveMarket.close();
        await upstream.close();
      },
    },
  );
  return () => ({
    config,
    databaseUrl: required(databaseUrl, DATABASE),
    orm: required(orm, ORM),
    services: required(services, UPSTREAM_CLIENTS),
    logger,
    metrics,
  });
}

/** Opens (or starts, when DATABASE_URL is unset) the database, applies migrations and builds the services. */
export async function openCore(config: Config, logger: Logger = createLogger(config.logLevel)): Promise<Core> {
  const lifecycle = new Lifecycle(logger);
  const core = addCore(lifecycle, config, logger);
  await lifecycle.start();
  return { ...core(), stop: () => lifecycle.stop() };
}

/**
 * Starts everything this process's ROLE asks for. Each part declares what it
 * needs; `stop` undoes them in reverse dependency order: graphql-ws says
 * "going away" to its sockets before the HTTP server closes, the HTTP server
 * and the workers finish before the clients and the database they use go.
 */
export async function startService(config: Config, logger: Logger = createLogger(config.logLevel)): Promise<RunningService> {
  if (config.webhooks.allowCidrs.length > 0) {
    logger.warn(
      { cidrs: config.webhooks.allowCidrs },
      "WEBHOOK_ALLOW_CIDRS exempts these ranges from the public-address rule: for tests and the demo's local webhook receiver only",
    );
  }
  const lifecycle = new Lifecycle(logger);
  const core = addCore(lifecycle, config, logger);
  let listener: NotificationListener | undefined;
  lifecycle.add({
    name: LISTENER,
    dependsOn: [DATABASE],
    start: async () => {
      listener = new NotificationListener(core().databaseUrl, config.database.reconnectMaxDelayMs, logger);
      await listener.start();
    },
    stop: () => required(listener, LISTENER).stop(),
  });

  if (config.role !== 'api') addWorkers(lifecycle, config, logger, core, () => required(listener, LISTENER));

  let url: string | undefined;
  if (config.role !== 'worker') {
    const bridges = SUBSCRIPTION_BRIDGES.map((bridge) => {
      const name = `bridge:${bridge.name}`;
      let stopBridge: () => void = () => undefined;
      lifecycle.add({
        name,
        dependsOn: [LISTENER, UPSTREAM_CLIENTS],
        start: async () => {
          stopBridge = bridge.start({ listener: required(listener, LISTENER), services: core().services, logger });
        },
        stop: async () => stopBridge(),
      });
      return name;
    });
    const classes = requestClasses();
    const httpServer = createServer({
      IncomingMessage: classes.IncomingMessage,
      ServerResponse: classes.ServerResponse,
      // A client must send its headers and whole body within this; one declaring more body than it sends is answered 408.
      requestTimeout: config.httpRequestTimeoutMs,
      headersTimeout: config.httpRequestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.httpRequestTimeoutMs),
    });
    let schema: GraphQLSchema | undefined;
    let graphql: GraphQLEndpoint | undefined;
    let subscriptions: { stop: () => Promise<void> } | undefined;
    lifecycle.add(
      {
        name: APOLLO,
        dependsOn: [UPSTREAM_CLIENTS],
        start: async () => {
          schema = await buildAppSchema();
          graphql = await startGraphQL(schema, core().services, logger);
        },
        stop: () => required(graphql, APOLLO).stop(),
      },
      {
        name: HTTP_SERVER,
        dependsOn: [APOLLO, UPSTREAM_CLIENTS],
        start: async () => {
          const { orm, services, metrics } = core();
          const handleRequest = createRequestListener({
            orm,
            services,
            logger,
            metrics,
            publicRateLimitPerMinute: config.publicRateLimitPerMinute,
            trustProxy: config.trustProxy,
            corsOrigins: config.corsOrigins,
            graphqlMiddleware: required(graphql, APOLLO).middleware,
            requestClasses: classes,
          });
          httpServer.on('request', handleRequest);
          url = await listen(httpServer, config.host, config.port);
        },
        stop: () => closeServer(httpServer),
      },
      {
        name: GRAPHQL_WS,
        // Its sockets ride on the HTTP server, which cannot close while they are open.
        dependsOn: [HTTP_SERVER, ...bridges],
        start: async () => {
          subscriptions = startSubscriptions(required(schema, APOLLO), httpServer, core().services, logger);
        },
        stop: () => required(subscriptions, GRAPHQL_WS).stop(),
      },
    );
  }
  await lifecycle.start();
  logger.info({ role: config.role, ...(url ? { url } : {}) }, 'service started');
  return { ...core(), url, stop: () => lifecycle.stop() };
}

/** The liveness lock and every background worker, each of which claims work only while the lock is held. */
function addWorkers(lifecycle: Lifecycle, config: Config, logger: Logger, core: () => Omit<Core, 'stop'>, listener: () => NotificationListener): void {
  let liveness: ProcessLiveness | undefined;
  lifecycle.add({
    name: LIVENESS,
    dependsOn: [DATABASE],
    start: async () => {
      liveness = new ProcessLiveness(core().databaseUrl, config.database.reconnectMaxDelayMs, logger);
      await liveness.start();
    },
    stop: () => required(liveness, LIVENESS).stop(),
  });
  for (const worker of BACKGROUND_WORKERS) {
    let stopWorker: () => Promise<void> = async () => undefined;
    lifecycle.add({
      name: `worker:${worker.name}`,
      dependsOn: [ORM, UPSTREAM_CLIENTS, LISTENER, LIVENESS],
      start: async () => {
        const lock = required(liveness, LIVENESS);
        stopWorker = await worker.start({ core: core(), listener: listener(), workerId: lock.workerId, ready: () => lock.whenHeld() });
      },
      stop: () => stopWorker(),
    });
  }
}

function required<T>(value: T | undefined, component: string): T {
  if (value === undefined) throw new Error(`lifecycle: "${component}" is used before it started`);
  return value;
}

function listen(server: Server, host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
      resolve(`http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${address.port}`);
    });
  });
}

/** Stops accepting connections, lets requests under way finish and closes idle keep-alive connections. */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
