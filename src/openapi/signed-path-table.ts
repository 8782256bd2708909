import { SignedAccountType } from '../schema/identity.types';
import { BacktestJobPageType, BacktestJobType, BacktestSweepPageType, BacktestSweepType, BacktestTemplateType } from '../schema/backtest.types';
import { cancelSchema as cancelJobSchema, listSchema as listJobsSchema } from '../services/backtests/backtest-jobs.service';
import { createSchema as createJobSchema } from '../services/backtests/job-config';
import { EQUITY_CSV_COLUMNS, TRADES_CSV_COLUMNS } from '../services/backtests/job-csv';
import { createSchema as createSweepSchema } from '../services/backtests/sweep-config';
import {
  createSchema as createStrategySchema,
  listSchema as listStrategiesSchema,
  updateSchema as updateStrategySchema,
} from '../services/strategies/strategies.service';
import { eventsQuery, positionsQuery } from '../services/strategies/strategy-history';
import { deploySchema, pauseSchema } from '../services/strategies/strategy-runs.service';
import { StrategyEventPageType, StrategyPageType, StrategyPositionPageType, StrategyType } from '../schema/strategy.types';
import {
  createSchema as createWebhookSchema,
  deliveryListSchema,
  listSchema as listWebhooksSchema,
  recoverSchema,
  testSchema,
  updateSchema as updateWebhookSchema,
} from '../services/webhooks/webhook-input';
import {
  CreatedWebhookType,
  RotatedWebhookSecretType,
  WebhookAttemptLogType,
  WebhookDeliveryPageType,
  WebhookDeliveryType,
  WebhookEventTypeType,
  WebhookPageType,
  WebhookRecoveryType,
  WebhookTestResultType,
  WebhookType,
} from '../schema/webhook.types';
import { signed, type PathDoc } from './path-doc';

/** The signed `/v1` API's paths (account, backtests, webhooks, strategies): part of PATH_TABLE (path-table.ts). */
export const SIGNED_PATHS: Record<string, PathDoc> = {
  'GET /v1/account': signed('The signing key and its user', 'Account', { response: { record: SignedAccountType } }),

  'GET /v1/backtest/templates': signed('Strategy templates', 'Backtests', { response: { list: BacktestTemplateType } }),
  'POST /v1/backtest/jobs': signed('Submit a backtest job', 'Backtests', {
    body: createJobSchema,
    response: { record: BacktestJobType },
    errors: ['conflict'],
  }),
  'GET /v1/backtest/jobs': signed("The caller's backtest jobs, newest first", 'Backtests', {
    query: listJobsSchema,
    response: { record: BacktestJobPageType },
  }),
  'GET /v1/backtest/jobs/:id': signed('One backtest job, with its result when done', 'Backtests', { response: { record: BacktestJobType } }),
  'GET /v1/backtest/jobs/:id/trades.csv': signed("A done job's trades as CSV, streamed", 'Backtests', {
    response: { csv: TRADES_CSV_COLUMNS },
    errors: ['conflict'],
  }),
  'GET /v1/backtest/jobs/:id/equity.csv': signed("A done job's daily equity curve as CSV, streamed", 'Backtests', {
    response: { csv: EQUITY_CSV_COLUMNS },
    errors: ['conflict'],
  }),
  'POST /v1/backtest/jobs/:id/cancel': signed('Cancel a queued or running job', 'Backtests', {
    body: cancelJobSchema,
    response: { record: BacktestJobType },
    errors: ['conflict'],
  }),
  'POST /v1/backtest/sweeps': signed('Submit a parameter sweep (optionally walk-forward)', 'Backtests', {
    body: createSweepSchema,
    response: { record: BacktestSweepType },
  }),
  'GET /v1/backtest/sweeps': signed("The caller's sweeps, newest first (rows without result.rows)", 'Backtests', {
    query: listJobsSchema,
    response: { record: BacktestSweepPageType },
  }),
  'GET /v1/backtest/sweeps/:id': signed('One sweep, with its leaderboard', 'Backtests', { response: { record: BacktestSweepType } }),
  'POST /v1/backtest/sweeps/:id/cancel': signed('Cancel a queued or running sweep', 'Backtests', {
    body: cancelJobSchema,
    response: { record: BacktestSweepType },
    errors: ['conflict'],
  }),

  'GET /v1/webhooks/event-types': signed('The event catalogue: each type with a JSON Schema of its data and an example', 'Webhooks', {
    response: { list: WebhookEventTypeType },
  }),
  'POST /v1/webhooks': signed('Register a webhook', 'Webhooks', { body: createWebhookSchema, response: { record: CreatedWebhookType }, errors: ['conflict'] }),
  'GET /v1/webhooks': signed("The caller's webhooks", 'Webhooks', { query: listWebhooksSchema, response: { record: WebhookPageType } }),
  'GET /v1/webhooks/:id': signed('One webhook', 'Webhooks', { response: { record: WebhookType } }),
  'PATCH /v1/webhooks/:id': signed('Change a webhook', 'Webhooks', { body: updateWebhookSchema, response: { record: WebhookType }, errors: ['conflict'] }),
  'DELETE /v1/webhooks/:id': signed('Delete a webhook', 'Webhooks', { response: { empty: true }, status: 204 }),
  'POST /v1/webhooks/:id/test': signed('Send a test event and wait for the first attempt', 'Webhooks', {
    body: testSchema,
    response: { record: WebhookTestResultType },
    errors: ['conflict'],
  }),
  'GET /v1/webhooks/:id/deliveries': signed("A webhook's delivery log, newest first", 'Webhooks', {
    query: deliveryListSchema,
    response: { record: WebhookDeliveryPageType },
  }),
  'GET /v1/webhooks/:id/deliveries/:deliveryId/attempts': signed('Every attempt of one delivery, newest first', 'Webhooks', {
    response: { record: WebhookAttemptLogType },
  }),
  'POST /v1/webhooks/:id/rotate-secret': signed('A new signing secret; the previous one also signs for 24 hours', 'Webhooks', {
    response: { record: RotatedWebhookSecretType },
  }),
  'POST /v1/webhooks/:id/recover': signed('Send again every delivery that failed since a time', 'Webhooks', {
    body: recoverSchema,
    response: { record: WebhookRecoveryType },
    errors: ['conflict'],
  }),
  'POST /v1/webhooks/:id/deliveries/:deliveryId/retry': signed('Send a delivery again', 'Webhooks', {
    response: { record: WebhookDeliveryType },
    errors: ['conflict'],
  }),

  'POST /v1/strategies': signed('Create a strategy (draft)', 'Strategies', { body: createStrategySchema, response: { record: StrategyType } }),
  'GET /v1/strategies': signed("The caller's strategies", 'Strategies', { query: listStrategiesSchema, response: { record: StrategyPageType } }),
  'GET /v1/strategies/:id': signed('One strategy', 'Strategies', { response: { record: StrategyType } }),
  'PATCH /v1/strategies/:id': signed('Change a strategy', 'Strategies', {
    body: updateStrategySchema,
    response: { record: StrategyType },
    errors: ['conflict'],
  }),
  'DELETE /v1/strategies/:id': signed('Delete (stop) a strategy', 'Strategies', { response: { record: StrategyType }, errors: ['conflict'] }),
  'POST /v1/strategies/:id/deploy': signed('Deploy a strategy (live or dry run)', 'Strategies', {
    body: deploySchema,
    response: { record: StrategyType },
    errors: ['conflict', 'insufficient-funds'],
  }),
  'POST /v1/strategies/:id/pause': signed('Pause a deployed strategy', 'Strategies', {
    body: pauseSchema,
    response: { record: StrategyType },
    errors: ['conflict'],
  }),
  'GET /v1/strategies/:id/positions': signed("A strategy's positions, newest first", 'Strategies', {
    query: positionsQuery,
    response: { record: StrategyPositionPageType },
  }),
  'GET /v1/strategies/:id/events': signed("A strategy's stored events, oldest first", 'Strategies', {
    query: eventsQuery,
    response: { record: StrategyEventPageType },
  }),
};
