import type { BackgroundWorker } from '../../workers';

/** Checks tracked balances against webhook thresholds every BALANCE_CHECK_INTERVAL_MS; checks never overlap. */
export const balanceLowWorker: BackgroundWorker = {
  name: 'balance-low',
  async start({ core }) {
    const intervalMs = core.config.strategyRuntime.balanceCheckIntervalMs;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    const loop = () => {
      running = core.services.balanceLow
        .check()
        .then(() => undefined)
        .catch((error: unknown) => core.logger.error({ err: error }, 'balance check failed'))
        .finally(() => {
          if (!stopped) timer = setTimeout(loop, intervalMs);
        });
    };
    loop();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    };
  },
};
