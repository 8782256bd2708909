import type { NotificationListener } from '../db/notifications';
import type { Logger } from '../observability/logger';
import type { Services } from '../services';
import { strategyEventsBridge } from '../services/strategies/strategy-events.bridge';
import { backtestJobBridge } from '../services/backtests/backtest-job.bridge';
import { backtestSweepBridge } from '../services/backtests/backtest-sweep.bridge';

export interface BridgeContext {
  listener: NotificationListener;
  services: Services;
  logger: Logger;
}

/**
 * Carries changes recorded by any process (NOTIFY on commit) to this API
 * process's GraphQL subscribers, so a subscriber connected here sees what a worker
 * elsewhere did. `start` returns how to stop listening.
 */
export interface SubscriptionBridge {
  name: string;
  start(context: BridgeContext): () => void;
}

/** Every bridge; each feature with a subscription adds its own here. */
export const SUBSCRIPTION_BRIDGES: SubscriptionBridge[] = [strategyEventsBridge, backtestJobBridge, backtestSweepBridge];
