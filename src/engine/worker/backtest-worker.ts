import { EngineError } from '../engine-error';
import { simulate } from '../simulate';
import { BacktestProgress } from './backtest-progress';
import type { BacktestTask, BacktestTaskOutcome } from './backtest-task';

/** The worker thread's task: the pure simulation, with progress written to shared memory. */
export default function runBacktestTask(task: BacktestTask): BacktestTaskOutcome {
  const progress = task.progress ? new BacktestProgress(task.progress) : undefined;
  try {
    const { result, barEquity } = simulate(task.input, progress ? { onProgress: (fraction) => (progress.fraction = fraction) } : {});
    return task.withBarEquity ? { ok: true, result, barEquity } : { ok: true, result };
  } catch (error) {
    if (error instanceof EngineError) return { ok: false, error: { code: error.code, message: error.message, field: error.field } };
    return { ok: false, error: { code: 'ENGINE_ERROR', message: error instanceof Error ? error.message : String(error) } };
  }
}
