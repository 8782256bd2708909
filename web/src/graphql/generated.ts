/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
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

/** The fields of POST /v1/backtest/jobs. */
export type CreateBacktestJobInput = {
  /** Required unless strategyId gives it. */
  capital?: string | null | undefined;
  end: string;
  feeBps?: string | null | undefined;
  feeModel?: FeeModel | null | undefined;
  leverage?: number | null | undefined;
  /** Required unless strategyId gives it. */
  params?: Record<string, unknown> | null | undefined;
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
  params: Record<string, unknown>;
  slippageBps?: string | null | undefined;
  start: string;
  symbols: Array<string>;
  templateId: TemplateId;
  timeframe: Timeframe;
  /** 1-100, default 20. */
  top?: number | null | undefined;
  walkForward?: BacktestWalkForwardInput | null | undefined;
};

export type CreateSignedStrategyInput = {
  /** Decimal string. */
  capital: string;
  leverage?: number | null | undefined;
  name: string;
  params?: Record<string, unknown> | null | undefined;
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

export type FeeModel =
  | 'fixed_bps'
  | 'match_exchange'
  | 'none'
  | 'tiered_maker_taker';

/** open: still open; closed: a trade. */
export type PositionStatus =
  | 'closed'
  | 'open';

/** A contract §19 rule that halts a run. */
export type ProtectionReason =
  | 'daily_loss'
  | 'max_drawdown';

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

export type TemplateFieldsFragment = { id: TemplateId, name: string, description: string, paramsSchema: Record<string, unknown>, minCapital: string };

export type JobSummaryFragment = { id: string, status: BacktestJobStatus, progress: number, submittedAt: string, finishedAt: string | null, config: { templateId: TemplateId, symbols: Array<string>, timeframe: Timeframe, start: string, end: string, capital: string }, error: { code: string, message: string } | null };

export type BacktestTemplatesQueryVariables = Exact<{ [key: string]: never; }>;


export type BacktestTemplatesQuery = { backtestTemplates: Array<{ id: TemplateId, name: string, description: string, paramsSchema: Record<string, unknown>, minCapital: string }> };

export type RecentBacktestJobsQueryVariables = Exact<{
  limit?: number | null | undefined;
}>;


export type RecentBacktestJobsQuery = { backtestJobs: { data: Array<{ id: string, status: BacktestJobStatus, progress: number, submittedAt: string, finishedAt: string | null, config: { templateId: TemplateId, symbols: Array<string>, timeframe: Timeframe, start: string, end: string, capital: string }, error: { code: string, message: string } | null }> } };

export type BacktestJobResultQueryVariables = Exact<{
  id: string | number;
}>;


export type BacktestJobResultQuery = { backtestJob: { id: string, status: BacktestJobStatus, progress: number, submittedAt: string, finishedAt: string | null, result: { metrics: { sharpe: string, sortino: string, calmar: string, maxDrawdown: string, winRate: string, profitFactor: string, cagr: string, expectedValue: string, totalTrades: number, avgTradeDurationSeconds: number }, equityCurve: Array<{ time: string, equity: string }> | null, trades: Array<{ id: number, side: string, symbol: string, entryTime: string, entryPrice: string, exitTime: string, exitPrice: string, qty: string, pnl: string, fee: string, funding: string, exitReason: BacktestExitReason, mae: string, mfe: string }> | null, report: { summary: { totalReturn: string, buyAndHoldReturn: string, exposure: string, totalFees: string, totalFunding: string, longTrades: number, shortTrades: number, bestTrade: string, worstTrade: string, avgTradeDurationS: number, maxConsecutiveWins: number, maxConsecutiveLosses: number }, perSymbol: Array<{ symbol: string, trades: number, winRate: string, pnl: string, fees: string, funding: string }>, monthlyReturns: Array<{ month: string, return: string }>, drawdowns: Array<{ peakTime: string, troughTime: string, recoveryTime: string | null, depth: string }> } | null } | null, config: { templateId: TemplateId, symbols: Array<string>, timeframe: Timeframe, start: string, end: string, capital: string }, error: { code: string, message: string } | null } };

export type RunBacktestMutationVariables = Exact<{
  input: CreateBacktestJobInput;
}>;


export type RunBacktestMutation = { createBacktestJob: { id: string, status: BacktestJobStatus, progress: number, submittedAt: string, finishedAt: string | null, config: { templateId: TemplateId, symbols: Array<string>, timeframe: Timeframe, start: string, end: string, capital: string }, error: { code: string, message: string } | null } };

export type BacktestJobProgressSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type BacktestJobProgressSubscription = { backtestJob: { id: string, status: BacktestJobStatus, progress: number, submittedAt: string, finishedAt: string | null, config: { templateId: TemplateId, symbols: Array<string>, timeframe: Timeframe, start: string, end: string, capital: string }, error: { code: string, message: string } | null } };

export type ValidateStrategyExpressionQueryVariables = Exact<{
  entry: string;
  exit: string;
}>;


export type ValidateStrategyExpressionQuery = { validateStrategyExpression: { valid: boolean, parameters: Array<string>, warmupBars: number | null } };

export type PublicStrategiesQueryVariables = Exact<{ [key: string]: never; }>;


export type PublicStrategiesQuery = { strategies: Array<{ id: number, name: string, author: string, entryCondition: string, exitCondition: string }> };

export type MarketOverviewQueryVariables = Exact<{ [key: string]: never; }>;


export type MarketOverviewQuery = { activeTickers: Array<{ symbol: string, lastPrice: string, priceChangePercent: string, quoteVolume: string }>, whaleBoard: { generatedAt: number, rows: Array<{ symbol: string, quoteVolume: string, whaleLongShort: string, score: number }> }, fundingRates: Array<{ symbol: string, fundingRate: string, markPrice: string, nextFundingTime: number }> };

export type KlinesQueryVariables = Exact<{
  symbol: string;
  interval: string;
  limit?: number | null | undefined;
  startTime?: number | null | undefined;
  endTime?: number | null | undefined;
}>;


export type KlinesQuery = { klines: Array<{ openTime: number, open: string, high: string, low: string, close: string }> };

export type LiveKlineSubscriptionVariables = Exact<{
  symbol: string;
  interval: string;
}>;


export type LiveKlineSubscription = { kline: { openTime: number, open: string, high: string, low: string, close: string, closed: boolean } };

export type LiveMarkPriceSubscriptionVariables = Exact<{
  symbol: string;
}>;


export type LiveMarkPriceSubscription = { markPrice: { markPrice: string, fundingRate: string, time: number } };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: number, email: string, name: string } };

export type StrategyFieldsFragment = { id: string, name: string, templateId: TemplateId, params: Record<string, unknown>, symbols: Array<string>, timeframe: Timeframe, capital: string, leverage: number, status: SignedStrategyStatus, deployedAt: string | null, stats: { openPositions: number, totalPnl: string, totalTrades: number, winRate: string }, halts: Array<{ symbol: string, reason: ProtectionReason, until: string | null, triggeredAt: string | null, equity: string | null, threshold: string | null }> };

export type StrategiesQueryVariables = Exact<{
  cursor?: string | null | undefined;
}>;


export type StrategiesQuery = { signedStrategies: { nextCursor: string | null, data: Array<{ id: string, name: string, templateId: TemplateId, params: Record<string, unknown>, symbols: Array<string>, timeframe: Timeframe, capital: string, leverage: number, status: SignedStrategyStatus, deployedAt: string | null, stats: { openPositions: number, totalPnl: string, totalTrades: number, winRate: string }, halts: Array<{ symbol: string, reason: ProtectionReason, until: string | null, triggeredAt: string | null, equity: string | null, threshold: string | null }> }> } };

export type CreateStrategyMutationVariables = Exact<{
  input: CreateSignedStrategyInput;
}>;


export type CreateStrategyMutation = { createSignedStrategy: { id: string, name: string, templateId: TemplateId, params: Record<string, unknown>, symbols: Array<string>, timeframe: Timeframe, capital: string, leverage: number, status: SignedStrategyStatus, deployedAt: string | null, stats: { openPositions: number, totalPnl: string, totalTrades: number, winRate: string }, halts: Array<{ symbol: string, reason: ProtectionReason, until: string | null, triggeredAt: string | null, equity: string | null, threshold: string | null }> } };

export type DeployDryRunMutationVariables = Exact<{
  id: string | number;
}>;


export type DeployDryRunMutation = { deployStrategy: { id: string, name: string, templateId: TemplateId, params: Record<string, unknown>, symbols: Array<string>, timeframe: Timeframe, capital: string, leverage: number, status: SignedStrategyStatus, deployedAt: string | null, stats: { openPositions: number, totalPnl: string, totalTrades: number, winRate: string }, halts: Array<{ symbol: string, reason: ProtectionReason, until: string | null, triggeredAt: string | null, equity: string | null, threshold: string | null }> } };

export type PauseStrategyMutationVariables = Exact<{
  id: string | number;
}>;


export type PauseStrategyMutation = { pauseStrategy: { id: string, name: string, templateId: TemplateId, params: Record<string, unknown>, symbols: Array<string>, timeframe: Timeframe, capital: string, leverage: number, status: SignedStrategyStatus, deployedAt: string | null, stats: { openPositions: number, totalPnl: string, totalTrades: number, winRate: string }, halts: Array<{ symbol: string, reason: ProtectionReason, until: string | null, triggeredAt: string | null, equity: string | null, threshold: string | null }> } };

export type StrategyEventFieldsFragment = { id: string, type: string, timestamp: string, data: Record<string, unknown> };

export type StrategyPositionsQueryVariables = Exact<{
  id: string | number;
  status?: PositionStatus | null | undefined;
  cursor?: string | null | undefined;
}>;


export type StrategyPositionsQuery = { signedStrategy: { id: string, positions: { nextCursor: string | null, data: Array<{ id: string, symbol: string, side: string, quantity: string, entryPrice: string, entryFee: string, openedAt: string, exitPrice: string | null, exitFee: string | null, funding: string, pnl: string | null, closedAt: string | null, closeReason: CloseReason | null, dryRun: boolean }> } } };

export type CloseStrategyPositionMutationVariables = Exact<{
  strategyId: string | number;
  symbol: string;
}>;


export type CloseStrategyPositionMutation = { closeStrategyPosition: { id: string, symbol: string, exitPrice: string | null, pnl: string | null, closeReason: CloseReason | null } };

export type StrategyEventHistoryQueryVariables = Exact<{
  id: string | number;
  after?: string | null | undefined;
}>;


export type StrategyEventHistoryQuery = { signedStrategy: { id: string, events: { nextCursor: string | null, data: Array<{ id: string, type: string, timestamp: string, data: Record<string, unknown> }> } } };

export type StrategyEventFeedSubscriptionVariables = Exact<{
  strategyId: string | number;
  after?: string | number | null | undefined;
}>;


export type StrategyEventFeedSubscription = { strategyEvents: { id: string, type: string, timestamp: string, data: Record<string, unknown> } };

export type SweepMetricsFragment = { sharpe: string, sortino: string, calmar: string, maxDrawdown: string, winRate: string, profitFactor: string, cagr: string, expectedValue: string, totalTrades: number, avgTradeDurationSeconds: number };

export type SweepFieldsFragment = { id: string, status: BacktestJobStatus, combinations: number, skipped: number, progress: number, submittedAt: string, finishedAt: string | null, config: { templateId: TemplateId, params: Record<string, unknown>, symbols: Array<string>, timeframe: Timeframe, start: string, end: string, objective: SweepObjective, top: number }, result: { objective: SweepObjective, rows: Array<{ params: Record<string, unknown>, metrics: { sharpe: string, sortino: string, calmar: string, maxDrawdown: string, winRate: string, profitFactor: string, cagr: string, expectedValue: string, totalTrades: number, avgTradeDurationSeconds: number } }> | null, selection: { trials: number, deflatedSharpe: string } | null } | null, error: { code: string, message: string } | null };

export type RunBacktestSweepMutationVariables = Exact<{
  input: CreateBacktestSweepInput;
}>;


export type RunBacktestSweepMutation = { createBacktestSweep: { id: string, status: BacktestJobStatus, combinations: number, skipped: number, progress: number, submittedAt: string, finishedAt: string | null, config: { templateId: TemplateId, params: Record<string, unknown>, symbols: Array<string>, timeframe: Timeframe, start: string, end: string, objective: SweepObjective, top: number }, result: { objective: SweepObjective, rows: Array<{ params: Record<string, unknown>, metrics: { sharpe: string, sortino: string, calmar: string, maxDrawdown: string, winRate: string, profitFactor: string, cagr: string, expectedValue: string, totalTrades: number, avgTradeDurationSeconds: number } }> | null, selection: { trials: number, deflatedSharpe: string } | null } | null, error: { code: string, message: string } | null } };

export type RecentBacktestSweepsQueryVariables = Exact<{
  limit?: number | null | undefined;
}>;


export type RecentBacktestSweepsQuery = { backtestSweeps: { data: Array<{ id: string, status: BacktestJobStatus, combinations: number, submittedAt: string, config: { templateId: TemplateId, symbols: Array<string>, objective: SweepObjective } }> } };

export type BacktestSweepResultQueryVariables = Exact<{
  id: string | number;
}>;


export type BacktestSweepResultQuery = { backtestSweep: { id: string, status: BacktestJobStatus, combinations: number, skipped: number, progress: number, submittedAt: string, finishedAt: string | null, config: { templateId: TemplateId, params: Record<string, unknown>, symbols: Array<string>, timeframe: Timeframe, start: string, end: string, objective: SweepObjective, top: number }, result: { objective: SweepObjective, rows: Array<{ params: Record<string, unknown>, metrics: { sharpe: string, sortino: string, calmar: string, maxDrawdown: string, winRate: string, profitFactor: string, cagr: string, expectedValue: string, totalTrades: number, avgTradeDurationSeconds: number } }> | null, selection: { trials: number, deflatedSharpe: string } | null } | null, error: { code: string, message: string } | null } };

export type BacktestSweepProgressSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type BacktestSweepProgressSubscription = { backtestSweep: { id: string, status: BacktestJobStatus, combinations: number, skipped: number, progress: number, submittedAt: string, finishedAt: string | null, config: { templateId: TemplateId, params: Record<string, unknown>, symbols: Array<string>, timeframe: Timeframe, start: string, end: string, objective: SweepObjective, top: number }, result: { objective: SweepObjective, rows: Array<{ params: Record<string, unknown>, metrics: { sharpe: string, sortino: string, calmar: string, maxDrawdown: string, winRate: string, profitFactor: string, cagr: string, expectedValue: string, totalTrades: number, avgTradeDurationSeconds: number } }> | null, selection: { trials: number, deflatedSharpe: string } | null } | null, error: { code: string, message: string } | null } };

export type WebhookFieldsFragment = { id: string, url: string, events: Array<string>, description: string | null, status: WebhookStatus, consecutiveFailures: number, lastDeliveryAt: string | null, lastSuccessAt: string | null, createdAt: string };

export type WebhooksQueryVariables = Exact<{
  cursor?: string | null | undefined;
}>;


export type WebhooksQuery = { webhooks: { nextCursor: string | null, data: Array<{ id: string, url: string, events: Array<string>, description: string | null, status: WebhookStatus, consecutiveFailures: number, lastDeliveryAt: string | null, lastSuccessAt: string | null, createdAt: string }> } };

export type CreateWebhookMutationVariables = Exact<{
  input: CreateWebhookInput;
}>;


export type CreateWebhookMutation = { createWebhook: { id: string, url: string, events: Array<string>, status: WebhookStatus, createdAt: string, secret: string, secretWarning: string } };

export type TestWebhookMutationVariables = Exact<{
  id: string;
}>;


export type TestWebhookMutation = { testWebhook: { testEventId: string, delivered: boolean, responseStatus: number | null, responseTimeMs: number | null, error: string | null } };

export type WebhookDeliveriesQueryVariables = Exact<{
  webhookId: string;
  cursor?: string | null | undefined;
}>;


export type WebhookDeliveriesQuery = { webhookDeliveries: { nextCursor: string | null, data: Array<{ id: string, eventId: string, eventType: string, status: WebhookDeliveryStatus, attempts: number, lastAttemptAt: string | null, responseStatus: number | null, responseTimeMs: number | null, error: string | null, createdAt: string }> } };

export type WebhookDeliveryAttemptsQueryVariables = Exact<{
  webhookId: string;
  deliveryId: string;
}>;


export type WebhookDeliveryAttemptsQuery = { webhookDeliveryAttempts: { data: Array<{ attemptedAt: string, responseStatus: number | null, responseTimeMs: number | null, error: string | null, responseBody: string | null }> } };

export type RotateWebhookSecretMutationVariables = Exact<{
  id: string;
}>;


export type RotateWebhookSecretMutation = { rotateWebhookSecret: { secret: string, secretWarning: string, previousSecretExpiresAt: string } };

export type RecoverWebhookMutationVariables = Exact<{
  id: string;
  since: string;
}>;


export type RecoverWebhookMutation = { recoverWebhook: { requeued: number } };

export type ReactivateWebhookMutationVariables = Exact<{
  id: string;
}>;


export type ReactivateWebhookMutation = { updateWebhook: { id: string, url: string, events: Array<string>, description: string | null, status: WebhookStatus, consecutiveFailures: number, lastDeliveryAt: string | null, lastSuccessAt: string | null, createdAt: string } };

export type RedeliverWebhookDeliveryMutationVariables = Exact<{
  webhookId: string;
  deliveryId: string;
}>;


export type RedeliverWebhookDeliveryMutation = { redeliverWebhookDelivery: { id: string, status: WebhookDeliveryStatus } };

export type WebhookEventTypesQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhookEventTypesQuery = { webhookEventTypes: Array<{ type: string, description: string }> };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const TemplateFieldsFragmentDoc = new TypedDocumentString(`
    fragment TemplateFields on BacktestTemplate {
  id
  name
  description
  paramsSchema
  minCapital
}
    `, {"fragmentName":"TemplateFields"}) as unknown as TypedDocumentString<TemplateFieldsFragment, unknown>;
export const JobSummaryFragmentDoc = new TypedDocumentString(`
    fragment JobSummary on BacktestJob {
  id
  status
  progress
  submittedAt
  finishedAt
  config {
    templateId
    symbols
    timeframe
    start
    end
    capital
  }
  error {
    code
    message
  }
}
    `, {"fragmentName":"JobSummary"}) as unknown as TypedDocumentString<JobSummaryFragment, unknown>;
export const StrategyFieldsFragmentDoc = new TypedDocumentString(`
    fragment StrategyFields on SignedStrategy {
  id
  name
  templateId
  params
  symbols
  timeframe
  capital
  leverage
  status
  deployedAt
  stats {
    openPositions
    totalPnl
    totalTrades
    winRate
  }
  halts {
    symbol
    reason
    until
    triggeredAt
    equity
    threshold
  }
}
    `, {"fragmentName":"StrategyFields"}) as unknown as TypedDocumentString<StrategyFieldsFragment, unknown>;
export const StrategyEventFieldsFragmentDoc = new TypedDocumentString(`
    fragment StrategyEventFields on StrategyEvent {
  id
  type
  timestamp
  data
}
    `, {"fragmentName":"StrategyEventFields"}) as unknown as TypedDocumentString<StrategyEventFieldsFragment, unknown>;
export const SweepMetricsFragmentDoc = new TypedDocumentString(`
    fragment SweepMetrics on BacktestMetrics {
  sharpe
  sortino
  calmar
  maxDrawdown
  winRate
  profitFactor
  cagr
  expectedValue
  totalTrades
  avgTradeDurationSeconds
}
    `, {"fragmentName":"SweepMetrics"}) as unknown as TypedDocumentString<SweepMetricsFragment, unknown>;
export const SweepFieldsFragmentDoc = new TypedDocumentString(`
    fragment SweepFields on BacktestSweep {
  id
  status
  combinations
  skipped
  progress
  submittedAt
  finishedAt
  config {
    templateId
    params
    symbols
    timeframe
    start
    end
    objective
    top
  }
  result {
    objective
    rows {
      params
      metrics {
        ...SweepMetrics
      }
    }
    selection {
      trials
      deflatedSharpe
    }
  }
  error {
    code
    message
  }
}
    fragment SweepMetrics on BacktestMetrics {
  sharpe
  sortino
  calmar
  maxDrawdown
  winRate
  profitFactor
  cagr
  expectedValue
  totalTrades
  avgTradeDurationSeconds
}`, {"fragmentName":"SweepFields"}) as unknown as TypedDocumentString<SweepFieldsFragment, unknown>;
export const WebhookFieldsFragmentDoc = new TypedDocumentString(`
    fragment WebhookFields on Webhook {
  id
  url
  events
  description
  status
  consecutiveFailures
  lastDeliveryAt
  lastSuccessAt
  createdAt
}
    `, {"fragmentName":"WebhookFields"}) as unknown as TypedDocumentString<WebhookFieldsFragment, unknown>;
export const BacktestTemplatesDocument = new TypedDocumentString(`
    query BacktestTemplates {
  backtestTemplates {
    ...TemplateFields
  }
}
    fragment TemplateFields on BacktestTemplate {
  id
  name
  description
  paramsSchema
  minCapital
}`) as unknown as TypedDocumentString<BacktestTemplatesQuery, BacktestTemplatesQueryVariables>;
export const RecentBacktestJobsDocument = new TypedDocumentString(`
    query RecentBacktestJobs($limit: Int) {
  backtestJobs(limit: $limit) {
    data {
      ...JobSummary
    }
  }
}
    fragment JobSummary on BacktestJob {
  id
  status
  progress
  submittedAt
  finishedAt
  config {
    templateId
    symbols
    timeframe
    start
    end
    capital
  }
  error {
    code
    message
  }
}`) as unknown as TypedDocumentString<RecentBacktestJobsQuery, RecentBacktestJobsQueryVariables>;
export const BacktestJobResultDocument = new TypedDocumentString(`
    query BacktestJobResult($id: ID!) {
  backtestJob(id: $id) {
    ...JobSummary
    result {
      metrics {
        sharpe
        sortino
        calmar
        maxDrawdown
        winRate
        profitFactor
        cagr
        expectedValue
        totalTrades
        avgTradeDurationSeconds
      }
      equityCurve {
        time
        equity
      }
      trades {
        id
        side
        symbol
        entryTime
        entryPrice
        exitTime
        exitPrice
        qty
        pnl
        fee
        funding
        exitReason
        mae
        mfe
      }
      report {
        summary {
          totalReturn
          buyAndHoldReturn
          exposure
          totalFees
          totalFunding
          longTrades
          shortTrades
          bestTrade
          worstTrade
          avgTradeDurationS
          maxConsecutiveWins
          maxConsecutiveLosses
        }
        perSymbol {
          symbol
          trades
          winRate
          pnl
          fees
          funding
        }
        monthlyReturns {
          month
          return
        }
        drawdowns {
          peakTime
          troughTime
          recoveryTime
          depth
        }
      }
    }
  }
}
    fragment JobSummary on BacktestJob {
  id
  status
  progress
  submittedAt
  finishedAt
  config {
    templateId
    symbols
    timeframe
    start
    end
    capital
  }
  error {
    code
    message
  }
}`) as unknown as TypedDocumentString<BacktestJobResultQuery, BacktestJobResultQueryVariables>;
export const RunBacktestDocument = new TypedDocumentString(`
    mutation RunBacktest($input: CreateBacktestJobInput!) {
  createBacktestJob(input: $input) {
    ...JobSummary
  }
}
    fragment JobSummary on BacktestJob {
  id
  status
  progress
  submittedAt
  finishedAt
  config {
    templateId
    symbols
    timeframe
    start
    end
    capital
  }
  error {
    code
    message
  }
}`) as unknown as TypedDocumentString<RunBacktestMutation, RunBacktestMutationVariables>;
export const BacktestJobProgressDocument = new TypedDocumentString(`
    subscription BacktestJobProgress($id: ID!) {
  backtestJob(id: $id) {
    ...JobSummary
  }
}
    fragment JobSummary on BacktestJob {
  id
  status
  progress
  submittedAt
  finishedAt
  config {
    templateId
    symbols
    timeframe
    start
    end
    capital
  }
  error {
    code
    message
  }
}`) as unknown as TypedDocumentString<BacktestJobProgressSubscription, BacktestJobProgressSubscriptionVariables>;
export const ValidateStrategyExpressionDocument = new TypedDocumentString(`
    query ValidateStrategyExpression($entry: String!, $exit: String!) {
  validateStrategyExpression(entry: $entry, exit: $exit) {
    valid
    parameters
    warmupBars
  }
}
    `) as unknown as TypedDocumentString<ValidateStrategyExpressionQuery, ValidateStrategyExpressionQueryVariables>;
export const PublicStrategiesDocument = new TypedDocumentString(`
    query PublicStrategies {
  strategies {
    id
    name
    author
    entryCondition
    exitCondition
  }
}
    `) as unknown as TypedDocumentString<PublicStrategiesQuery, PublicStrategiesQueryVariables>;
export const MarketOverviewDocument = new TypedDocumentString(`
    query MarketOverview {
  activeTickers {
    symbol
    lastPrice
    priceChangePercent
    quoteVolume
  }
  whaleBoard {
    generatedAt
    rows {
      symbol
      quoteVolume
      whaleLongShort
      score
    }
  }
  fundingRates {
    symbol
    fundingRate
    markPrice
    nextFundingTime
  }
}
    `) as unknown as TypedDocumentString<MarketOverviewQuery, MarketOverviewQueryVariables>;
export const KlinesDocument = new TypedDocumentString(`
    query Klines($symbol: String!, $interval: String!, $limit: Int, $startTime: SafeInt, $endTime: SafeInt) {
  klines(
    symbol: $symbol
    interval: $interval
    limit: $limit
    startTime: $startTime
    endTime: $endTime
  ) {
    openTime
    open
    high
    low
    close
  }
}
    `) as unknown as TypedDocumentString<KlinesQuery, KlinesQueryVariables>;
export const LiveKlineDocument = new TypedDocumentString(`
    subscription LiveKline($symbol: String!, $interval: String!) {
  kline(symbol: $symbol, interval: $interval) {
    openTime
    open
    high
    low
    close
    closed
  }
}
    `) as unknown as TypedDocumentString<LiveKlineSubscription, LiveKlineSubscriptionVariables>;
export const LiveMarkPriceDocument = new TypedDocumentString(`
    subscription LiveMarkPrice($symbol: String!) {
  markPrice(symbol: $symbol) {
    markPrice
    fundingRate
    time
  }
}
    `) as unknown as TypedDocumentString<LiveMarkPriceSubscription, LiveMarkPriceSubscriptionVariables>;
export const MeDocument = new TypedDocumentString(`
    query Me {
  me {
    id
    email
    name
  }
}
    `) as unknown as TypedDocumentString<MeQuery, MeQueryVariables>;
export const StrategiesDocument = new TypedDocumentString(`
    query Strategies($cursor: String) {
  signedStrategies(cursor: $cursor, limit: 50) {
    data {
      ...StrategyFields
    }
    nextCursor
  }
}
    fragment StrategyFields on SignedStrategy {
  id
  name
  templateId
  params
  symbols
  timeframe
  capital
  leverage
  status
  deployedAt
  stats {
    openPositions
    totalPnl
    totalTrades
    winRate
  }
  halts {
    symbol
    reason
    until
    triggeredAt
    equity
    threshold
  }
}`) as unknown as TypedDocumentString<StrategiesQuery, StrategiesQueryVariables>;
export const CreateStrategyDocument = new TypedDocumentString(`
    mutation CreateStrategy($input: CreateSignedStrategyInput!) {
  createSignedStrategy(input: $input) {
    ...StrategyFields
  }
}
    fragment StrategyFields on SignedStrategy {
  id
  name
  templateId
  params
  symbols
  timeframe
  capital
  leverage
  status
  deployedAt
  stats {
    openPositions
    totalPnl
    totalTrades
    winRate
  }
  halts {
    symbol
    reason
    until
    triggeredAt
    equity
    threshold
  }
}`) as unknown as TypedDocumentString<CreateStrategyMutation, CreateStrategyMutationVariables>;
export const DeployDryRunDocument = new TypedDocumentString(`
    mutation DeployDryRun($id: ID!) {
  deployStrategy(id: $id, input: {dryRun: true}) {
    ...StrategyFields
  }
}
    fragment StrategyFields on SignedStrategy {
  id
  name
  templateId
  params
  symbols
  timeframe
  capital
  leverage
  status
  deployedAt
  stats {
    openPositions
    totalPnl
    totalTrades
    winRate
  }
  halts {
    symbol
    reason
    until
    triggeredAt
    equity
    threshold
  }
}`) as unknown as TypedDocumentString<DeployDryRunMutation, DeployDryRunMutationVariables>;
export const PauseStrategyDocument = new TypedDocumentString(`
    mutation PauseStrategy($id: ID!) {
  pauseStrategy(id: $id) {
    ...StrategyFields
  }
}
    fragment StrategyFields on SignedStrategy {
  id
  name
  templateId
  params
  symbols
  timeframe
  capital
  leverage
  status
  deployedAt
  stats {
    openPositions
    totalPnl
    totalTrades
    winRate
  }
  halts {
    symbol
    reason
    until
    triggeredAt
    equity
    threshold
  }
}`) as unknown as TypedDocumentString<PauseStrategyMutation, PauseStrategyMutationVariables>;
export const StrategyPositionsDocument = new TypedDocumentString(`
    query StrategyPositions($id: ID!, $status: PositionStatus, $cursor: String) {
  signedStrategy(id: $id) {
    id
    positions(status: $status, cursor: $cursor, limit: 20) {
      data {
        id
        symbol
        side
        quantity
        entryPrice
        entryFee
        openedAt
        exitPrice
        exitFee
        funding
        pnl
        closedAt
        closeReason
        dryRun
      }
      nextCursor
    }
  }
}
    `) as unknown as TypedDocumentString<StrategyPositionsQuery, StrategyPositionsQueryVariables>;
export const CloseStrategyPositionDocument = new TypedDocumentString(`
    mutation CloseStrategyPosition($strategyId: ID!, $symbol: String!) {
  closeStrategyPosition(strategyId: $strategyId, symbol: $symbol) {
    id
    symbol
    exitPrice
    pnl
    closeReason
  }
}
    `) as unknown as TypedDocumentString<CloseStrategyPositionMutation, CloseStrategyPositionMutationVariables>;
export const StrategyEventHistoryDocument = new TypedDocumentString(`
    query StrategyEventHistory($id: ID!, $after: String) {
  signedStrategy(id: $id) {
    id
    events(after: $after, limit: 500) {
      data {
        ...StrategyEventFields
      }
      nextCursor
    }
  }
}
    fragment StrategyEventFields on StrategyEvent {
  id
  type
  timestamp
  data
}`) as unknown as TypedDocumentString<StrategyEventHistoryQuery, StrategyEventHistoryQueryVariables>;
export const StrategyEventFeedDocument = new TypedDocumentString(`
    subscription StrategyEventFeed($strategyId: ID!, $after: ID) {
  strategyEvents(strategyId: $strategyId, after: $after) {
    ...StrategyEventFields
  }
}
    fragment StrategyEventFields on StrategyEvent {
  id
  type
  timestamp
  data
}`) as unknown as TypedDocumentString<StrategyEventFeedSubscription, StrategyEventFeedSubscriptionVariables>;
export const RunBacktestSweepDocument = new TypedDocumentString(`
    mutation RunBacktestSweep($input: CreateBacktestSweepInput!) {
  createBacktestSweep(input: $input) {
    ...SweepFields
  }
}
    fragment SweepMetrics on BacktestMetrics {
  sharpe
  sortino
  calmar
  maxDrawdown
  winRate
  profitFactor
  cagr
  expectedValue
  totalTrades
  avgTradeDurationSeconds
}
fragment SweepFields on BacktestSweep {
  id
  status
  combinations
  skipped
  progress
  submittedAt
  finishedAt
  config {
    templateId
    params
    symbols
    timeframe
    start
    end
    objective
    top
  }
  result {
    objective
    rows {
      params
      metrics {
        ...SweepMetrics
      }
    }
    selection {
      trials
      deflatedSharpe
    }
  }
  error {
    code
    message
  }
}`) as unknown as TypedDocumentString<RunBacktestSweepMutation, RunBacktestSweepMutationVariables>;
export const RecentBacktestSweepsDocument = new TypedDocumentString(`
    query RecentBacktestSweeps($limit: Int) {
  backtestSweeps(limit: $limit) {
    data {
      id
      status
      combinations
      submittedAt
      config {
        templateId
        symbols
        objective
      }
    }
  }
}
    `) as unknown as TypedDocumentString<RecentBacktestSweepsQuery, RecentBacktestSweepsQueryVariables>;
export const BacktestSweepResultDocument = new TypedDocumentString(`
    query BacktestSweepResult($id: ID!) {
  backtestSweep(id: $id) {
    ...SweepFields
  }
}
    fragment SweepMetrics on BacktestMetrics {
  sharpe
  sortino
  calmar
  maxDrawdown
  winRate
  profitFactor
  cagr
  expectedValue
  totalTrades
  avgTradeDurationSeconds
}
fragment SweepFields on BacktestSweep {
  id
  status
  combinations
  skipped
  progress
  submittedAt
  finishedAt
  config {
    templateId
    params
    symbols
    timeframe
    start
    end
    objective
    top
  }
  result {
    objective
    rows {
      params
      metrics {
        ...SweepMetrics
      }
    }
    selection {
      trials
      deflatedSharpe
    }
  }
  error {
    code
    message
  }
}`) as unknown as TypedDocumentString<BacktestSweepResultQuery, BacktestSweepResultQueryVariables>;
export const BacktestSweepProgressDocument = new TypedDocumentString(`
    subscription BacktestSweepProgress($id: ID!) {
  backtestSweep(id: $id) {
    ...SweepFields
  }
}
    fragment SweepMetrics on BacktestMetrics {
  sharpe
  sortino
  calmar
  maxDrawdown
  winRate
  profitFactor
  cagr
  expectedValue
  totalTrades
  avgTradeDurationSeconds
}
fragment SweepFields on BacktestSweep {
  id
  status
  combinations
  skipped
  progress
  submittedAt
  finishedAt
  config {
    templateId
    params
    symbols
    timeframe
    start
    end
    objective
    top
  }
  result {
    objective
    rows {
      params
      metrics {
        ...SweepMetrics
      }
    }
    selection {
      trials
      deflatedSharpe
    }
  }
  error {
    code
    message
  }
}`) as unknown as TypedDocumentString<BacktestSweepProgressSubscription, BacktestSweepProgressSubscriptionVariables>;
export const WebhooksDocument = new TypedDocumentString(`
    query Webhooks($cursor: String) {
  webhooks(cursor: $cursor, limit: 50) {
    data {
      ...WebhookFields
    }
    nextCursor
  }
}
    fragment WebhookFields on Webhook {
  id
  url
  events
  description
  status
  consecutiveFailures
  lastDeliveryAt
  lastSuccessAt
  createdAt
}`) as unknown as TypedDocumentString<WebhooksQuery, WebhooksQueryVariables>;
export const CreateWebhookDocument = new TypedDocumentString(`
    mutation CreateWebhook($input: CreateWebhookInput!) {
  createWebhook(input: $input) {
    id
    url
    events
    status
    createdAt
    secret
    secretWarning
  }
}
    `) as unknown as TypedDocumentString<CreateWebhookMutation, CreateWebhookMutationVariables>;
export const TestWebhookDocument = new TypedDocumentString(`
    mutation TestWebhook($id: String!) {
  testWebhook(id: $id) {
    testEventId
    delivered
    responseStatus
    responseTimeMs
    error
  }
}
    `) as unknown as TypedDocumentString<TestWebhookMutation, TestWebhookMutationVariables>;
export const WebhookDeliveriesDocument = new TypedDocumentString(`
    query WebhookDeliveries($webhookId: String!, $cursor: String) {
  webhookDeliveries(webhookId: $webhookId, cursor: $cursor, limit: 20) {
    data {
      id
      eventId
      eventType
      status
      attempts
      lastAttemptAt
      responseStatus
      responseTimeMs
      error
      createdAt
    }
    nextCursor
  }
}
    `) as unknown as TypedDocumentString<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const WebhookDeliveryAttemptsDocument = new TypedDocumentString(`
    query WebhookDeliveryAttempts($webhookId: String!, $deliveryId: String!) {
  webhookDeliveryAttempts(webhookId: $webhookId, deliveryId: $deliveryId) {
    data {
      attemptedAt
      responseStatus
      responseTimeMs
      error
      responseBody
    }
  }
}
    `) as unknown as TypedDocumentString<WebhookDeliveryAttemptsQuery, WebhookDeliveryAttemptsQueryVariables>;
export const RotateWebhookSecretDocument = new TypedDocumentString(`
    mutation RotateWebhookSecret($id: String!) {
  rotateWebhookSecret(id: $id) {
    secret
    secretWarning
    previousSecretExpiresAt
  }
}
    `) as unknown as TypedDocumentString<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const RecoverWebhookDocument = new TypedDocumentString(`
    mutation RecoverWebhook($id: String!, $since: String!) {
  recoverWebhook(id: $id, since: $since) {
    requeued
  }
}
    `) as unknown as TypedDocumentString<RecoverWebhookMutation, RecoverWebhookMutationVariables>;
export const ReactivateWebhookDocument = new TypedDocumentString(`
    mutation ReactivateWebhook($id: String!) {
  updateWebhook(id: $id, input: {status: active}) {
    ...WebhookFields
  }
}
    fragment WebhookFields on Webhook {
  id
  url
  events
  description
  status
  consecutiveFailures
  lastDeliveryAt
  lastSuccessAt
  createdAt
}`) as unknown as TypedDocumentString<ReactivateWebhookMutation, ReactivateWebhookMutationVariables>;
export const RedeliverWebhookDeliveryDocument = new TypedDocumentString(`
    mutation RedeliverWebhookDelivery($webhookId: String!, $deliveryId: String!) {
  redeliverWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<RedeliverWebhookDeliveryMutation, RedeliverWebhookDeliveryMutationVariables>;
export const WebhookEventTypesDocument = new TypedDocumentString(`
    query WebhookEventTypes {
  webhookEventTypes {
    type
    description
  }
}
    `) as unknown as TypedDocumentString<WebhookEventTypesQuery, WebhookEventTypesQueryVariables>;