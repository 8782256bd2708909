import type { z } from 'zod';
import { BacktestJobPageType, BacktestJobType, BacktestSweepPageType, BacktestSweepType, BacktestTemplateType } from '../schema/backtest.types';
import { cancelSchema as cancelJobSchema, listSchema as listJobsSchema } from '../services/backtests/backtest-jobs.service';
import { createSchema as createJobSchema } from '../services/backtests/job-config';
import { createSchema as createSweepSchema } from '../services/backtests/sweep-config';
import { createSchema as createApiKeySchema } from '../services/identity/api-keys.service';
import { emailSchema, registerSchema } from '../services/identity/exchange-keys.service';
import { signInSchema } from '../services/identity/users.service';
import { historyQuery } from '../services/market-data/funding.service';
import { ratioQuerySchema } from '../services/market-data/query';
import { overviewQuery } from '../services/market-data/smart-money.service';
import { activeQuery } from '../services/market-data/tickers.service';
import { boardQuery } from '../services/market-data/whale-board.service';
import { klineQuery, ratioQuery } from '../services/plans/plan-series.service';
import {
  createSchema as createPublicStrategySchema,
  updateSchema as updatePublicStrategySchema,
} from '../services/public-strategies/public-strategies.service';
import {
  createSchema as createStrategySchema,
  listSchema as listStrategiesSchema,
  updateSchema as updateStrategySchema,
} from '../services/strategies/strategies.service';
import { eventsQuery, positionsQuery } from '../services/strategies/strategy-history';
import { deploySchema, pauseSchema } from '../services/strategies/strategy-runs.service';
import { StrategyEventPageType, StrategyPageType, StrategyPositionPageType, StrategyType } from '../schema/strategy.types';
import { bodySchema as bodyCredentialSchema } from '../services/trading/body-credential-trading.service';
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
import type { RecordType } from './record-schemas';

/** How a path authenticates; routes mounted on an operation say it themselves, and their entry's `auth` must agree. */
export type PathAuth = 'public' | 'bearer' | 'plan-key' | 'signed';

export type PathResponse =
  /** The wire record of a GraphQL object type declared over it. */
  | { record: RecordType }
  | { list: RecordType }
  /** A JSON answer whose record type is not declared over the wire shape yet; described in words. */
  | { json: string }
  | { empty: true };

/** What the reference says about one `METHOD /express/path`, beside what the route itself tells (its operation's rule). */
export interface PathDoc {
  summary: string;
  tag: string;
  auth: PathAuth;
  /** The zod schema the service validates the query with. */
  query?: z.ZodType;
  /** The zod schema the service validates the body with. */
  body?: z.ZodType;
  response: PathResponse;
  status?: number;
}

const signed = (summary: string, tag: string, rest: Omit<PathDoc, 'summary' | 'tag' | 'auth'>): PathDoc => ({ summary, tag, auth: 'signed', ...rest });
const publicPath = (summary: string, tag: string, rest: Omit<PathDoc, 'summary' | 'tag' | 'auth'>): PathDoc => ({ summary, tag, auth: 'public', ...rest });

const planSeries = (summary: string, query: z.ZodType): PathDoc => ({
  summary,
  tag: 'Plan-gated series',
  auth: 'plan-key',
  query,
  response: { json: 'Rows of the series, oldest first.' },
});

/**
 * Every documented path the service mounts, except the verbatim pass-through
 * market paths (the upstream's bodies, listed from the service itself). A
 * test fails when a mounted route has no entry or an entry no route.
 */
export const PATH_TABLE: Record<string, PathDoc> = {
  'GET /funding/rates': publicPath('Current funding rates of every symbol', 'Market data', { response: { json: 'Funding rate rows.' } }),
  'GET /funding/rates/:symbol': publicPath("One symbol's current funding rate", 'Market data', { response: { json: 'A funding rate row.' } }),
  'GET /funding/rates/:symbol/history': publicPath("One symbol's funding rate history", 'Market data', {
    query: historyQuery,
    response: { json: 'Funding rate rows.' },
  }),
  'GET /long-short/position-ratio/:symbol': publicPath('Top traders’ long/short position ratio', 'Market data', {
    query: ratioQuerySchema,
    response: { json: 'Ratio rows.' },
  }),
  'GET /long-short/account-ratio/:symbol': publicPath('Top traders’ long/short account ratio', 'Market data', {
    query: ratioQuerySchema,
    response: { json: 'Ratio rows.' },
  }),
  'GET /ticker/24hr/active': publicPath('24h tickers above a quote volume', 'Market data', { query: activeQuery, response: { json: 'Ticker rows.' } }),
  'GET /smart-money/signal/overview': publicPath('Smart-money overview of a symbol', 'Market data', {
    query: overviewQuery,
    response: { json: 'The upstream data object.' },
  }),
  'GET /smart-money/signal/list': publicPath('Smart-money signals', 'Market data', { response: { json: 'The upstream data objects.' } }),
  'GET /whale-board': publicPath('Whale board: perpetuals ranked by whale positioning', 'Market data', {
    query: boardQuery,
    response: { json: 'Whale board rows.' },
  }),

  'GET /strategies': publicPath('Public strategy records', 'Public strategies', { response: { json: 'Strategy records.' } }),
  'POST /strategies': publicPath('Create a public strategy record', 'Public strategies', {
    body: createPublicStrategySchema,
    response: { json: 'The record.' },
  }),
  'GET /strategies/:strategyId': publicPath('One public strategy record', 'Public strategies', { response: { json: 'The record.' } }),
  'PUT /strategies/:strategyId': publicPath('Update a public strategy record', 'Public strategies', {
    body: updatePublicStrategySchema,
    response: { json: 'The record.' },
  }),
  'DELETE /strategies/:strategyId': publicPath('Delete a public strategy record', 'Public strategies', { response: { empty: true }, status: 204 }),

  'POST /auth/mobile/provider-a': publicPath('Sign in with provider A', 'Identity', { body: signInSchema('a'), response: { json: '{access_token, user}' } }),
  'POST /auth/mobile/provider-b': publicPath('Sign in with provider B', 'Identity', { body: signInSchema('b'), response: { json: '{access_token, user}' } }),
  'POST /api-key/register': {
    summary: 'Register the exchange API key',
    tag: 'Identity',
    auth: 'bearer',
    body: registerSchema,
    response: { json: '{success, message, email, has_api_key}' },
  },
  'DELETE /api-key': { summary: 'Remove the exchange API key', tag: 'Identity', auth: 'bearer', response: { json: '{success, message, email, has_api_key}' } },
  'POST /api-key/verify': publicPath('Re-check a stored exchange key', 'Identity', { body: emailSchema, response: { json: '{success, message, ...}' } }),
  'GET /api-key/status/:email': publicPath('Whether a user has an exchange key', 'Identity', { response: { json: 'The key status.' } }),
  'POST /account/api-keys': {
    summary: 'Create a service API key',
    tag: 'Identity',
    auth: 'bearer',
    body: createApiKeySchema,
    response: { json: '{api_key, api_secret, scopes, created_at}; the secret is shown once.' },
  },
  'GET /account/api-keys': {
    summary: "The user's service API keys",
    tag: 'Identity',
    auth: 'bearer',
    response: { json: '[{api_key, label, scopes, created_at}]' },
  },
  'DELETE /account/api-keys/:apiKey': { summary: 'Revoke a service API key', tag: 'Identity', auth: 'bearer', response: { empty: true }, status: 204 },

  'GET /stock/v1/retailLongShortRatio': planSeries('Stock retail long/short ratio', ratioQuery),
  'GET /index/v1/topLongShortRatio': planSeries('Index top-trader long/short ratio', ratioQuery),
  'GET /index/v1/whaleLongShortRatio': planSeries('Index whale long/short ratio', ratioQuery),
  'GET /stock/v1/klines': planSeries('Stock K-lines', klineQuery),
  'GET /index/v1/klines': planSeries('Index K-lines', klineQuery),
  'GET /commodity/v1/klines': planSeries('Commodity K-lines', klineQuery),

  'GET /v1/account': signed('The signing key and its user', 'Account', { response: { json: '{user_id, api_key, label, scopes}' } }),

  'GET /v1/backtest/templates': signed('Strategy templates', 'Backtests', { response: { list: BacktestTemplateType } }),
  'POST /v1/backtest/jobs': signed('Submit a backtest job', 'Backtests', { body: createJobSchema, response: { record: BacktestJobType } }),
  'GET /v1/backtest/jobs': signed("The caller's backtest jobs, newest first", 'Backtests', {
    query: listJobsSchema,
    response: { record: BacktestJobPageType },
  }),
  'GET /v1/backtest/jobs/:id': signed('One backtest job, with its result when done', 'Backtests', { response: { record: BacktestJobType } }),
  'POST /v1/backtest/jobs/:id/cancel': signed('Cancel a queued or running job', 'Backtests', { body: cancelJobSchema, response: { record: BacktestJobType } }),
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
  }),

  'GET /v1/webhooks/event-types': signed('The event catalogue: each type with a JSON Schema of its data and an example', 'Webhooks', {
    response: { list: WebhookEventTypeType },
  }),
  'POST /v1/webhooks': signed('Register a webhook', 'Webhooks', { body: createWebhookSchema, response: { record: CreatedWebhookType } }),
  'GET /v1/webhooks': signed("The caller's webhooks", 'Webhooks', { query: listWebhooksSchema, response: { record: WebhookPageType } }),
  'GET /v1/webhooks/:id': signed('One webhook', 'Webhooks', { response: { record: WebhookType } }),
  'PATCH /v1/webhooks/:id': signed('Change a webhook', 'Webhooks', { body: updateWebhookSchema, response: { record: WebhookType } }),
  'DELETE /v1/webhooks/:id': signed('Delete a webhook', 'Webhooks', { response: { empty: true }, status: 204 }),
  'POST /v1/webhooks/:id/test': signed('Send a test event and wait for the first attempt', 'Webhooks', {
    body: testSchema,
    response: { record: WebhookTestResultType },
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
  }),
  'POST /v1/webhooks/:id/deliveries/:deliveryId/retry': signed('Send a delivery again', 'Webhooks', { response: { record: WebhookDeliveryType } }),

  'POST /v1/strategies': signed('Create a strategy (draft)', 'Strategies', { body: createStrategySchema, response: { record: StrategyType } }),
  'GET /v1/strategies': signed("The caller's strategies", 'Strategies', { query: listStrategiesSchema, response: { record: StrategyPageType } }),
  'GET /v1/strategies/:id': signed('One strategy', 'Strategies', { response: { record: StrategyType } }),
  'PATCH /v1/strategies/:id': signed('Change a strategy', 'Strategies', { body: updateStrategySchema, response: { record: StrategyType } }),
  'DELETE /v1/strategies/:id': signed('Delete (stop) a strategy', 'Strategies', { response: { record: StrategyType } }),
  'POST /v1/strategies/:id/deploy': signed('Deploy a strategy (live or dry run)', 'Strategies', { body: deploySchema, response: { record: StrategyType } }),
  'POST /v1/strategies/:id/pause': signed('Pause a deployed strategy', 'Strategies', { body: pauseSchema, response: { record: StrategyType } }),
  'GET /v1/strategies/:id/positions': signed("A strategy's positions, newest first", 'Strategies', {
    query: positionsQuery,
    response: { record: StrategyPositionPageType },
  }),
  'GET /v1/strategies/:id/events': signed("A strategy's stored events, oldest first", 'Strategies', {
    query: eventsQuery,
    response: { record: StrategyEventPageType },
  }),

  'POST /orders/auth': publicPath('Place an exchange order with credentials in the body', 'Exchange trading', {
    body: bodyCredentialSchema,
    response: { json: "The exchange's answer." },
  }),
  'POST /orders/cancel/auth': publicPath('Cancel an exchange order', 'Exchange trading', {
    body: bodyCredentialSchema,
    response: { json: "The exchange's answer." },
  }),
  'POST /positions/close/auth': publicPath('Close a position at market', 'Exchange trading', {
    body: bodyCredentialSchema,
    response: { json: "The exchange's answer." },
  }),
  'POST /leverage/auth': publicPath('Set leverage', 'Exchange trading', { body: bodyCredentialSchema, response: { json: "The exchange's answer." } }),
  'POST /margin-type/auth': publicPath('Set the margin type', 'Exchange trading', { body: bodyCredentialSchema, response: { json: "The exchange's answer." } }),
};
