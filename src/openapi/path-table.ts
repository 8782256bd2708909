import { z } from 'zod';
import { ApiKeyType, CreatedApiKeyType, ExchangeKeyStatusType, SignedAccountType, SignInPayloadType } from '../schema/identity.types';
import { FundingRateHistoryRowType, FundingRateType, LongShortRatioRowType, Ticker24hType, WhaleBoardType } from '../schema/market-data.types';
import { PlanKlineType, PlanRatioRowType } from '../schema/plan-series.types';
import { PublicStrategyType } from '../schema/public-strategy.types';
import { smartMoneyObject } from '../services/market-data/upstream-replies';
import { exchangeMessage, leverageAnswer, orderAnswer } from '../upstream/exchange-trading-client';
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
  /** The exchange's answer, forwarded as it came: the zod schema of that answer. */
  | { exchange: z.ZodType }
  | { empty: true };

/** Error statuses a path answers beyond those of its kind, its input and its path parameters (openapi-document.ts adds those). */
export type PathError =
  /** The request needs the exchange, which failed or did not answer. */
  | 'upstream'
  /** The exchange refused the request: its status and `{code, msg}` body are forwarded. */
  | 'exchange-refusal'
  /** A signed operation on a resource whose state does not allow it (INVALID_STATE, DUPLICATE_URL). */
  | 'conflict'
  /** A pass-through path whose query the service checks before forwarding it (its period, limit). */
  | 'invalid-query'
  /** A public path whose query rule the spec makes 400 rather than 422 (smart-money `timeRange`). */
  | 'bad-request'
  /** A public path that checks a credential of its own (a sign-in token): 401. */
  | 'unauthenticated'
  /** A path without path parameters that can still find nothing (no such symbol, user or key): 404. */
  | 'not-found'
  /** A live deployment without the balance it needs. */
  | 'insufficient-funds';

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
  errors?: PathError[];
}

type PathDetails = Omit<PathDoc, 'summary' | 'tag' | 'auth'>;

const signed = (summary: string, tag: string, rest: PathDetails): PathDoc => ({ summary, tag, auth: 'signed', ...rest });
const publicPath = (summary: string, tag: string, rest: PathDetails): PathDoc => ({ summary, tag, auth: 'public', ...rest });
const bearer = (summary: string, rest: PathDetails): PathDoc => ({ summary, tag: 'Identity', auth: 'bearer', ...rest });
/** A gateway-made market path: built from the exchange's answers, so it fails with the exchange. */
const market = (summary: string, rest: PathDetails): PathDoc => ({
  summary,
  tag: 'Market data',
  auth: 'public',
  ...rest,
  errors: ['upstream', ...(rest.errors ?? [])],
});
/** A body-credential path: the exchange's answer (or refusal) to the call the body's credentials sign. */
const exchangeCall = (summary: string, reply: z.ZodType): PathDoc =>
  publicPath(summary, 'Exchange trading', { body: bodyCredentialSchema, response: { exchange: reply }, errors: ['upstream', 'exchange-refusal'] });

const planSeries = (summary: string, query: z.ZodType, row: RecordType): PathDoc => ({
  summary,
  tag: 'Plan-gated series',
  auth: 'plan-key',
  query,
  response: { list: row },
  errors: ['not-found'],
});

/**
 * Every documented path the service mounts, except the verbatim pass-through
 * market paths (the exchange's bodies, pass-through-replies.ts). A test fails
 * when a mounted route has no entry or an entry no route.
 */
export const PATH_TABLE: Record<string, PathDoc> = {
  'GET /funding/rates': market('Current funding rates of every symbol', { response: { list: FundingRateType } }),
  'GET /funding/rates/:symbol': market("One symbol's current funding rate", { response: { record: FundingRateType } }),
  'GET /funding/rates/:symbol/history': market("One symbol's funding rate history", { query: historyQuery, response: { list: FundingRateHistoryRowType } }),
  'GET /long-short/position-ratio/:symbol': market('Top traders’ long/short position ratio (longPosition/shortPosition)', {
    query: ratioQuerySchema,
    response: { list: LongShortRatioRowType },
  }),
  'GET /long-short/account-ratio/:symbol': market('Top traders’ long/short account ratio (longAccount/shortAccount)', {
    query: ratioQuerySchema,
    response: { list: LongShortRatioRowType },
  }),
  'GET /ticker/24hr/active': market('24h tickers above a quote volume', { query: activeQuery, response: { list: Ticker24hType } }),
  // The exchange's `data` objects with their field names and values unchanged (GraphQL's SmartMoney types name the fields it reads).
  'GET /smart-money/signal/overview': market('Smart-money overview of a symbol', {
    query: overviewQuery,
    response: { exchange: smartMoneyObject },
    errors: ['not-found'],
  }),
  'GET /smart-money/signal/list': market('Smart-money signals', { response: { exchange: z.array(smartMoneyObject) }, errors: ['bad-request'] }),
  'GET /whale-board': market('Whale board: perpetuals ranked by whale positioning', { query: boardQuery, response: { record: WhaleBoardType } }),

  'GET /strategies': publicPath('Public strategy records', 'Public strategies', { response: { list: PublicStrategyType } }),
  'POST /strategies': publicPath('Create a public strategy record', 'Public strategies', {
    body: createPublicStrategySchema,
    response: { record: PublicStrategyType },
  }),
  'GET /strategies/:strategyId': publicPath('One public strategy record', 'Public strategies', { response: { record: PublicStrategyType } }),
  'PUT /strategies/:strategyId': publicPath('Update a public strategy record', 'Public strategies', {
    body: updatePublicStrategySchema,
    response: { record: PublicStrategyType },
  }),
  'DELETE /strategies/:strategyId': publicPath('Delete a public strategy record', 'Public strategies', { response: { empty: true }, status: 204 }),

  'POST /auth/mobile/provider-a': publicPath('Sign in with provider A', 'Identity', {
    body: signInSchema('a'),
    response: { record: SignInPayloadType },
    errors: ['unauthenticated'],
  }),
  'POST /auth/mobile/provider-b': publicPath('Sign in with provider B', 'Identity', {
    body: signInSchema('b'),
    response: { record: SignInPayloadType },
    errors: ['unauthenticated'],
  }),
  'POST /api-key/register': bearer('Register the exchange API key (verified with the exchange first)', {
    body: registerSchema,
    response: { record: ExchangeKeyStatusType },
    errors: ['upstream'],
  }),
  'DELETE /api-key': bearer('Remove the exchange API key', { response: { record: ExchangeKeyStatusType }, errors: ['not-found'] }),
  'POST /api-key/verify': publicPath('Re-check a stored exchange key', 'Identity', {
    body: emailSchema,
    response: { record: ExchangeKeyStatusType },
    errors: ['not-found', 'upstream'],
  }),
  'GET /api-key/status/:email': publicPath('Whether a user has an exchange key', 'Identity', { response: { record: ExchangeKeyStatusType } }),
  'POST /account/api-keys': bearer('Create a service API key; the secret is shown once', { body: createApiKeySchema, response: { record: CreatedApiKeyType } }),
  'GET /account/api-keys': bearer("The user's service API keys", { response: { list: ApiKeyType } }),
  'DELETE /account/api-keys/:apiKey': bearer('Revoke a service API key', { response: { empty: true }, status: 204 }),

  'GET /stock/v1/retailLongShortRatio': planSeries('Stock retail long/short ratio', ratioQuery, PlanRatioRowType),
  'GET /index/v1/topLongShortRatio': planSeries('Index top-trader long/short ratio', ratioQuery, PlanRatioRowType),
  'GET /index/v1/whaleLongShortRatio': planSeries('Index whale long/short ratio', ratioQuery, PlanRatioRowType),
  'GET /stock/v1/klines': planSeries('Stock K-lines', klineQuery, PlanKlineType),
  'GET /index/v1/klines': planSeries('Index K-lines', klineQuery, PlanKlineType),
  'GET /commodity/v1/klines': planSeries('Commodity K-lines', klineQuery, PlanKlineType),

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

  'POST /orders/auth': exchangeCall('Place an exchange order with credentials in the body', orderAnswer),
  'POST /orders/cancel/auth': exchangeCall('Cancel an exchange order', orderAnswer),
  'POST /positions/close/auth': exchangeCall('Close a position at market', orderAnswer),
  'POST /leverage/auth': exchangeCall('Set leverage', leverageAnswer),
  'POST /margin-type/auth': exchangeCall('Set the margin type', exchangeMessage),
};
