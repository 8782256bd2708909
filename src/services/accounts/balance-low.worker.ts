import type { BackgroundWorker } from '../../workers';
import { startTimerLoop } from '../../workers/timer-loop';

/** Checks tracked balances against webhook thresholds every BALANCE_CHECK_INTERVAL_MS; checks never overlap. */
export const balanceLowWorker: BackgroundWorker = {
  name: 'balance-low',
  async start({ core, ready }) {
    const loop = startTimerLoop({
      name: 'balance-low',
      intervalMs: core.config.strategyRuntime.balanceCheckIntervalMs,
      run: () => core.services.balanceLow.check(),
      ready,
      logger: core.logger,
    });
    return () => loop.stop();
  },
};
