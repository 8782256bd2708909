import type { BackgroundWorker } from '../../workers';
import { startTimerLoop } from '../../workers/timer-loop';

/** Checks tracked balances against webhook thresholds every BALANCE_CHECK_INTERVAL_MS; checks never overlap. */
export const balanceLowWorker: BackgroundWorker = {
  name: 'balance-low',
  async start({ core }) {
    return startTimerLoop('balance check', core.config.strategyRuntime.balanceCheckIntervalMs, () => core.services.balanceLow.check(), core.logger);
  },
};
