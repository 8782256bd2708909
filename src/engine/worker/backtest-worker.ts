import { EngineError } from '../engine-error';
import { simulate, simulateMetrics } from '../simulate';
import { selectionDeflatedSharpe } from '../sweep-selection';
import { chainTestParts, withRun } from '../walk-forward';
import { BacktestProgress } from './backtest-progress';
import { TaskSeries } from './series-cache';
import type { AnyTaskOutcome, BacktestTask } from './backtest-task';

function perform(task: BacktestTask): AnyTaskOutcome {
  switch (task.kind) {
    case 'job': {
      const progress = task.progress ? new BacktestProgress(task.progress) : undefined;
      const { result, barEquity } = simulate(task.input, progress ? { onProgress: (fraction) => (progress.fraction = fraction) } : {});
      const json = JSON.stringify(result);
      return task.withBarEquity ? { ok: true, json, metrics: result.metrics, barEquity } : { ok: true, json, metrics: result.metrics };
    }
    case 'metrics': {
      const series = new TaskSeries(task.ready, task.reserved);
      const metrics = task.runs.map((part) => simulateMetrics(withRun(task.input, part), { series }));
      return { ok: true, metrics, computed: series.computed };
    }
    case 'walk_forward_tests':
      return { ok: true, ...chainTestParts(task.input, task.parts) };
    case 'deflated_sharpe':
      return { ok: true, value: selectionDeflatedSharpe(task.input, task.params, task.trials) };
  }
}

/** The worker thread's task: the pure simulation; a job's progress is written to shared memory. */
export default function runBacktestTask(task: BacktestTask): AnyTaskOutcome {
  try {
    return perform(task);
  } catch (error) {
    if (error instanceof EngineError) return { ok: false, error: { code: error.code, message: error.message, field: error.field } };
    return { ok: false, error: { code: 'ENGINE_ERROR', message: error instanceof Error ? error.message : String(error) } };
  }
}
