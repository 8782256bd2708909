import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config/config';
import { resolveSecrets } from './config/generated-secrets';
import { startEmbeddedPostgres } from './db/embedded-postgres';
import { NotificationListener } from './db/notifications';
import { migrate, openDatabase, type Orm } from './db/orm';
import { ProcessLiveness } from './db/process-liveness';
import { createExpressApp } from './http/app';
import { startGraphQL } from './http/graphql';
import { createLogger, type Logger } from './observability/logger';
import { createMetrics, type Metrics } from './observability/metrics';
import { buildAppSchema } from './schema/build-schema';
import { createServices, type Services } from './services';
import { BACKGROUND_WORKERS } from './workers';
import { SUBSCRIPTION_BRIDGES } from './events/subscription-bridges';

type StopStep = () => Promise<unknown>;

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

function stopper(logger: Logger): { push(step: StopStep): void; stop: () => Promise<void> } {
  const steps: StopStep[] = [];
  return {
    push: (step) => steps.push(step),
    stop: async () => {
      for (const step of steps.splice(0).reverse()) {
        await step().catch((error: unknown) => logger.error({ err: error }, 'error during shutdown'));
      }
    },
  };
}

/** Opens (or starts, when DATABASE_URL is unset) the database, applies migrations and builds the services. */
export async function openCore(config: Config, logger: Logger = createLogger(config.logLevel)): Promise<Core> {
  const stops = stopper(logger);
  try {
    const secrets = await resolveSecrets(config);
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const embedded = await startEmbeddedPostgres(config.dataDir, logger);
      stops.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }
    const orm = await openDatabase(databaseUrl, logger);
    stops.push(() => orm.close(true));
    await migrate(orm);
    const metrics = createMetrics();
    const services = createServices({ config, secrets, orm, logger, metrics });
    stops.push(async () => services.webhookDelivery.client.close());
    stops.push(() => services.upstream.close());
    return { config, databaseUrl, orm, services, logger, metrics, stop: stops.stop };
  } catch (error) {
    await stops.stop();
    throw error;
  }
}

/** Starts everything this process's ROLE asks for; `stop` undoes it in reverse order. */
export async function startService(config: Config, logger: Logger = createLogger(config.logLevel)): Promise<RunningService> {
  const core = await openCore(config, logger);
  const stops = stopper(logger);
  stops.push(() => core.stop());
  try {
    if (config.webhooks.allowCidrs.length > 0) {
      logger.warn({ cidrs: config.webhooks.allowCidrs }, 'WEBHOOK_ALLOW_CIDRS exempts these ranges from the public-address rule: for tests only');
    }
    const listener = new NotificationListener(core.databaseUrl, logger);
    await listener.start();
    stops.push(() => listener.stop());
    if (config.role !== 'api') {
      const liveness = new ProcessLiveness(core.databaseUrl, logger);
      await liveness.start();
      stops.push(() => liveness.stop());
      for (const worker of BACKGROUND_WORKERS) {
        stops.push(await worker.start({ core, listener, workerId: liveness.workerId }));
        logger.debug({ worker: worker.name }, 'background worker started');
      }
    }

    let url: string | undefined;
    if (config.role !== 'worker') {
      for (const bridge of SUBSCRIPTION_BRIDGES) {
        const stopBridge = bridge.start({ listener, services: core.services, logger });
        stops.push(async () => stopBridge());
      }
      const httpServer = createServer();
      const graphql = await startGraphQL(await buildAppSchema(), httpServer, core.services, logger);
      stops.push(() => graphql.stop());
      const app = createExpressApp({
        orm: core.orm,
        services: core.services,
        logger,
        metrics: core.metrics,
        publicRateLimitPerMinute: config.publicRateLimitPerMinute,
        trustProxy: config.trustProxy,
        graphqlMiddleware: graphql.middleware,
      });
      httpServer.on('request', app);
      url = await listen(httpServer, config.host, config.port);
      stops.push(() => closeServer(httpServer));
    }
    logger.info({ role: config.role, ...(url ? { url } : {}) }, 'service started');
    return { ...core, url, stop: stops.stop };
  } catch (error) {
    await stops.stop();
    throw error;
  }
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

/** Apollo's drain plugin has already stopped new work; this waits for the socket to close. */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
