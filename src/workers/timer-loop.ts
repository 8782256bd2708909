import type { Logger } from '../observability/logger';

/**
 * Runs `tick` at once and then `intervalMs` after each run ends, so runs
 * never overlap however long one takes; a failed run is logged and the loop
 * goes on. Returns how to stop it: no new run starts, and one in progress is
 * awaited.
 */
export function startTimerLoop(name: string, intervalMs: number, tick: () => Promise<unknown>, logger: Logger): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const loop = () => {
    running = tick()
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error }, `${name} failed`))
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
}
