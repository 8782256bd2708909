import { z } from 'zod';
import { ApiKeyType, CreatedApiKeyType, ExchangeKeyStatusType, SignInPayloadType } from '../schema/identity.types';
import { FundingRateHistoryRowType, FundingRateType, LongShortRatioRowType, Ticker24hType, WhaleBoardType } from '../schema/market-data.types';
import { PlanKlineType, PlanRatioRowType } from '../schema/plan-series.types';
import { PublicStrategyType } from '../schema/public-strategy.types';
import { smartMoneyObject } from '../services/market-data/upstream-replies';
import { exchangeMessage, leverageAnswer, orderAnswer } from '../upstream/exchange-trading-client';
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
import { bearer, exchangeCall, market, planSeries, publicPath, type PathDoc } from './path-doc';
import { SIGNED_PATHS } from './signed-path-table';

export type { PathAuth, PathDoc, PathError } from './path-doc';

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

  ...SIGNED_PATHS,
  'POST /orders/auth': exchangeCall('Place an exchange order with credentials in the body', orderAnswer),
  'POST /orders/cancel/auth': exchangeCall('Cancel an exchange order', orderAnswer),
  'POST /positions/close/auth': exchangeCall('Close a position at market', orderAnswer),
  'POST /leverage/auth': exchangeCall('Set leverage', leverageAnswer),
  'POST /margin-type/auth': exchangeCall('Set the margin type', exchangeMessage),
};
