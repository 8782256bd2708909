import type { NotificationListener } from '../db/notifications';
import type { Core } from '../service';
import { backtestRunnerWorker } from '../services/backtests/backtest-runner.worker';
import { webhookDispatcherWorker } from '../services/webhooks/webhook-dispatcher.worker';
import { strategyRuntimeWorker } from '../services/strategies/strategy-runtime.worker';
import { balanceLowWorker } from '../services/accounts/balance-low.worker';
import { attemptPruningWorker } from '../services/webhooks/attempt-pruning.worker';
import { accountStreamWorker } from '../services/strategies/account-stream/account-stream.worker';

/** What a background worker gets: the core (database, services), the process's notification listener and its liveness. */
export interface WorkerContext {
  core: Omit<Core, 'stop'>;
  listener: NotificationListener;
  /** This process's liveness id (db/process-liveness.ts), to record on claimed work. */
  workerId: number;
  /** Resolves while this process holds its liveness lock; every claim waits for it (after a database restart, until it is taken again). */
  ready: () => Promise<void>;
}

/** Work that runs in processes with ROLE `worker` or `all`; `start` returns how to stop it. */
export interface BackgroundWorker {
  name: string;
  start: (context: WorkerContext) => Promise<() => Promise<void>>;
}

/** Every background worker; each feature adds its own here. */
export const BACKGROUND_WORKERS: BackgroundWorker[] = [
  webhookDispatcherWorker,
  strategyRuntimeWorker,
  balanceLowWorker,
  backtestRunnerWorker,
  attemptPruningWorker,
  accountStreamWorker,
];
