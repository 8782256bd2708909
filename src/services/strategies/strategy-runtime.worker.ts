import type { BackgroundWorker } from '../../workers';
import { StrategyRuntime } from './strategy-runtime';

/** Runs the strategy runtime's tick every STRATEGY_TICK_MS; a tick never overlaps the previous one. */
export const strategyRuntimeWorker: BackgroundWorker = {
  name: 'strategy-runtime',
  async start({ core, workerId }) {
    const { tickMs, klinePollMs, failureLimit } = core.config.strategyRuntime;
    const { market, trader, store, live } = core.services.strategyTrading;
    const runtime = new StrategyRuntime(store, market, trader, live, { workerId, klinePollMs, failureLimit }, core.logger);
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    const loop = () => {
      running = runtime
        .tick()
        .catch((error: unknown) => core.logger.error({ err: error }, 'strategy runtime tick failed'))
        .finally(() => {
          if (!stopped) timer = setTimeout(loop, tickMs);
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
