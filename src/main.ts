import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/config';
import { stopOnSignals } from './lifecycle/stop-on-signals';
import { createLogger } from './observability/logger';
import { startService } from './service';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const signals = stopOnSignals(logger);
  const service = await startService(config, logger);
  signals.started(() => service.stop());
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('failed to start:', error);
  }
  process.exit(1);
});
