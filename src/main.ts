import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/config';
import { createLogger } from './observability/logger';
import { startService, type RunningService } from './service';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);

  // Listening from the first moment: a signal that arrives while the service starts (or just as it says it started)
  // stops it once started, instead of killing the process with PostgreSQL and the work half set up.
  let requested: NodeJS.Signals | undefined;
  let service: RunningService | undefined;
  const shutdown = (signal: NodeJS.Signals) => {
    if (requested && service === undefined) return;
    requested ??= signal;
    if (!service) return;
    const running = service;
    service = undefined;
    logger.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 20_000);
    forceExit.unref();
    running.stop().then(
      () => {
        logger.info({ signal }, 'service stopped');
        logger.flush();
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  service = await startService(config, logger);
  if (requested) shutdown(requested);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('failed to start:', error);
  }
  process.exit(1);
});
