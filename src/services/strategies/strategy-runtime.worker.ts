import type { BackgroundWorker } from '../../workers';
import { startTimerLoop } from '../../workers/timer-loop';
import { StrategyRuntime } from './strategy-runtime';

/** Runs the strategy runtime's tick every STRATEGY_TICK_MS; a tick never overlaps the previous one. */
export const strategyRuntimeWorker: BackgroundWorker = {
  name: 'strategy-runtime',
  async start({ core, workerId, ready }) {
    const { tickMs, klinePollMs, failureLimit } = core.config.strategyRuntime;
    const { market, trader, store, live } = core.services.strategyTrading;
    const runtime = new StrategyRuntime(store, market, trader, live, { workerId, klinePollMs, failureLimit }, core.logger);
    const loop = startTimerLoop({ name: 'strategy-runtime', intervalMs: tickMs, run: () => runtime.tick(), ready, logger: core.logger });
    return () => loop.stop();
  },
};
