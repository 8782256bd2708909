/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Why a backtest trade ended (contract §18). */
export type BacktestExitReason =
  | 'end'
  | 'liquidation'
  | 'protection'
  | 'signal'
  | 'stop_loss'
  | 'take_profit'
  | 'trailing_stop';

/** The status of a backtest job or sweep. */
export type BacktestJobStatus =
  | 'cancelled'
  | 'done'
  | 'failed'
  | 'queued'
  | 'running';

export type BacktestWalkForwardInput = {
  testDays: number;
  trainDays: number;
};

/** Why a position closed (contract §11). */
export type CloseReason =
  | 'external'
  | 'liquidation'
  | 'manual'
  | 'pause'
  | 'protection'
  | 'signal'
  | 'stop_loss'
  | 'take_profit'
  | 'trailing_stop';

export type CreateApiKeyInput = {
  /** At most 100 characters. */
  label?: string | null | undefined;
  /** Known scopes: webhooks:write. */
  scopes?: Array<string> | null | undefined;
};

/** The fields of POST /v1/backtest/jobs. */
export type CreateBacktestJobInput = {
  /** Required unless strategyId gives it. */
  capital?: string | null | undefined;
  end: string;
  feeBps?: string | null | undefined;
  feeModel?: FeeModel | null | undefined;
  leverage?: number | null | undefined;
  /** Required unless strategyId gives it. */
  params?: unknown;
  /** Decimal string, default 0. */
  slippageBps?: string | null | undefined;
  start: string;
  /** A signed-API strategy whose config is the base that the other fields override. */
  strategyId?: string | null | undefined;
  /** Required unless strategyId gives it. */
  symbols?: Array<string> | null | undefined;
  /** Required unless strategyId gives it. */
  templateId?: TemplateId | null | undefined;
  /** Required unless strategyId gives it. */
  timeframe?: Timeframe | null | undefined;
};

/** The fields of POST /v1/backtest/sweeps. */
export type CreateBacktestSweepInput = {
  capital: string;
  end: string;
  feeBps?: string | null | undefined;
  feeModel?: FeeModel | null | undefined;
  leverage?: number | null | undefined;
  /** Default sharpe. */
  objective?: SweepObjective | null | undefined;
  /** Per parameter: a value, a list of values, or {from, to, step} (inclusive). */
  params: unknown;
  slippageBps?: string | null | undefined;
  start: string;
  symbols: Array<string>;
  templateId: TemplateId;
  timeframe: Timeframe;
  /** 1-100, default 20. */
  top?: number | null | undefined;
  walkForward?: BacktestWalkForwardInput | null | undefined;
};

export type CreatePublicStrategyInput = {
  author?: string | null | undefined;
  botName?: string | null | undefined;
  description?: string | null | undefined;
  entryCondition?: string | null | undefined;
  exitCondition?: string | null | undefined;
  /** 1 to 200 characters. */
  name: string;
};

export type CreateSignedStrategyInput = {
  /** Decimal string. */
  capital: string;
  leverage?: number | null | undefined;
  name: string;
  params?: unknown;
  /** Decimal string, default 0. */
  slippageBps?: string | null | undefined;
  symbols: Array<string>;
  templateId: TemplateId;
  timeframe: Timeframe;
};

export type CreateWebhookInput = {
  balanceLowThreshold?: string | null | undefined;
  description?: string | null | undefined;
  events: Array<string>;
  url: string;
};

/** Overrides for this run only; never stored on the strategy. */
export type DeployStrategyInput = {
  capital?: string | null | undefined;
  /** Default false: live orders with the registered exchange key. */
  dryRun?: boolean | null | undefined;
  leverage?: number | null | undefined;
};

/** The body-credential REST endpoints: /orders/auth, /orders/cancel/auth, /positions/close/auth, /leverage/auth, /margin-type/auth. */
export type ExchangeAction =
  | 'cancelOrder'
  | 'closePosition'
  | 'placeOrder'
  | 'setLeverage'
  | 'setMarginType';

export type FeeModel =
  | 'fixed_bps'
  | 'match_exchange'
  | 'none'
  | 'tiered_maker_taker';

/** A: the first identity provider, B: the second. */
export type IdentityProvider =
  | 'A'
  | 'B';

/** open: still open; closed: a trade. */
export type PositionStatus =
  | 'closed'
  | 'open';

/** A contract §19 rule that halts a run. */
export type ProtectionReason =
  | 'daily_loss'
  | 'max_drawdown';

/** The series of /stock/v1/retailLongShortRatio, /index/v1/topLongShortRatio, /index/v1/whaleLongShortRatio. */
export type RatioSeriesKind =
  | 'INDEX_TOP'
  | 'INDEX_WHALE'
  | 'STOCK_RETAIL';

export type RegisterExchangeKeyInput = {
  apiKey: string;
  apiSecret: string;
};

export type SeriesMarket =
  | 'COMMODITY'
  | 'INDEX'
  | 'STOCK';

export type SignedStrategyStatus =
  | 'deployed'
  | 'draft'
  | 'error'
  | 'paused'
  | 'stopped';

/** A metric a sweep ranks its combinations by (contract §13). */
export type SweepObjective =
  | 'avg_trade_duration_seconds'
  | 'cagr'
  | 'calmar'
  | 'expected_value'
  | 'max_drawdown'
  | 'profit_factor'
  | 'sharpe'
  | 'sortino'
  | 'total_trades'
  | 'win_rate';

/** A strategy template of the catalogue (backtestTemplates). */
export type TemplateId =
  | 'bollinger_breakout'
  | 'donchian_breakout'
  | 'ema_cross'
  | 'expression'
  | 'macd_trend'
  | 'rsi_reversion'
  | 'sma_cross';

/** Candle timeframes; the wire (REST) strings are M1 = 1m, M5 = 5m, M15 = 15m, H1 = 1h, H4 = 4h, D1 = 1d. */
export type Timeframe =
  | 'D1'
  | 'H1'
  | 'H4'
  | 'M1'
  | 'M5'
  | 'M15';

/** Fields of a public strategy that may change; omitted or null fields are left unchanged. */
export type UpdatePublicStrategyInput = {
  author?: string | null | undefined;
  botName?: string | null | undefined;
  description?: string | null | undefined;
  entryCondition?: string | null | undefined;
  exitCondition?: string | null | undefined;
};

export type UpdateSignedStrategyInput = {
  capital?: string | null | undefined;
  leverage?: number | null | undefined;
  name?: string | null | undefined;
  params?: unknown;
  slippageBps?: string | null | undefined;
  symbols?: Array<string> | null | undefined;
  timeframe?: Timeframe | null | undefined;
};

export type UpdateWebhookInput = {
  balanceLowThreshold?: string | null | undefined;
  description?: string | null | undefined;
  events?: Array<string> | null | undefined;
  /** active or paused. */
  status?: WebhookStatus | null | undefined;
  url?: string | null | undefined;
};

/** sending: an attempt is under way. */
export type WebhookDeliveryStatus =
  | 'delivered'
  | 'failed'
  | 'held'
  | 'pending'
  | 'sending';

export type WebhookStatus =
  | 'active'
  | 'broken'
  | 'paused';

export type BacktestSweepFieldsFragment = { id: string, status: BacktestJobStatus, combinations: number, skipped: number, submittedAt: string, startedAt: string | null, finishedAt: string | null, progress: number, config: { templateId: TemplateId, params: unknown, symbols: Array<string>, timeframe: Timeframe, capital: string, slippageBps: string, objective: SweepObjective, top: number, walkForward: { trainDays: number, testDays: number } | null }, result: { objective: SweepObjective, rows: Array<{ params: unknown, metrics: { sharpe: string, cagr: string, totalTrades: number } }> | null, walkForward: { windows: Array<{ trainStart: string, trainEnd: string, testStart: string, testEnd: string, params: unknown, trainMetrics: { sharpe: string }, testMetrics: { sharpe: string, totalTrades: number } }>, oosMetrics: { sharpe: string, totalTrades: number } } | null } | null, error: { code: string, message: string } | null };

export type CreateBacktestSweepMutationVariables = Exact<{
  input: CreateBacktestSweepInput;
}>;


export type CreateBacktestSweepMutation = { createBacktestSweep: { id: string, status: BacktestJobStatus, combinations: number, skipped: number, submittedAt: string, startedAt: string | null, finishedAt: string | null, progress: number, config: { templateId: TemplateId, params: unknown, symbols: Array<string>, timeframe: Timeframe, capital: string, slippageBps: string, objective: SweepObjective, top: number, walkForward: { trainDays: number, testDays: number } | null }, result: { objective: SweepObjective, rows: Array<{ params: unknown, metrics: { sharpe: string, cagr: string, totalTrades: number } }> | null, walkForward: { windows: Array<{ trainStart: string, trainEnd: string, testStart: string, testEnd: string, params: unknown, trainMetrics: { sharpe: string }, testMetrics: { sharpe: string, totalTrades: number } }>, oosMetrics: { sharpe: string, totalTrades: number } } | null } | null, error: { code: string, message: string } | null } };

export type BacktestSweepQueryVariables = Exact<{
  id: string | number;
}>;


export type BacktestSweepQuery = { backtestSweep: { id: string, status: BacktestJobStatus, combinations: number, skipped: number, submittedAt: string, startedAt: string | null, finishedAt: string | null, progress: number, config: { templateId: TemplateId, params: unknown, symbols: Array<string>, timeframe: Timeframe, capital: string, slippageBps: string, objective: SweepObjective, top: number, walkForward: { trainDays: number, testDays: number } | null }, result: { objective: SweepObjective, rows: Array<{ params: unknown, metrics: { sharpe: string, cagr: string, totalTrades: number } }> | null, walkForward: { windows: Array<{ trainStart: string, trainEnd: string, testStart: string, testEnd: string, params: unknown, trainMetrics: { sharpe: string }, testMetrics: { sharpe: string, totalTrades: number } }>, oosMetrics: { sharpe: string, totalTrades: number } } | null } | null, error: { code: string, message: string } | null } };

export type BacktestSweepsQueryVariables = Exact<{
  status?: BacktestJobStatus | null | undefined;
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
}>;


export type BacktestSweepsQuery = { backtestSweeps: { nextCursor: string | null, data: Array<{ id: string, status: BacktestJobStatus, combinations: number, skipped: number, submittedAt: string, startedAt: string | null, finishedAt: string | null, progress: number, config: { templateId: TemplateId, params: unknown, symbols: Array<string>, timeframe: Timeframe, capital: string, slippageBps: string, objective: SweepObjective, top: number, walkForward: { trainDays: number, testDays: number } | null }, result: { objective: SweepObjective, rows: Array<{ params: unknown, metrics: { sharpe: string, cagr: string, totalTrades: number } }> | null, walkForward: { windows: Array<{ trainStart: string, trainEnd: string, testStart: string, testEnd: string, params: unknown, trainMetrics: { sharpe: string }, testMetrics: { sharpe: string, totalTrades: number } }>, oosMetrics: { sharpe: string, totalTrades: number } } | null } | null, error: { code: string, message: string } | null }> } };

export type CancelBacktestSweepMutationVariables = Exact<{
  id: string | number;
  reason?: string | null | undefined;
}>;


export type CancelBacktestSweepMutation = { cancelBacktestSweep: { id: string, status: BacktestJobStatus, combinations: number, skipped: number, submittedAt: string, startedAt: string | null, finishedAt: string | null, progress: number, config: { templateId: TemplateId, params: unknown, symbols: Array<string>, timeframe: Timeframe, capital: string, slippageBps: string, objective: SweepObjective, top: number, walkForward: { trainDays: number, testDays: number } | null }, result: { objective: SweepObjective, rows: Array<{ params: unknown, metrics: { sharpe: string, cagr: string, totalTrades: number } }> | null, walkForward: { windows: Array<{ trainStart: string, trainEnd: string, testStart: string, testEnd: string, params: unknown, trainMetrics: { sharpe: string }, testMetrics: { sharpe: string, totalTrades: number } }>, oosMetrics: { sharpe: string, totalTrades: number } } | null } | null, error: { code: string, message: string } | null } };

export type WatchBacktestSweepSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type WatchBacktestSweepSubscription = { backtestSweep: { id: string, status: BacktestJobStatus, combinations: number, skipped: number, submittedAt: string, startedAt: string | null, finishedAt: string | null, progress: number, config: { templateId: TemplateId, params: unknown, symbols: Array<string>, timeframe: Timeframe, capital: string, slippageBps: string, objective: SweepObjective, top: number, walkForward: { trainDays: number, testDays: number } | null }, result: { objective: SweepObjective, rows: Array<{ params: unknown, metrics: { sharpe: string, cagr: string, totalTrades: number } }> | null, walkForward: { windows: Array<{ trainStart: string, trainEnd: string, testStart: string, testEnd: string, params: unknown, trainMetrics: { sharpe: string }, testMetrics: { sharpe: string, totalTrades: number } }>, oosMetrics: { sharpe: string, totalTrades: number } } | null } | null, error: { code: string, message: string } | null } };

export type BacktestJobFieldsFragment = { id: string, status: BacktestJobStatus, submittedAt: string, startedAt: string | null, finishedAt: string | null, progress: number, config: { templateId: TemplateId, params: unknown, symbols: Array<string>, timeframe: Timeframe, start: string, end: string, capital: string, leverage: number, feeModel: FeeModel, feeBps: string | null }, result: { metrics: { sharpe: string, maxDrawdown: string, totalTrades: number }, equityCurve: Array<{ time: string, equity: string }> | null, trades: Array<{ id: number, pnl: string }> | null } | null, error: { code: string, message: string } | null };

export type BacktestTemplatesQueryVariables = Exact<{ [key: string]: never; }>;


export type BacktestTemplatesQuery = { backtestTemplates: Array<{ id: TemplateId, name: string, paramsSchema: unknown, minCapital: string }> };

export type BacktestJobsQueryVariables = Exact<{
  status?: BacktestJobStatus | null | undefined;
  templateId?: TemplateId | null | undefined;
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
}>;


export type BacktestJobsQuery = { backtestJobs: { nextCursor: string | null, data: Array<{ id: string, status: BacktestJobStatus, submittedAt: string, startedAt: string | null, finishedAt: string | null, progress: number, config: { templateId: TemplateId, params: unknown, symbols: Array<string>, timeframe: Timeframe, start: string, end: string, capital: string, leverage: number, feeModel: FeeModel, feeBps: string | null }, result: { metrics: { sharpe: string, maxDrawdown: string, totalTrades: number }, equityCurve: Array<{ time: string, equity: string }> | null, trades: Array<{ id: number, pnl: string }> | null } | null, error: { code: string, message: string } | null }> } };

export type BacktestJobQueryVariables = Exact<{
  id: string | number;
}>;


export type BacktestJobQuery = { backtestJob: { id: string, status: BacktestJobStatus, submittedAt: string, startedAt: string | null, finishedAt: string | null, progress: number, config: { templateId: TemplateId, params: unknown, symbols: Array<string>, timeframe: Timeframe, start: string, end: string, capital: string, leverage: number, feeModel: FeeModel, feeBps: string | null }, result: { metrics: { sharpe: string, maxDrawdown: string, totalTrades: number }, equityCurve: Array<{ time: string, equity: string }> | null, trades: Array<{ id: number, pnl: string }> | null } | null, error: { code: string, message: string } | null } };

export type CreateBacktestJobMutationVariables = Exact<{
  input: CreateBacktestJobInput;
}>;


export type CreateBacktestJobMutation = { createBacktestJob: { id: string, status: BacktestJobStatus, submittedAt: string, startedAt: string | null, finishedAt: string | null, progress: number, config: { templateId: TemplateId, params: unknown, symbols: Array<string>, timeframe: Timeframe, start: string, end: string, capital: string, leverage: number, feeModel: FeeModel, feeBps: string | null }, result: { metrics: { sharpe: string, maxDrawdown: string, totalTrades: number }, equityCurve: Array<{ time: string, equity: string }> | null, trades: Array<{ id: number, pnl: string }> | null } | null, error: { code: string, message: string } | null } };

export type CancelBacktestJobMutationVariables = Exact<{
  id: string | number;
  reason?: string | null | undefined;
}>;


export type CancelBacktestJobMutation = { cancelBacktestJob: { id: string, status: BacktestJobStatus, submittedAt: string, startedAt: string | null, finishedAt: string | null, progress: number, config: { templateId: TemplateId, params: unknown, symbols: Array<string>, timeframe: Timeframe, start: string, end: string, capital: string, leverage: number, feeModel: FeeModel, feeBps: string | null }, result: { metrics: { sharpe: string, maxDrawdown: string, totalTrades: number }, equityCurve: Array<{ time: string, equity: string }> | null, trades: Array<{ id: number, pnl: string }> | null } | null, error: { code: string, message: string } | null } };

export type WatchBacktestJobSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type WatchBacktestJobSubscription = { backtestJob: { id: string, status: BacktestJobStatus, progress: number, result: { metrics: { totalTrades: number } } | null } };

export type BacktestJobsWithStrategyQueryVariables = Exact<{
  limit?: number | null | undefined;
}>;


export type BacktestJobsWithStrategyQuery = { backtestJobs: { data: Array<{ id: string, strategy: { id: string, name: string } | null }> } };

export type WatchBacktestJobStrategySubscriptionVariables = Exact<{
  id: string | number;
}>;


export type WatchBacktestJobStrategySubscription = { backtestJob: { id: string, status: BacktestJobStatus, strategy: { id: string, status: SignedStrategyStatus } | null } };

export type ValidateStrategyExpressionQueryVariables = Exact<{
  entry: string;
  exit: string;
  params?: unknown;
}>;


export type ValidateStrategyExpressionQuery = { validateStrategyExpression: { valid: boolean, parameters: Array<string>, warmupBars: number | null } };

export type BacktestJobReportQueryVariables = Exact<{
  id: string | number;
}>;


export type BacktestJobReportQuery = { backtestJob: { id: string, result: { trades: Array<{ id: number, funding: string, exitReason: BacktestExitReason, mae: string, mfe: string }> | null } | null, report: { summary: { totalReturn: string, buyAndHoldReturn: string, exposure: string, totalFees: string, totalFunding: string, longTrades: number, shortTrades: number, bestTrade: string, worstTrade: string, avgTradeDurationS: number, maxConsecutiveWins: number, maxConsecutiveLosses: number }, perSymbol: Array<{ symbol: string, trades: number, winRate: string, pnl: string, fees: string, funding: string }>, monthlyReturns: Array<{ month: string, return: string }>, drawdowns: Array<{ peakTime: string, troughTime: string, recoveryTime: string | null, depth: string }> } | null } };

export type SignInMutationVariables = Exact<{
  provider: IdentityProvider;
  token: string;
}>;


export type SignInMutation = { signIn: { accessToken: string, user: { id: number, email: string, name: string, providerAId: string | null, providerBId: string | null, isVip: boolean, vipExpiresAt: string | null, createdAt: string, updatedAt: string } } };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: number, email: string, providerAId: string | null, providerBId: string | null } };

export type ApiKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type ApiKeysQuery = { apiKeys: Array<{ apiKey: string, label: string, scopes: Array<string>, createdAt: string }> };

export type CreateApiKeyMutationVariables = Exact<{
  input?: CreateApiKeyInput | null | undefined;
}>;


export type CreateApiKeyMutation = { createApiKey: { apiKey: string, apiSecret: string, scopes: Array<string>, createdAt: string } };

export type RevokeApiKeyMutationVariables = Exact<{
  apiKey: string;
}>;


export type RevokeApiKeyMutation = { revokeApiKey: boolean };

export type RegisterExchangeKeyMutationVariables = Exact<{
  input: RegisterExchangeKeyInput;
}>;


export type RegisterExchangeKeyMutation = { registerExchangeKey: { success: boolean, hasApiKey: boolean } };

export type ExchangeKeyStatusQueryVariables = Exact<{
  email: string;
}>;


export type ExchangeKeyStatusQuery = { exchangeKeyStatus: { success: boolean, message: string, email: string, hasApiKey: boolean, verificationStatus: string | null, lastVerified: string | null, createdAt: string | null, isActive: boolean | null } };

export type PlanLongShortRatioQueryVariables = Exact<{
  series: RatioSeriesKind;
  symbol: string;
  period?: string | null | undefined;
  limit?: number | null | undefined;
}>;


export type PlanLongShortRatioQuery = { planLongShortRatio: Array<{ symbol: string, longShortRatio: string, longAccount: string, shortAccount: string, timestamp: number }> };

export type PlanKlinesQueryVariables = Exact<{
  market: SeriesMarket;
  symbol: string;
  interval?: string | null | undefined;
  limit?: number | null | undefined;
}>;


export type PlanKlinesQuery = { planKlines: Array<{ openTime: number, open: string, high: string, low: string, close: string, volume: string, closeTime: number }> };

export type FundingRateFieldsFragment = { symbol: string, fundingRate: string, markPrice: string, indexPrice: string, nextFundingTime: unknown, time: unknown };

export type FundingRatesQueryVariables = Exact<{ [key: string]: never; }>;


export type FundingRatesQuery = { fundingRates: Array<{ symbol: string, fundingRate: string, markPrice: string, indexPrice: string, nextFundingTime: unknown, time: unknown }> };

export type FundingRateQueryVariables = Exact<{
  symbol: string;
}>;


export type FundingRateQuery = { fundingRate: { symbol: string, fundingRate: string, markPrice: string, indexPrice: string, nextFundingTime: unknown, time: unknown } | null };

export type FundingRateHistoryQueryVariables = Exact<{
  symbol: string;
  startTime?: unknown;
  endTime?: unknown;
  limit?: number | null | undefined;
}>;


export type FundingRateHistoryQuery = { fundingRateHistory: Array<{ symbol: string, fundingTime: unknown, fundingRate: string, markPrice: string }> };

export type LongShortRatioFieldsFragment = { symbol: string, longShortRatio: string, longPosition: string | null, shortPosition: string | null, longAccount: string | null, shortAccount: string | null, timestamp: unknown };

export type PositionRatioQueryVariables = Exact<{
  symbol: string;
  period?: string | null | undefined;
  limit?: number | null | undefined;
}>;


export type PositionRatioQuery = { positionRatio: Array<{ symbol: string, longShortRatio: string, longPosition: string | null, shortPosition: string | null, longAccount: string | null, shortAccount: string | null, timestamp: unknown }> };

export type AccountRatioQueryVariables = Exact<{
  symbol: string;
  period?: string | null | undefined;
  limit?: number | null | undefined;
}>;


export type AccountRatioQuery = { accountRatio: Array<{ symbol: string, longShortRatio: string, longPosition: string | null, shortPosition: string | null, longAccount: string | null, shortAccount: string | null, timestamp: unknown }> };

export type ActiveTickersQueryVariables = Exact<{
  minQuoteVolume?: number | null | undefined;
}>;


export type ActiveTickersQuery = { activeTickers: Array<{ symbol: string, priceChange: string, priceChangePercent: string, weightedAvgPrice: string, lastPrice: string, lastQty: string, openPrice: string, highPrice: string, lowPrice: string, volume: string, quoteVolume: string, openTime: unknown, closeTime: unknown, firstId: unknown, lastId: unknown, count: unknown }> };

export type WhaleBoardQueryVariables = Exact<{
  minQuoteVolume?: number | null | undefined;
}>;


export type WhaleBoardQuery = { whaleBoard: { generatedAt: unknown, rows: Array<{ symbol: string, quoteVolume: string, whaleLongShort: string, score: number }> } };

export type SmartMoneyOverviewQueryVariables = Exact<{
  symbol: string;
}>;


export type SmartMoneyOverviewQuery = { smartMoneyOverview: { symbol: string, totalTraders: number | null, longTraders: number | null, shortTraders: number | null, longWhales: number | null, shortWhales: number | null, longShortRatio: string | null, longTradersAvgEntryPrice: string | null, totalPositions: string | null } | null };

export type SmartMoneySignalsQueryVariables = Exact<{
  timeRange?: string | null | undefined;
}>;


export type SmartMoneySignalsQuery = { smartMoneySignals: Array<{ symbol: string, timeRange: string | null, side: string | null, netNotional: string | null, longTraders: number | null, shortWhales: number | null }> };

export type PremiumIndexQueryVariables = Exact<{
  symbol?: string | null | undefined;
}>;


export type PremiumIndexQuery = { premiumIndex: Array<{ symbol: string, markPrice: string, indexPrice: string, estimatedSettlePrice: string, lastFundingRate: string, interestRate: string, nextFundingTime: unknown, time: unknown }> };

export type DelistingsQueryVariables = Exact<{ [key: string]: never; }>;


export type DelistingsQuery = { delistings: { code: string, message: string | null, catalogs: Array<{ catalogId: number, articles: Array<{ id: unknown, code: string, title: string, releaseDate: unknown }> }> } };

export type KlinesQueryVariables = Exact<{
  symbol: string;
  interval: string;
  limit?: number | null | undefined;
  startTime?: unknown;
  endTime?: unknown;
}>;


export type KlinesQuery = { klines: Array<{ openTime: unknown, open: string, high: string, low: string, close: string, volume: string, closeTime: unknown }> };

export type OpenInterestQueryVariables = Exact<{
  symbol: string;
}>;


export type OpenInterestQuery = { openInterest: { symbol: string, openInterest: string, time: unknown } | null };

export type ExchangeSymbolsQueryVariables = Exact<{ [key: string]: never; }>;


export type ExchangeSymbolsQuery = { exchangeSymbols: Array<{ symbol: string, pair: string | null, contractType: string, status: string | null, baseAsset: string, quoteAsset: string, marginAsset: string | null, pricePrecision: number, quantityPrecision: number, filters: Array<{ filterType: string, minPrice: string | null, maxPrice: string | null, tickSize: string | null, minQty: string | null, maxQty: string | null, stepSize: string | null, limit: number | null, notional: string | null, multiplierUp: string | null, multiplierDown: string | null, multiplierDecimal: string | null }> }> };

export type WatchMarkPriceSubscriptionVariables = Exact<{
  symbol: string;
}>;


export type WatchMarkPriceSubscription = { markPrice: { symbol: string, markPrice: string, indexPrice: string, fundingRate: string, nextFundingTime: unknown, time: unknown } };

export type WatchKlineSubscriptionVariables = Exact<{
  symbol: string;
  interval: string;
}>;


export type WatchKlineSubscription = { kline: { openTime: unknown, open: string, high: string, low: string, close: string, volume: string, closed: boolean } };

export type WatchMarkPriceOnlySubscriptionVariables = Exact<{
  symbol: string;
}>;


export type WatchMarkPriceOnlySubscription = { markPrice: { symbol: string, markPrice: string } };

export type PublicStrategiesQueryVariables = Exact<{ [key: string]: never; }>;


export type PublicStrategiesQuery = { strategies: Array<{ id: number, name: string, author: string, description: string, entryCondition: string, exitCondition: string, botName: string, createdAt: string, updatedAt: string }> };

export type PublicStrategyQueryVariables = Exact<{
  id: number;
}>;


export type PublicStrategyQuery = { strategy: { id: number, name: string, author: string, updatedAt: string } | null };

export type CreatePublicStrategyMutationVariables = Exact<{
  input: CreatePublicStrategyInput;
}>;


export type CreatePublicStrategyMutation = { createStrategy: { id: number, name: string, author: string, description: string, entryCondition: string, exitCondition: string, botName: string, createdAt: string, updatedAt: string } };

export type UpdatePublicStrategyMutationVariables = Exact<{
  id: number;
  input: UpdatePublicStrategyInput;
}>;


export type UpdatePublicStrategyMutation = { updateStrategy: { id: number, name: string, author: string, description: string, updatedAt: string } };

export type DeletePublicStrategyMutationVariables = Exact<{
  id: number;
}>;


export type DeletePublicStrategyMutation = { deleteStrategy: boolean };

export type CreateSignedStrategyMutationVariables = Exact<{
  input: CreateSignedStrategyInput;
}>;


export type CreateSignedStrategyMutation = { createSignedStrategy: { id: string, name: string, templateId: TemplateId, params: unknown, symbols: Array<string>, timeframe: Timeframe, capital: string, leverage: number, status: SignedStrategyStatus, deployedAt: string | null, stats: { openPositions: number, totalPnl: string, totalTrades: number, winRate: string } } };

export type SignedStrategyQueryVariables = Exact<{
  id: string | number;
}>;


export type SignedStrategyQuery = { signedStrategy: { id: string, status: SignedStrategyStatus, capital: string, leverage: number, stats: { openPositions: number, totalTrades: number } } };

export type SignedStrategiesQueryVariables = Exact<{
  status?: SignedStrategyStatus | null | undefined;
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
}>;


export type SignedStrategiesQuery = { signedStrategies: { nextCursor: string | null, data: Array<{ id: string, status: SignedStrategyStatus }> } };

export type UpdateSignedStrategyMutationVariables = Exact<{
  id: string | number;
  input: UpdateSignedStrategyInput;
}>;


export type UpdateSignedStrategyMutation = { updateSignedStrategy: { id: string, name: string, params: unknown } };

export type DeleteSignedStrategyMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteSignedStrategyMutation = { deleteSignedStrategy: { id: string, status: SignedStrategyStatus } };

export type DeployStrategyMutationVariables = Exact<{
  id: string | number;
  input?: DeployStrategyInput | null | undefined;
}>;


export type DeployStrategyMutation = { deployStrategy: { id: string, status: SignedStrategyStatus, deployedAt: string | null, capital: string } };

export type PauseStrategyMutationVariables = Exact<{
  id: string | number;
  closePositions?: boolean | null | undefined;
}>;


export type PauseStrategyMutation = { pauseStrategy: { id: string, status: SignedStrategyStatus, stats: { openPositions: number } } };

export type StrategyEventsSubscriptionVariables = Exact<{
  strategyId: string | number;
}>;


export type StrategyEventsSubscription = { strategyEvents: { id: string, type: string, timestamp: string, data: unknown } };

export type ExchangeRequestMutationVariables = Exact<{
  action: ExchangeAction;
  apiKey: string;
  apiSecret: string;
  fields: unknown;
}>;


export type ExchangeRequestMutation = { exchangeRequest: { status: number, body: unknown } };

export type StrategiesWithHistoryQueryVariables = Exact<{
  limit?: number | null | undefined;
  positionLimit?: number | null | undefined;
  eventLimit?: number | null | undefined;
  jobLimit?: number | null | undefined;
}>;


export type StrategiesWithHistoryQuery = { signedStrategies: { nextCursor: string | null, data: Array<{ id: string, positions: { nextCursor: string | null, data: Array<{ id: string, strategyId: string, side: string, quantity: string, entryPrice: string, closeReason: CloseReason | null, closedAt: string | null }> }, events: { nextCursor: string | null, data: Array<{ id: string, type: string }> }, backtestJobs: { nextCursor: string | null, data: Array<{ id: string, status: BacktestJobStatus }> } }> } };

export type StrategyPositionsPageQueryVariables = Exact<{
  id: string | number;
  status?: PositionStatus | null | undefined;
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
}>;


export type StrategyPositionsPageQuery = { signedStrategy: { id: string, positions: { nextCursor: string | null, data: Array<{ id: string, closeReason: CloseReason | null }> } } };

export type StrategyEventsAfterSubscriptionVariables = Exact<{
  strategyId?: string | number | null | undefined;
  after?: string | number | null | undefined;
}>;


export type StrategyEventsAfterSubscription = { strategyEvents: { id: string, type: string, data: unknown } };

export type CloseStrategyPositionMutationVariables = Exact<{
  strategyId: string | number;
  symbol: string;
}>;


export type CloseStrategyPositionMutation = { closeStrategyPosition: { id: string, symbol: string, side: string, exitPrice: string | null, exitFee: string | null, funding: string, pnl: string | null, closedAt: string | null, closeReason: CloseReason | null, dryRun: boolean } };

export type SignedStrategyHaltsQueryVariables = Exact<{
  id: string | number;
}>;


export type SignedStrategyHaltsQuery = { signedStrategy: { id: string, halts: Array<{ symbol: string, reason: ProtectionReason, until: string | null, triggeredAt: string | null, equity: string | null, threshold: string | null }> } };

export type CreateWebhookMutationVariables = Exact<{
  input: CreateWebhookInput;
}>;


export type CreateWebhookMutation = { createWebhook: { id: string, url: string, events: Array<string>, status: WebhookStatus, consecutiveFailures: number, secret: string, secretWarning: string } };

export type WebhooksQueryVariables = Exact<{
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
}>;


export type WebhooksQuery = { webhooks: { nextCursor: string | null, data: Array<{ id: string, url: string, status: WebhookStatus }> } };

export type TestWebhookMutationVariables = Exact<{
  id: string;
  eventType?: string | null | undefined;
}>;


export type TestWebhookMutation = { testWebhook: { testEventId: string, delivered: boolean, responseStatus: number | null, responseTimeMs: number | null, error: string | null } };

export type UpdateWebhookMutationVariables = Exact<{
  id: string;
  input: UpdateWebhookInput;
}>;


export type UpdateWebhookMutation = { updateWebhook: { id: string, status: WebhookStatus, description: string | null } };

export type WebhookDeliveriesQueryVariables = Exact<{
  webhookId: string;
}>;


export type WebhookDeliveriesQuery = { webhookDeliveries: { nextCursor: string | null, data: Array<{ id: string, eventId: string, status: WebhookDeliveryStatus, attempts: number }> } };

export type DeleteWebhookMutationVariables = Exact<{
  id: string;
}>;


export type DeleteWebhookMutation = { deleteWebhook: boolean };

export type RotateWebhookSecretMutationVariables = Exact<{
  id: string;
}>;


export type RotateWebhookSecretMutation = { rotateWebhookSecret: { secret: string, secretWarning: string, previousSecretExpiresAt: string } };

export type RecoverWebhookMutationVariables = Exact<{
  id: string;
  since: string;
}>;


export type RecoverWebhookMutation = { recoverWebhook: { requeued: number } };

export type WebhookEventTypesQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhookEventTypesQuery = { webhookEventTypes: Array<{ type: string, description: string, dataSchema: unknown, example: unknown }> };

export type FilteredWebhookDeliveriesQueryVariables = Exact<{
  webhookId: string;
  status?: WebhookDeliveryStatus | null | undefined;
  eventType?: string | null | undefined;
}>;


export type FilteredWebhookDeliveriesQuery = { webhookDeliveries: { nextCursor: string | null, data: Array<{ id: string, eventType: string, status: WebhookDeliveryStatus }> } };

export type WebhookDeliveryAttemptsQueryVariables = Exact<{
  webhookId: string;
  deliveryId: string;
}>;


export type WebhookDeliveryAttemptsQuery = { webhookDeliveryAttempts: { data: Array<{ attemptedAt: string, responseStatus: number | null, responseTimeMs: number | null, error: string | null, responseBody: string | null }> } };

export type WebhookGraphQueryVariables = Exact<{
  status?: WebhookDeliveryStatus | null | undefined;
}>;


export type WebhookGraphQuery = { webhooks: { data: Array<{ id: string, deliveries: { nextCursor: string | null, data: Array<{ id: string, webhookId: string, eventType: string, status: WebhookDeliveryStatus, attempts: number, attemptLog: Array<{ responseStatus: number | null, responseBody: string | null }>, webhook: { id: string, url: string } }> } }> } };

export const BacktestSweepFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BacktestSweepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BacktestSweep"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"config"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateId"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"symbols"}},{"kind":"Field","name":{"kind":"Name","value":"timeframe"}},{"kind":"Field","name":{"kind":"Name","value":"capital"}},{"kind":"Field","name":{"kind":"Name","value":"slippageBps"}},{"kind":"Field","name":{"kind":"Name","value":"objective"}},{"kind":"Field","name":{"kind":"Name","value":"top"}},{"kind":"Field","name":{"kind":"Name","value":"walkForward"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trainDays"}},{"kind":"Field","name":{"kind":"Name","value":"testDays"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"combinations"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"objective"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"metrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"cagr"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"walkForward"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trainStart"}},{"kind":"Field","name":{"kind":"Name","value":"trainEnd"}},{"kind":"Field","name":{"kind":"Name","value":"testStart"}},{"kind":"Field","name":{"kind":"Name","value":"testEnd"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"trainMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}}]}},{"kind":"Field","name":{"kind":"Name","value":"testMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"oosMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<BacktestSweepFieldsFragment, unknown>;
export const BacktestJobFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BacktestJobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BacktestJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"config"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateId"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"symbols"}},{"kind":"Field","name":{"kind":"Name","value":"timeframe"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}},{"kind":"Field","name":{"kind":"Name","value":"capital"}},{"kind":"Field","name":{"kind":"Name","value":"leverage"}},{"kind":"Field","name":{"kind":"Name","value":"feeModel"}},{"kind":"Field","name":{"kind":"Name","value":"feeBps"}}]}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"metrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"maxDrawdown"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}},{"kind":"Field","name":{"kind":"Name","value":"equityCurve"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"time"}},{"kind":"Field","name":{"kind":"Name","value":"equity"}}]}},{"kind":"Field","name":{"kind":"Name","value":"trades"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"pnl"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<BacktestJobFieldsFragment, unknown>;
export const FundingRateFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FundingRateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FundingRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"fundingRate"}},{"kind":"Field","name":{"kind":"Name","value":"markPrice"}},{"kind":"Field","name":{"kind":"Name","value":"indexPrice"}},{"kind":"Field","name":{"kind":"Name","value":"nextFundingTime"}},{"kind":"Field","name":{"kind":"Name","value":"time"}}]}}]} as unknown as DocumentNode<FundingRateFieldsFragment, unknown>;
export const LongShortRatioFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LongShortRatioFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LongShortRatioRow"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"longShortRatio"}},{"kind":"Field","name":{"kind":"Name","value":"longPosition"}},{"kind":"Field","name":{"kind":"Name","value":"shortPosition"}},{"kind":"Field","name":{"kind":"Name","value":"longAccount"}},{"kind":"Field","name":{"kind":"Name","value":"shortAccount"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}}]}}]} as unknown as DocumentNode<LongShortRatioFieldsFragment, unknown>;
export const CreateBacktestSweepDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateBacktestSweep"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateBacktestSweepInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createBacktestSweep"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BacktestSweepFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BacktestSweepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BacktestSweep"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"config"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateId"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"symbols"}},{"kind":"Field","name":{"kind":"Name","value":"timeframe"}},{"kind":"Field","name":{"kind":"Name","value":"capital"}},{"kind":"Field","name":{"kind":"Name","value":"slippageBps"}},{"kind":"Field","name":{"kind":"Name","value":"objective"}},{"kind":"Field","name":{"kind":"Name","value":"top"}},{"kind":"Field","name":{"kind":"Name","value":"walkForward"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trainDays"}},{"kind":"Field","name":{"kind":"Name","value":"testDays"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"combinations"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"objective"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"metrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"cagr"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"walkForward"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trainStart"}},{"kind":"Field","name":{"kind":"Name","value":"trainEnd"}},{"kind":"Field","name":{"kind":"Name","value":"testStart"}},{"kind":"Field","name":{"kind":"Name","value":"testEnd"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"trainMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}}]}},{"kind":"Field","name":{"kind":"Name","value":"testMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"oosMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<CreateBacktestSweepMutation, CreateBacktestSweepMutationVariables>;
export const BacktestSweepDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BacktestSweep"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backtestSweep"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BacktestSweepFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BacktestSweepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BacktestSweep"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"config"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateId"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"symbols"}},{"kind":"Field","name":{"kind":"Name","value":"timeframe"}},{"kind":"Field","name":{"kind":"Name","value":"capital"}},{"kind":"Field","name":{"kind":"Name","value":"slippageBps"}},{"kind":"Field","name":{"kind":"Name","value":"objective"}},{"kind":"Field","name":{"kind":"Name","value":"top"}},{"kind":"Field","name":{"kind":"Name","value":"walkForward"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trainDays"}},{"kind":"Field","name":{"kind":"Name","value":"testDays"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"combinations"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"objective"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"metrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"cagr"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"walkForward"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trainStart"}},{"kind":"Field","name":{"kind":"Name","value":"trainEnd"}},{"kind":"Field","name":{"kind":"Name","value":"testStart"}},{"kind":"Field","name":{"kind":"Name","value":"testEnd"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"trainMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}}]}},{"kind":"Field","name":{"kind":"Name","value":"testMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"oosMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<BacktestSweepQuery, BacktestSweepQueryVariables>;
export const BacktestSweepsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BacktestSweeps"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"BacktestJobStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backtestSweeps"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BacktestSweepFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BacktestSweepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BacktestSweep"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"config"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateId"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"symbols"}},{"kind":"Field","name":{"kind":"Name","value":"timeframe"}},{"kind":"Field","name":{"kind":"Name","value":"capital"}},{"kind":"Field","name":{"kind":"Name","value":"slippageBps"}},{"kind":"Field","name":{"kind":"Name","value":"objective"}},{"kind":"Field","name":{"kind":"Name","value":"top"}},{"kind":"Field","name":{"kind":"Name","value":"walkForward"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trainDays"}},{"kind":"Field","name":{"kind":"Name","value":"testDays"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"combinations"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"objective"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"metrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"cagr"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"walkForward"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trainStart"}},{"kind":"Field","name":{"kind":"Name","value":"trainEnd"}},{"kind":"Field","name":{"kind":"Name","value":"testStart"}},{"kind":"Field","name":{"kind":"Name","value":"testEnd"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"trainMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}}]}},{"kind":"Field","name":{"kind":"Name","value":"testMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"oosMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<BacktestSweepsQuery, BacktestSweepsQueryVariables>;
export const CancelBacktestSweepDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelBacktestSweep"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"reason"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelBacktestSweep"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"reason"},"value":{"kind":"Variable","name":{"kind":"Name","value":"reason"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BacktestSweepFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BacktestSweepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BacktestSweep"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"config"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateId"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"symbols"}},{"kind":"Field","name":{"kind":"Name","value":"timeframe"}},{"kind":"Field","name":{"kind":"Name","value":"capital"}},{"kind":"Field","name":{"kind":"Name","value":"slippageBps"}},{"kind":"Field","name":{"kind":"Name","value":"objective"}},{"kind":"Field","name":{"kind":"Name","value":"top"}},{"kind":"Field","name":{"kind":"Name","value":"walkForward"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trainDays"}},{"kind":"Field","name":{"kind":"Name","value":"testDays"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"combinations"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"objective"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"metrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"cagr"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"walkForward"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trainStart"}},{"kind":"Field","name":{"kind":"Name","value":"trainEnd"}},{"kind":"Field","name":{"kind":"Name","value":"testStart"}},{"kind":"Field","name":{"kind":"Name","value":"testEnd"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"trainMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}}]}},{"kind":"Field","name":{"kind":"Name","value":"testMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"oosMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<CancelBacktestSweepMutation, CancelBacktestSweepMutationVariables>;
export const WatchBacktestSweepDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WatchBacktestSweep"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backtestSweep"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BacktestSweepFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BacktestSweepFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BacktestSweep"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"config"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateId"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"symbols"}},{"kind":"Field","name":{"kind":"Name","value":"timeframe"}},{"kind":"Field","name":{"kind":"Name","value":"capital"}},{"kind":"Field","name":{"kind":"Name","value":"slippageBps"}},{"kind":"Field","name":{"kind":"Name","value":"objective"}},{"kind":"Field","name":{"kind":"Name","value":"top"}},{"kind":"Field","name":{"kind":"Name","value":"walkForward"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trainDays"}},{"kind":"Field","name":{"kind":"Name","value":"testDays"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"combinations"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"objective"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"metrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"cagr"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"walkForward"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trainStart"}},{"kind":"Field","name":{"kind":"Name","value":"trainEnd"}},{"kind":"Field","name":{"kind":"Name","value":"testStart"}},{"kind":"Field","name":{"kind":"Name","value":"testEnd"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"trainMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}}]}},{"kind":"Field","name":{"kind":"Name","value":"testMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"oosMetrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<WatchBacktestSweepSubscription, WatchBacktestSweepSubscriptionVariables>;
export const BacktestTemplatesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BacktestTemplates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backtestTemplates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"paramsSchema"}},{"kind":"Field","name":{"kind":"Name","value":"minCapital"}}]}}]}}]} as unknown as DocumentNode<BacktestTemplatesQuery, BacktestTemplatesQueryVariables>;
export const BacktestJobsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BacktestJobs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"BacktestJobStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TemplateId"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backtestJobs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"templateId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BacktestJobFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BacktestJobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BacktestJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"config"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateId"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"symbols"}},{"kind":"Field","name":{"kind":"Name","value":"timeframe"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}},{"kind":"Field","name":{"kind":"Name","value":"capital"}},{"kind":"Field","name":{"kind":"Name","value":"leverage"}},{"kind":"Field","name":{"kind":"Name","value":"feeModel"}},{"kind":"Field","name":{"kind":"Name","value":"feeBps"}}]}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"metrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"maxDrawdown"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}},{"kind":"Field","name":{"kind":"Name","value":"equityCurve"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"time"}},{"kind":"Field","name":{"kind":"Name","value":"equity"}}]}},{"kind":"Field","name":{"kind":"Name","value":"trades"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"pnl"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<BacktestJobsQuery, BacktestJobsQueryVariables>;
export const BacktestJobDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BacktestJob"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backtestJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BacktestJobFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BacktestJobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BacktestJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"config"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateId"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"symbols"}},{"kind":"Field","name":{"kind":"Name","value":"timeframe"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}},{"kind":"Field","name":{"kind":"Name","value":"capital"}},{"kind":"Field","name":{"kind":"Name","value":"leverage"}},{"kind":"Field","name":{"kind":"Name","value":"feeModel"}},{"kind":"Field","name":{"kind":"Name","value":"feeBps"}}]}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"metrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"maxDrawdown"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}},{"kind":"Field","name":{"kind":"Name","value":"equityCurve"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"time"}},{"kind":"Field","name":{"kind":"Name","value":"equity"}}]}},{"kind":"Field","name":{"kind":"Name","value":"trades"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"pnl"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<BacktestJobQuery, BacktestJobQueryVariables>;
export const CreateBacktestJobDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateBacktestJob"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateBacktestJobInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createBacktestJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BacktestJobFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BacktestJobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BacktestJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"config"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateId"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"symbols"}},{"kind":"Field","name":{"kind":"Name","value":"timeframe"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}},{"kind":"Field","name":{"kind":"Name","value":"capital"}},{"kind":"Field","name":{"kind":"Name","value":"leverage"}},{"kind":"Field","name":{"kind":"Name","value":"feeModel"}},{"kind":"Field","name":{"kind":"Name","value":"feeBps"}}]}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"metrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"maxDrawdown"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}},{"kind":"Field","name":{"kind":"Name","value":"equityCurve"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"time"}},{"kind":"Field","name":{"kind":"Name","value":"equity"}}]}},{"kind":"Field","name":{"kind":"Name","value":"trades"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"pnl"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<CreateBacktestJobMutation, CreateBacktestJobMutationVariables>;
export const CancelBacktestJobDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelBacktestJob"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"reason"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelBacktestJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"reason"},"value":{"kind":"Variable","name":{"kind":"Name","value":"reason"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BacktestJobFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BacktestJobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BacktestJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"config"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateId"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"symbols"}},{"kind":"Field","name":{"kind":"Name","value":"timeframe"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}},{"kind":"Field","name":{"kind":"Name","value":"capital"}},{"kind":"Field","name":{"kind":"Name","value":"leverage"}},{"kind":"Field","name":{"kind":"Name","value":"feeModel"}},{"kind":"Field","name":{"kind":"Name","value":"feeBps"}}]}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"metrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sharpe"}},{"kind":"Field","name":{"kind":"Name","value":"maxDrawdown"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}},{"kind":"Field","name":{"kind":"Name","value":"equityCurve"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"time"}},{"kind":"Field","name":{"kind":"Name","value":"equity"}}]}},{"kind":"Field","name":{"kind":"Name","value":"trades"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"pnl"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<CancelBacktestJobMutation, CancelBacktestJobMutationVariables>;
export const WatchBacktestJobDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WatchBacktestJob"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backtestJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"metrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}}]}}]}}]} as unknown as DocumentNode<WatchBacktestJobSubscription, WatchBacktestJobSubscriptionVariables>;
export const BacktestJobsWithStrategyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BacktestJobsWithStrategy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backtestJobs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"strategy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<BacktestJobsWithStrategyQuery, BacktestJobsWithStrategyQueryVariables>;
export const WatchBacktestJobStrategyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WatchBacktestJobStrategy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backtestJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"strategy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<WatchBacktestJobStrategySubscription, WatchBacktestJobStrategySubscriptionVariables>;
export const ValidateStrategyExpressionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ValidateStrategyExpression"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entry"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"exit"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"params"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSONObject"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"validateStrategyExpression"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"entry"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entry"}}},{"kind":"Argument","name":{"kind":"Name","value":"exit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"exit"}}},{"kind":"Argument","name":{"kind":"Name","value":"params"},"value":{"kind":"Variable","name":{"kind":"Name","value":"params"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"parameters"}},{"kind":"Field","name":{"kind":"Name","value":"warmupBars"}}]}}]}}]} as unknown as DocumentNode<ValidateStrategyExpressionQuery, ValidateStrategyExpressionQueryVariables>;
export const BacktestJobReportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BacktestJobReport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backtestJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trades"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"funding"}},{"kind":"Field","name":{"kind":"Name","value":"exitReason"}},{"kind":"Field","name":{"kind":"Name","value":"mae"}},{"kind":"Field","name":{"kind":"Name","value":"mfe"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"report"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalReturn"}},{"kind":"Field","name":{"kind":"Name","value":"buyAndHoldReturn"}},{"kind":"Field","name":{"kind":"Name","value":"exposure"}},{"kind":"Field","name":{"kind":"Name","value":"totalFees"}},{"kind":"Field","name":{"kind":"Name","value":"totalFunding"}},{"kind":"Field","name":{"kind":"Name","value":"longTrades"}},{"kind":"Field","name":{"kind":"Name","value":"shortTrades"}},{"kind":"Field","name":{"kind":"Name","value":"bestTrade"}},{"kind":"Field","name":{"kind":"Name","value":"worstTrade"}},{"kind":"Field","name":{"kind":"Name","value":"avgTradeDurationS"}},{"kind":"Field","name":{"kind":"Name","value":"maxConsecutiveWins"}},{"kind":"Field","name":{"kind":"Name","value":"maxConsecutiveLosses"}}]}},{"kind":"Field","name":{"kind":"Name","value":"perSymbol"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"trades"}},{"kind":"Field","name":{"kind":"Name","value":"winRate"}},{"kind":"Field","name":{"kind":"Name","value":"pnl"}},{"kind":"Field","name":{"kind":"Name","value":"fees"}},{"kind":"Field","name":{"kind":"Name","value":"funding"}}]}},{"kind":"Field","name":{"kind":"Name","value":"monthlyReturns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"month"}},{"kind":"Field","name":{"kind":"Name","value":"return"}}]}},{"kind":"Field","name":{"kind":"Name","value":"drawdowns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"peakTime"}},{"kind":"Field","name":{"kind":"Name","value":"troughTime"}},{"kind":"Field","name":{"kind":"Name","value":"recoveryTime"}},{"kind":"Field","name":{"kind":"Name","value":"depth"}}]}}]}}]}}]}}]} as unknown as DocumentNode<BacktestJobReportQuery, BacktestJobReportQueryVariables>;
export const SignInDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SignIn"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"provider"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"IdentityProvider"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signIn"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"provider"},"value":{"kind":"Variable","name":{"kind":"Name","value":"provider"}}},{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accessToken"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"providerAId"}},{"kind":"Field","name":{"kind":"Name","value":"providerBId"}},{"kind":"Field","name":{"kind":"Name","value":"isVip"}},{"kind":"Field","name":{"kind":"Name","value":"vipExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]}}]} as unknown as DocumentNode<SignInMutation, SignInMutationVariables>;
export const MeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"providerAId"}},{"kind":"Field","name":{"kind":"Name","value":"providerBId"}}]}}]}}]} as unknown as DocumentNode<MeQuery, MeQueryVariables>;
export const ApiKeysDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKey"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<ApiKeysQuery, ApiKeysQueryVariables>;
export const CreateApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateApiKeyInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKey"}},{"kind":"Field","name":{"kind":"Name","value":"apiSecret"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<CreateApiKeyMutation, CreateApiKeyMutationVariables>;
export const RevokeApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"apiKey"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"apiKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"apiKey"}}}]}]}}]} as unknown as DocumentNode<RevokeApiKeyMutation, RevokeApiKeyMutationVariables>;
export const RegisterExchangeKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RegisterExchangeKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterExchangeKeyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"registerExchangeKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"hasApiKey"}}]}}]}}]} as unknown as DocumentNode<RegisterExchangeKeyMutation, RegisterExchangeKeyMutationVariables>;
export const ExchangeKeyStatusDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ExchangeKeyStatus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exchangeKeyStatus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"hasApiKey"}},{"kind":"Field","name":{"kind":"Name","value":"verificationStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastVerified"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}}]}}]}}]} as unknown as DocumentNode<ExchangeKeyStatusQuery, ExchangeKeyStatusQueryVariables>;
export const PlanLongShortRatioDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlanLongShortRatio"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"series"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RatioSeriesKind"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"period"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"planLongShortRatio"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"series"},"value":{"kind":"Variable","name":{"kind":"Name","value":"series"}}},{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}},{"kind":"Argument","name":{"kind":"Name","value":"period"},"value":{"kind":"Variable","name":{"kind":"Name","value":"period"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"longShortRatio"}},{"kind":"Field","name":{"kind":"Name","value":"longAccount"}},{"kind":"Field","name":{"kind":"Name","value":"shortAccount"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}}]}}]}}]} as unknown as DocumentNode<PlanLongShortRatioQuery, PlanLongShortRatioQueryVariables>;
export const PlanKlinesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PlanKlines"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"market"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SeriesMarket"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"interval"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"planKlines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"market"},"value":{"kind":"Variable","name":{"kind":"Name","value":"market"}}},{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}},{"kind":"Argument","name":{"kind":"Name","value":"interval"},"value":{"kind":"Variable","name":{"kind":"Name","value":"interval"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"openTime"}},{"kind":"Field","name":{"kind":"Name","value":"open"}},{"kind":"Field","name":{"kind":"Name","value":"high"}},{"kind":"Field","name":{"kind":"Name","value":"low"}},{"kind":"Field","name":{"kind":"Name","value":"close"}},{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"closeTime"}}]}}]}}]} as unknown as DocumentNode<PlanKlinesQuery, PlanKlinesQueryVariables>;
export const FundingRatesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FundingRates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fundingRates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FundingRateFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FundingRateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FundingRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"fundingRate"}},{"kind":"Field","name":{"kind":"Name","value":"markPrice"}},{"kind":"Field","name":{"kind":"Name","value":"indexPrice"}},{"kind":"Field","name":{"kind":"Name","value":"nextFundingTime"}},{"kind":"Field","name":{"kind":"Name","value":"time"}}]}}]} as unknown as DocumentNode<FundingRatesQuery, FundingRatesQueryVariables>;
export const FundingRateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FundingRate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fundingRate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FundingRateFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FundingRateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FundingRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"fundingRate"}},{"kind":"Field","name":{"kind":"Name","value":"markPrice"}},{"kind":"Field","name":{"kind":"Name","value":"indexPrice"}},{"kind":"Field","name":{"kind":"Name","value":"nextFundingTime"}},{"kind":"Field","name":{"kind":"Name","value":"time"}}]}}]} as unknown as DocumentNode<FundingRateQuery, FundingRateQueryVariables>;
export const FundingRateHistoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FundingRateHistory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"startTime"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SafeInt"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"endTime"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SafeInt"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fundingRateHistory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}},{"kind":"Argument","name":{"kind":"Name","value":"startTime"},"value":{"kind":"Variable","name":{"kind":"Name","value":"startTime"}}},{"kind":"Argument","name":{"kind":"Name","value":"endTime"},"value":{"kind":"Variable","name":{"kind":"Name","value":"endTime"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"fundingTime"}},{"kind":"Field","name":{"kind":"Name","value":"fundingRate"}},{"kind":"Field","name":{"kind":"Name","value":"markPrice"}}]}}]}}]} as unknown as DocumentNode<FundingRateHistoryQuery, FundingRateHistoryQueryVariables>;
export const PositionRatioDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PositionRatio"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"period"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"positionRatio"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}},{"kind":"Argument","name":{"kind":"Name","value":"period"},"value":{"kind":"Variable","name":{"kind":"Name","value":"period"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LongShortRatioFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LongShortRatioFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LongShortRatioRow"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"longShortRatio"}},{"kind":"Field","name":{"kind":"Name","value":"longPosition"}},{"kind":"Field","name":{"kind":"Name","value":"shortPosition"}},{"kind":"Field","name":{"kind":"Name","value":"longAccount"}},{"kind":"Field","name":{"kind":"Name","value":"shortAccount"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}}]}}]} as unknown as DocumentNode<PositionRatioQuery, PositionRatioQueryVariables>;
export const AccountRatioDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AccountRatio"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"period"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountRatio"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}},{"kind":"Argument","name":{"kind":"Name","value":"period"},"value":{"kind":"Variable","name":{"kind":"Name","value":"period"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LongShortRatioFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LongShortRatioFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LongShortRatioRow"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"longShortRatio"}},{"kind":"Field","name":{"kind":"Name","value":"longPosition"}},{"kind":"Field","name":{"kind":"Name","value":"shortPosition"}},{"kind":"Field","name":{"kind":"Name","value":"longAccount"}},{"kind":"Field","name":{"kind":"Name","value":"shortAccount"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}}]}}]} as unknown as DocumentNode<AccountRatioQuery, AccountRatioQueryVariables>;
export const ActiveTickersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ActiveTickers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"minQuoteVolume"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Float"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"activeTickers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"minQuoteVolume"},"value":{"kind":"Variable","name":{"kind":"Name","value":"minQuoteVolume"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"priceChange"}},{"kind":"Field","name":{"kind":"Name","value":"priceChangePercent"}},{"kind":"Field","name":{"kind":"Name","value":"weightedAvgPrice"}},{"kind":"Field","name":{"kind":"Name","value":"lastPrice"}},{"kind":"Field","name":{"kind":"Name","value":"lastQty"}},{"kind":"Field","name":{"kind":"Name","value":"openPrice"}},{"kind":"Field","name":{"kind":"Name","value":"highPrice"}},{"kind":"Field","name":{"kind":"Name","value":"lowPrice"}},{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"quoteVolume"}},{"kind":"Field","name":{"kind":"Name","value":"openTime"}},{"kind":"Field","name":{"kind":"Name","value":"closeTime"}},{"kind":"Field","name":{"kind":"Name","value":"firstId"}},{"kind":"Field","name":{"kind":"Name","value":"lastId"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}}]}}]} as unknown as DocumentNode<ActiveTickersQuery, ActiveTickersQueryVariables>;
export const WhaleBoardDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WhaleBoard"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"minQuoteVolume"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Float"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"whaleBoard"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"minQuoteVolume"},"value":{"kind":"Variable","name":{"kind":"Name","value":"minQuoteVolume"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"generatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"quoteVolume"}},{"kind":"Field","name":{"kind":"Name","value":"whaleLongShort"}},{"kind":"Field","name":{"kind":"Name","value":"score"}}]}}]}}]}}]} as unknown as DocumentNode<WhaleBoardQuery, WhaleBoardQueryVariables>;
export const SmartMoneyOverviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SmartMoneyOverview"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"smartMoneyOverview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"totalTraders"}},{"kind":"Field","name":{"kind":"Name","value":"longTraders"}},{"kind":"Field","name":{"kind":"Name","value":"shortTraders"}},{"kind":"Field","name":{"kind":"Name","value":"longWhales"}},{"kind":"Field","name":{"kind":"Name","value":"shortWhales"}},{"kind":"Field","name":{"kind":"Name","value":"longShortRatio"}},{"kind":"Field","name":{"kind":"Name","value":"longTradersAvgEntryPrice"}},{"kind":"Field","name":{"kind":"Name","value":"totalPositions"}}]}}]}}]} as unknown as DocumentNode<SmartMoneyOverviewQuery, SmartMoneyOverviewQueryVariables>;
export const SmartMoneySignalsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SmartMoneySignals"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"timeRange"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"smartMoneySignals"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"timeRange"},"value":{"kind":"Variable","name":{"kind":"Name","value":"timeRange"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"timeRange"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"netNotional"}},{"kind":"Field","name":{"kind":"Name","value":"longTraders"}},{"kind":"Field","name":{"kind":"Name","value":"shortWhales"}}]}}]}}]} as unknown as DocumentNode<SmartMoneySignalsQuery, SmartMoneySignalsQueryVariables>;
export const PremiumIndexDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PremiumIndex"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"premiumIndex"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"markPrice"}},{"kind":"Field","name":{"kind":"Name","value":"indexPrice"}},{"kind":"Field","name":{"kind":"Name","value":"estimatedSettlePrice"}},{"kind":"Field","name":{"kind":"Name","value":"lastFundingRate"}},{"kind":"Field","name":{"kind":"Name","value":"interestRate"}},{"kind":"Field","name":{"kind":"Name","value":"nextFundingTime"}},{"kind":"Field","name":{"kind":"Name","value":"time"}}]}}]}}]} as unknown as DocumentNode<PremiumIndexQuery, PremiumIndexQueryVariables>;
export const DelistingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Delistings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"delistings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"catalogs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"catalogId"}},{"kind":"Field","name":{"kind":"Name","value":"articles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"releaseDate"}}]}}]}}]}}]}}]} as unknown as DocumentNode<DelistingsQuery, DelistingsQueryVariables>;
export const KlinesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Klines"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"interval"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"startTime"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SafeInt"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"endTime"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SafeInt"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"klines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}},{"kind":"Argument","name":{"kind":"Name","value":"interval"},"value":{"kind":"Variable","name":{"kind":"Name","value":"interval"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"startTime"},"value":{"kind":"Variable","name":{"kind":"Name","value":"startTime"}}},{"kind":"Argument","name":{"kind":"Name","value":"endTime"},"value":{"kind":"Variable","name":{"kind":"Name","value":"endTime"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"openTime"}},{"kind":"Field","name":{"kind":"Name","value":"open"}},{"kind":"Field","name":{"kind":"Name","value":"high"}},{"kind":"Field","name":{"kind":"Name","value":"low"}},{"kind":"Field","name":{"kind":"Name","value":"close"}},{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"closeTime"}}]}}]}}]} as unknown as DocumentNode<KlinesQuery, KlinesQueryVariables>;
export const OpenInterestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OpenInterest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"openInterest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"openInterest"}},{"kind":"Field","name":{"kind":"Name","value":"time"}}]}}]}}]} as unknown as DocumentNode<OpenInterestQuery, OpenInterestQueryVariables>;
export const ExchangeSymbolsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ExchangeSymbols"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exchangeSymbols"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"pair"}},{"kind":"Field","name":{"kind":"Name","value":"contractType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"baseAsset"}},{"kind":"Field","name":{"kind":"Name","value":"quoteAsset"}},{"kind":"Field","name":{"kind":"Name","value":"marginAsset"}},{"kind":"Field","name":{"kind":"Name","value":"pricePrecision"}},{"kind":"Field","name":{"kind":"Name","value":"quantityPrecision"}},{"kind":"Field","name":{"kind":"Name","value":"filters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"filterType"}},{"kind":"Field","name":{"kind":"Name","value":"minPrice"}},{"kind":"Field","name":{"kind":"Name","value":"maxPrice"}},{"kind":"Field","name":{"kind":"Name","value":"tickSize"}},{"kind":"Field","name":{"kind":"Name","value":"minQty"}},{"kind":"Field","name":{"kind":"Name","value":"maxQty"}},{"kind":"Field","name":{"kind":"Name","value":"stepSize"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"notional"}},{"kind":"Field","name":{"kind":"Name","value":"multiplierUp"}},{"kind":"Field","name":{"kind":"Name","value":"multiplierDown"}},{"kind":"Field","name":{"kind":"Name","value":"multiplierDecimal"}}]}}]}}]}}]} as unknown as DocumentNode<ExchangeSymbolsQuery, ExchangeSymbolsQueryVariables>;
export const WatchMarkPriceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WatchMarkPrice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"markPrice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"markPrice"}},{"kind":"Field","name":{"kind":"Name","value":"indexPrice"}},{"kind":"Field","name":{"kind":"Name","value":"fundingRate"}},{"kind":"Field","name":{"kind":"Name","value":"nextFundingTime"}},{"kind":"Field","name":{"kind":"Name","value":"time"}}]}}]}}]} as unknown as DocumentNode<WatchMarkPriceSubscription, WatchMarkPriceSubscriptionVariables>;
export const WatchKlineDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WatchKline"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"interval"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kline"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}},{"kind":"Argument","name":{"kind":"Name","value":"interval"},"value":{"kind":"Variable","name":{"kind":"Name","value":"interval"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"openTime"}},{"kind":"Field","name":{"kind":"Name","value":"open"}},{"kind":"Field","name":{"kind":"Name","value":"high"}},{"kind":"Field","name":{"kind":"Name","value":"low"}},{"kind":"Field","name":{"kind":"Name","value":"close"}},{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"closed"}}]}}]}}]} as unknown as DocumentNode<WatchKlineSubscription, WatchKlineSubscriptionVariables>;
export const WatchMarkPriceOnlyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WatchMarkPriceOnly"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"markPrice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"markPrice"}}]}}]}}]} as unknown as DocumentNode<WatchMarkPriceOnlySubscription, WatchMarkPriceOnlySubscriptionVariables>;
export const PublicStrategiesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PublicStrategies"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"strategies"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"author"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"entryCondition"}},{"kind":"Field","name":{"kind":"Name","value":"exitCondition"}},{"kind":"Field","name":{"kind":"Name","value":"botName"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<PublicStrategiesQuery, PublicStrategiesQueryVariables>;
export const PublicStrategyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PublicStrategy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"strategy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"author"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<PublicStrategyQuery, PublicStrategyQueryVariables>;
export const CreatePublicStrategyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreatePublicStrategy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreatePublicStrategyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createStrategy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"author"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"entryCondition"}},{"kind":"Field","name":{"kind":"Name","value":"exitCondition"}},{"kind":"Field","name":{"kind":"Name","value":"botName"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<CreatePublicStrategyMutation, CreatePublicStrategyMutationVariables>;
export const UpdatePublicStrategyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdatePublicStrategy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdatePublicStrategyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateStrategy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"author"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<UpdatePublicStrategyMutation, UpdatePublicStrategyMutationVariables>;
export const DeletePublicStrategyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeletePublicStrategy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteStrategy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DeletePublicStrategyMutation, DeletePublicStrategyMutationVariables>;
export const CreateSignedStrategyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSignedStrategy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSignedStrategyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSignedStrategy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"templateId"}},{"kind":"Field","name":{"kind":"Name","value":"params"}},{"kind":"Field","name":{"kind":"Name","value":"symbols"}},{"kind":"Field","name":{"kind":"Name","value":"timeframe"}},{"kind":"Field","name":{"kind":"Name","value":"capital"}},{"kind":"Field","name":{"kind":"Name","value":"leverage"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"deployedAt"}},{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"openPositions"}},{"kind":"Field","name":{"kind":"Name","value":"totalPnl"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}},{"kind":"Field","name":{"kind":"Name","value":"winRate"}}]}}]}}]}}]} as unknown as DocumentNode<CreateSignedStrategyMutation, CreateSignedStrategyMutationVariables>;
export const SignedStrategyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SignedStrategy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signedStrategy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"capital"}},{"kind":"Field","name":{"kind":"Name","value":"leverage"}},{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"openPositions"}},{"kind":"Field","name":{"kind":"Name","value":"totalTrades"}}]}}]}}]}}]} as unknown as DocumentNode<SignedStrategyQuery, SignedStrategyQueryVariables>;
export const SignedStrategiesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SignedStrategies"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SignedStrategyStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signedStrategies"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<SignedStrategiesQuery, SignedStrategiesQueryVariables>;
export const UpdateSignedStrategyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateSignedStrategy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateSignedStrategyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSignedStrategy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"params"}}]}}]}}]} as unknown as DocumentNode<UpdateSignedStrategyMutation, UpdateSignedStrategyMutationVariables>;
export const DeleteSignedStrategyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteSignedStrategy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteSignedStrategy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<DeleteSignedStrategyMutation, DeleteSignedStrategyMutationVariables>;
export const DeployStrategyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeployStrategy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DeployStrategyInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deployStrategy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"deployedAt"}},{"kind":"Field","name":{"kind":"Name","value":"capital"}}]}}]}}]} as unknown as DocumentNode<DeployStrategyMutation, DeployStrategyMutationVariables>;
export const PauseStrategyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PauseStrategy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"closePositions"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pauseStrategy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"closePositions"},"value":{"kind":"Variable","name":{"kind":"Name","value":"closePositions"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"openPositions"}}]}}]}}]}}]} as unknown as DocumentNode<PauseStrategyMutation, PauseStrategyMutationVariables>;
export const StrategyEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"StrategyEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"strategyId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"strategyEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"strategyId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"strategyId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]}}]} as unknown as DocumentNode<StrategyEventsSubscription, StrategyEventsSubscriptionVariables>;
export const ExchangeRequestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ExchangeRequest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"action"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ExchangeAction"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"apiKey"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"apiSecret"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"fields"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JSONObject"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exchangeRequest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"action"},"value":{"kind":"Variable","name":{"kind":"Name","value":"action"}}},{"kind":"Argument","name":{"kind":"Name","value":"apiKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"apiKey"}}},{"kind":"Argument","name":{"kind":"Name","value":"apiSecret"},"value":{"kind":"Variable","name":{"kind":"Name","value":"apiSecret"}}},{"kind":"Argument","name":{"kind":"Name","value":"fields"},"value":{"kind":"Variable","name":{"kind":"Name","value":"fields"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"body"}}]}}]}}]} as unknown as DocumentNode<ExchangeRequestMutation, ExchangeRequestMutationVariables>;
export const StrategiesWithHistoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StrategiesWithHistory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"positionLimit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventLimit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"jobLimit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signedStrategies"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"positions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"positionLimit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"strategyId"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"entryPrice"}},{"kind":"Field","name":{"kind":"Name","value":"closeReason"}},{"kind":"Field","name":{"kind":"Name","value":"closedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventLimit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"backtestJobs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"jobLimit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<StrategiesWithHistoryQuery, StrategiesWithHistoryQueryVariables>;
export const StrategyPositionsPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StrategyPositionsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"PositionStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signedStrategy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"positions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"closeReason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]}}]} as unknown as DocumentNode<StrategyPositionsPageQuery, StrategyPositionsPageQueryVariables>;
export const StrategyEventsAfterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"StrategyEventsAfter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"strategyId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"strategyEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"strategyId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"strategyId"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]}}]} as unknown as DocumentNode<StrategyEventsAfterSubscription, StrategyEventsAfterSubscriptionVariables>;
export const CloseStrategyPositionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CloseStrategyPosition"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"strategyId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"closeStrategyPosition"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"strategyId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"strategyId"}}},{"kind":"Argument","name":{"kind":"Name","value":"symbol"},"value":{"kind":"Variable","name":{"kind":"Name","value":"symbol"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"side"}},{"kind":"Field","name":{"kind":"Name","value":"exitPrice"}},{"kind":"Field","name":{"kind":"Name","value":"exitFee"}},{"kind":"Field","name":{"kind":"Name","value":"funding"}},{"kind":"Field","name":{"kind":"Name","value":"pnl"}},{"kind":"Field","name":{"kind":"Name","value":"closedAt"}},{"kind":"Field","name":{"kind":"Name","value":"closeReason"}},{"kind":"Field","name":{"kind":"Name","value":"dryRun"}}]}}]}}]} as unknown as DocumentNode<CloseStrategyPositionMutation, CloseStrategyPositionMutationVariables>;
export const SignedStrategyHaltsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SignedStrategyHalts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signedStrategy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"halts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"until"}},{"kind":"Field","name":{"kind":"Name","value":"triggeredAt"}},{"kind":"Field","name":{"kind":"Name","value":"equity"}},{"kind":"Field","name":{"kind":"Name","value":"threshold"}}]}}]}}]}}]} as unknown as DocumentNode<SignedStrategyHaltsQuery, SignedStrategyHaltsQueryVariables>;
export const CreateWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveFailures"}},{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"secretWarning"}}]}}]}}]} as unknown as DocumentNode<CreateWebhookMutation, CreateWebhookMutationVariables>;
export const WebhooksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Webhooks"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhooks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<WebhooksQuery, WebhooksQueryVariables>;
export const TestWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TestWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventType"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"testWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"eventType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventType"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"testEventId"}},{"kind":"Field","name":{"kind":"Name","value":"delivered"}},{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"responseTimeMs"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]} as unknown as DocumentNode<TestWebhookMutation, TestWebhookMutationVariables>;
export const UpdateWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<UpdateWebhookMutation, UpdateWebhookMutationVariables>;
export const WebhookDeliveriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookDeliveries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"webhookId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookDeliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"webhookId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"webhookId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const DeleteWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DeleteWebhookMutation, DeleteWebhookMutationVariables>;
export const RotateWebhookSecretDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RotateWebhookSecret"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rotateWebhookSecret"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"secretWarning"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}}]}}]}}]} as unknown as DocumentNode<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const RecoverWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RecoverWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"since"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recoverWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"since"},"value":{"kind":"Variable","name":{"kind":"Name","value":"since"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requeued"}}]}}]}}]} as unknown as DocumentNode<RecoverWebhookMutation, RecoverWebhookMutationVariables>;
export const WebhookEventTypesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookEventTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookEventTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"dataSchema"}},{"kind":"Field","name":{"kind":"Name","value":"example"}}]}}]}}]} as unknown as DocumentNode<WebhookEventTypesQuery, WebhookEventTypesQueryVariables>;
export const FilteredWebhookDeliveriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FilteredWebhookDeliveries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"webhookId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDeliveryStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventType"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookDeliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"webhookId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"webhookId"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"eventType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventType"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<FilteredWebhookDeliveriesQuery, FilteredWebhookDeliveriesQueryVariables>;
export const WebhookDeliveryAttemptsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookDeliveryAttempts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"webhookId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"deliveryId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookDeliveryAttempts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"webhookId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"webhookId"}}},{"kind":"Argument","name":{"kind":"Name","value":"deliveryId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"deliveryId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attemptedAt"}},{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"responseTimeMs"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"responseBody"}}]}}]}}]}}]} as unknown as DocumentNode<WebhookDeliveryAttemptsQuery, WebhookDeliveryAttemptsQueryVariables>;
export const WebhookGraphDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookGraph"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDeliveryStatus"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhooks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"deliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"5"}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"webhookId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"attemptLog"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"responseBody"}}]}},{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]}}]}}]} as unknown as DocumentNode<WebhookGraphQuery, WebhookGraphQueryVariables>;