import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000_public_strategies } from './Migration20261121000000_public_strategies';
import { Migration20261121000100_rate_limits } from './Migration20261121000100_rate_limits';
import { Migration20261121200000_identity } from './Migration20261121200000_identity';
import { Migration20261121200100_plan_series } from './Migration20261121200100_plan_series';
import { Migration20261121400000_events_and_webhooks } from './Migration20261121400000_events_and_webhooks';
import { Migration20261121500000_backtest_jobs } from './Migration20261121500000_backtest_jobs';
import { Migration20261121600000_strategies } from './Migration20261121600000_strategies';
import { Migration20261123100000_strategy_orders } from './Migration20261123100000_strategy_orders';
import { Migration20261123120000_webhook_operations } from './Migration20261123120000_webhook_operations';
import { Migration20261123130000_backtest_sweeps } from './Migration20261123130000_backtest_sweeps';
import { Migration20261123150000_webhook_queue_index } from './Migration20261123150000_webhook_queue_index';
import { Migration20261123160000_backtest_job_strategy } from './Migration20261123160000_backtest_job_strategy';
import { Migration20261123170000_sweep_loading_progress } from './Migration20261123170000_sweep_loading_progress';
import { Migration20261123180000_webhook_held_index } from './Migration20261123180000_webhook_held_index';
import { Migration20261127100000_live_state } from './Migration20261127100000_live_state';
import { Migration20261127130000_protections } from './Migration20261127130000_protections';
import { Migration20261127140000_sweep_trial_sharpes } from './Migration20261127140000_sweep_trial_sharpes';
import { Migration20261127160000_live_funding } from './Migration20261127160000_live_funding';

/** Applied in this order; listed explicitly so the same migrations run from sources, compiled code and tests. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261121000000_public_strategies', class: Migration20261121000000_public_strategies },
  { name: 'Migration20261121000100_rate_limits', class: Migration20261121000100_rate_limits },
  { name: 'Migration20261121200000_identity', class: Migration20261121200000_identity },
  { name: 'Migration20261121200100_plan_series', class: Migration20261121200100_plan_series },
  { name: 'Migration20261121400000_events_and_webhooks', class: Migration20261121400000_events_and_webhooks },
  { name: 'Migration20261121500000_backtest_jobs', class: Migration20261121500000_backtest_jobs },
  { name: 'Migration20261121600000_strategies', class: Migration20261121600000_strategies },
  { name: 'Migration20261123100000_strategy_orders', class: Migration20261123100000_strategy_orders },
  { name: 'Migration20261123120000_webhook_operations', class: Migration20261123120000_webhook_operations },
  { name: 'Migration20261123130000_backtest_sweeps', class: Migration20261123130000_backtest_sweeps },
  { name: 'Migration20261123150000_webhook_queue_index', class: Migration20261123150000_webhook_queue_index },
  { name: 'Migration20261123160000_backtest_job_strategy', class: Migration20261123160000_backtest_job_strategy },
  { name: 'Migration20261123170000_sweep_loading_progress', class: Migration20261123170000_sweep_loading_progress },
  { name: 'Migration20261123180000_webhook_held_index', class: Migration20261123180000_webhook_held_index },
  { name: 'Migration20261127100000_live_state', class: Migration20261127100000_live_state },
  { name: 'Migration20261127130000_protections', class: Migration20261127130000_protections },
  { name: 'Migration20261127140000_sweep_trial_sharpes', class: Migration20261127140000_sweep_trial_sharpes },
  { name: 'Migration20261127160000_live_funding', class: Migration20261127160000_live_funding },
];
