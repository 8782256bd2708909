import { GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { BacktestMetrics, BacktestTrade, TemplateListing } from '../engine';
import type { ExpressionValidation } from '../services/backtests/expression-validation';
import type { JobConfig } from '../services/backtests/job-config';
import type { JobRecord } from '../services/backtests/job-records';
import type { JobError } from '../services/backtests/run-records';
import type { SweepRecord, SweepSelection } from '../services/backtests/sweep-records';
import { BacktestReportType } from './backtest-report.types';
import { ExitReasonEnum, FeeModelEnum, JobStatusEnum, SweepObjectiveEnum, TemplateIdEnum, TimeframeEnum } from './enums';

/*
 * These object types are declared over the service's wire records (the REST
 * shapes, snake_case) and give each field its GraphQL name, so a resolver
 * returns the record itself and no mapper can drift from it.
 */

@ObjectType('BacktestTemplate', { description: 'A strategy template (contract §7).' })
export class BacktestTemplateType implements TemplateListing {
  @Field(() => TemplateIdEnum) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => GraphQLJSONObject, { name: 'paramsSchema', description: 'JSON Schema of the template params.' }) params_schema!: Record<string, unknown>;
  @Field(() => String, { name: 'minCapital', description: 'Decimal string.' }) min_capital!: string;
}

@ObjectType('ExpressionValidation', { description: 'Contract §17: rules of the expression template that would run.' })
export class ExpressionValidationType implements ExpressionValidation {
  @Field(() => Boolean) valid!: true;
  @Field(() => [String], { description: 'The named parameters the rules use, sorted.' }) parameters!: string[];
  @Field(() => Int, {
    name: 'warmupBars',
    nullable: true,
    description: 'Bars needed before both rules can be defined; null when a length is a parameter that params did not give.',
  })
  warmup_bars!: number | null;
}

@ObjectType('BacktestConfig', { description: 'The resolved configuration of a job.' })
export class BacktestConfigType implements Omit<JobConfig, 'timeframe' | 'fee_model'> {
  @Field(() => TemplateIdEnum, { name: 'templateId' }) template_id!: string;
  @Field(() => GraphQLJSONObject) params!: Record<string, unknown>;
  @Field(() => [String]) symbols!: string[];
  @Field(() => TimeframeEnum) timeframe!: string;
  @Field(() => String) start!: string;
  @Field(() => String) end!: string;
  @Field(() => String, { description: 'Decimal string.' }) capital!: string;
  @Field(() => Int) leverage!: number;
  @Field(() => FeeModelEnum, { name: 'feeModel' }) fee_model!: string;
  @Field(() => String, { name: 'feeBps', nullable: true, description: 'Present only for fixed_bps.' }) fee_bps?: string;
  @Field(() => String, { name: 'slippageBps', description: 'Market fills move against the order by this many basis points.' }) slippage_bps!: string;
}

@ObjectType('BacktestMetrics', { description: 'Contract §7 metrics; decimals are strings.' })
export class BacktestMetricsType implements BacktestMetrics {
  @Field(() => String) sharpe!: string;
  @Field(() => String) sortino!: string;
  @Field(() => String) calmar!: string;
  @Field(() => String, { name: 'maxDrawdown' }) max_drawdown!: string;
  @Field(() => String, { name: 'winRate' }) win_rate!: string;
  @Field(() => String, { name: 'profitFactor' }) profit_factor!: string;
  @Field(() => String) cagr!: string;
  @Field(() => String, { name: 'expectedValue' }) expected_value!: string;
  @Field(() => Int, { name: 'totalTrades' }) total_trades!: number;
  @Field(() => Int, { name: 'avgTradeDurationSeconds' }) avg_trade_duration_seconds!: number;
}

@ObjectType('BacktestTrade')
export class BacktestTradeType implements Omit<BacktestTrade, 'side' | 'exit_reason'> {
  @Field(() => Int) id!: number;
  @Field(() => String) side!: string;
  @Field(() => String) symbol!: string;
  @Field(() => String, { name: 'entryTime' }) entry_time!: string;
  @Field(() => String, { name: 'entryPrice' }) entry_price!: string;
  @Field(() => String, { name: 'exitTime' }) exit_time!: string;
  @Field(() => String, { name: 'exitPrice' }) exit_price!: string;
  @Field(() => String) qty!: string;
  @Field(() => String) pnl!: string;
  @Field(() => String) fee!: string;
  @Field(() => String, { description: 'Funding paid while open (negative when received), decimal string; pnl includes it.' }) funding!: string;
  @Field(() => ExitReasonEnum, { name: 'exitReason' }) exit_reason!: string;
  @Field(() => String, { description: 'Maximum adverse excursion: fraction of the entry price, ≤ 0.' }) mae!: string;
  @Field(() => String, { description: 'Maximum favourable excursion: fraction of the entry price, ≥ 0.' }) mfe!: string;
}

@ObjectType('BacktestEquityPoint', { description: 'Equity at 00:00 UTC of one simulated day.' })
export class BacktestEquityPointType {
  @Field(() => String) time!: string;
  @Field(() => String, { description: 'Decimal string.' }) equity!: string;
}

@ObjectType('BacktestResult', { description: 'Lists carry metrics only: equityCurve and trades are null there.' })
export class BacktestResultType {
  @Field(() => BacktestMetricsType) metrics!: BacktestMetricsType;
  // equityCurve: resolved from the record's `[time, equity]` pairs by `BacktestResultFields`.
  @Field(() => [BacktestTradeType], { nullable: true }) trades?: BacktestTradeType[];
  @Field(() => BacktestReportType, { nullable: true, description: 'Contract §18; null in lists and for jobs run before reports existed.' })
  report?: BacktestReportType;
}

@ObjectType('BacktestJobError')
export class BacktestJobErrorType implements Omit<JobError, 'code'> {
  @Field(() => String) code!: string;
  @Field(() => String) message!: string;
}

@ObjectType('BacktestJob', { description: 'Spec "Backtest job".' })
export class BacktestJobType implements Omit<JobRecord, 'status' | 'config' | 'result' | 'error'> {
  @Field(() => ID) id!: string;
  @Field(() => JobStatusEnum) status!: string;
  @Field(() => BacktestConfigType) config!: BacktestConfigType;
  @Field(() => String, { name: 'submittedAt' }) submitted_at!: string;
  @Field(() => String, { name: 'startedAt', nullable: true }) started_at!: string | null;
  @Field(() => String, { name: 'finishedAt', nullable: true }) finished_at!: string | null;
  @Field(() => Float) progress!: number;
  @Field(() => BacktestResultType, { nullable: true }) result!: BacktestResultType | null;
  @Field(() => BacktestJobErrorType, { nullable: true }) error!: BacktestJobErrorType | null;
}

@ObjectType('BacktestJobPage')
export class BacktestJobPageType {
  @Field(() => [BacktestJobType]) data!: JobRecord[];
  @Field(() => String, { name: 'nextCursor', nullable: true }) next_cursor!: string | null;
}

@ArgsType()
export class BacktestJobFilterArgs {
  @Field(() => JobStatusEnum, { nullable: true }) status?: string;
  @Field(() => TemplateIdEnum, { nullable: true }) templateId?: string;
  @Field(() => String, { nullable: true, description: 'Inclusive lower bound on submittedAt.' }) from?: string;
  @Field(() => String, { nullable: true, description: 'Exclusive upper bound on submittedAt.' }) to?: string;
  @Field(() => Int, { nullable: true }) limit?: number;
  @Field(() => String, { nullable: true }) cursor?: string;
}

@InputType('CreateBacktestJobInput', { description: 'The fields of POST /v1/backtest/jobs.' })
export class CreateBacktestJobInput {
  @Field(() => String, { nullable: true, description: 'A signed-API strategy whose config is the base that the other fields override.' })
  strategyId?: string;
  @Field(() => TemplateIdEnum, { nullable: true, description: 'Required unless strategyId gives it.' }) templateId?: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Required unless strategyId gives it.' }) params?: Record<string, unknown>;
  @Field(() => [String], { nullable: true, description: 'Required unless strategyId gives it.' }) symbols?: string[];
  @Field(() => TimeframeEnum, { nullable: true, description: 'Required unless strategyId gives it.' }) timeframe?: string;
  @Field(() => String) start!: string;
  @Field(() => String) end!: string;
  @Field(() => String, { nullable: true, description: 'Required unless strategyId gives it.' }) capital?: string;
  @Field(() => Int, { nullable: true }) leverage?: number;
  @Field(() => FeeModelEnum, { nullable: true }) feeModel?: string;
  @Field(() => String, { nullable: true }) feeBps?: string;
  @Field(() => String, { nullable: true, description: 'Decimal string, default 0.' }) slippageBps?: string;
}

@ObjectType('BacktestWalkForwardSettings')
export class BacktestWalkForwardSettingsType {
  @Field(() => Int, { name: 'trainDays' }) train_days!: number;
  @Field(() => Int, { name: 'testDays' }) test_days!: number;
}

@ObjectType('BacktestSweepConfig', { description: "The resolved configuration of a sweep: a job's, with params as value lists." })
export class BacktestSweepConfigType extends BacktestConfigType {
  @Field(() => SweepObjectiveEnum, { description: 'The metric the leaderboard is sorted by, descending.' }) objective!: string;
  @Field(() => Int) top!: number;
  @Field(() => BacktestWalkForwardSettingsType, { name: 'walkForward', nullable: true }) walk_forward?: BacktestWalkForwardSettingsType;
}

@ObjectType('BacktestSweepRow', { description: "A combination's resolved params and its metrics over the sweep's whole range." })
export class BacktestSweepRowType {
  @Field(() => GraphQLJSONObject) params!: Record<string, unknown>;
  @Field(() => BacktestMetricsType) metrics!: BacktestMetricsType;
}

@ObjectType('BacktestWalkForwardWindow')
export class BacktestWalkForwardWindowType {
  @Field(() => String, { name: 'trainStart' }) train_start!: string;
  @Field(() => String, { name: 'trainEnd' }) train_end!: string;
  @Field(() => String, { name: 'testStart' }) test_start!: string;
  @Field(() => String, { name: 'testEnd' }) test_end!: string;
  @Field(() => GraphQLJSONObject, { description: 'The best combination on the train part.' }) params!: Record<string, unknown>;
  @Field(() => BacktestMetricsType, { name: 'trainMetrics' }) train_metrics!: BacktestMetricsType;
  @Field(() => BacktestMetricsType, { name: 'testMetrics' }) test_metrics!: BacktestMetricsType;
}

@ObjectType('BacktestWalkForward')
export class BacktestWalkForwardType {
  @Field(() => [BacktestWalkForwardWindowType]) windows!: BacktestWalkForwardWindowType[];
  @Field(() => BacktestMetricsType, { name: 'oosMetrics', description: 'Metrics of the test parts chained into one equity curve.' })
  oos_metrics!: BacktestMetricsType;
}

@ObjectType('BacktestSweepSelection', { description: 'Contract §18: how much the best row owes to the number of combinations tried.' })
export class BacktestSweepSelectionType implements SweepSelection {
  @Field(() => Int, { description: 'The combinations run.' }) trials!: number;
  @Field(() => String, {
    name: 'deflatedSharpe',
    description: "Probability (0-1) that the best row's Sharpe ratio is above zero after correcting for the trials (Bailey & López de Prado 2014).",
  })
  deflated_sharpe!: string;
}

@ObjectType('BacktestSweepResult', { description: 'Lists carry no rows; a running sweep shows its leaderboard so far.' })
export class BacktestSweepResultType {
  @Field(() => SweepObjectiveEnum) objective!: string;
  @Field(() => [BacktestSweepRowType], { nullable: true }) rows?: BacktestSweepRowType[];
  @Field(() => BacktestWalkForwardType, { name: 'walkForward', nullable: true }) walk_forward?: BacktestWalkForwardType;
  @Field(() => BacktestSweepSelectionType, { nullable: true, description: 'Contract §18: present once the sweep is done.' })
  selection?: BacktestSweepSelectionType;
}

@ObjectType('BacktestSweep', { description: 'Contract §13 parameter sweep.' })
export class BacktestSweepType implements Omit<SweepRecord, 'status' | 'config' | 'result' | 'error'> {
  @Field(() => ID) id!: string;
  @Field(() => JobStatusEnum) status!: string;
  @Field(() => BacktestSweepConfigType) config!: BacktestSweepConfigType;
  @Field(() => Int, { description: 'Size of the cartesian product of the value lists.' }) combinations!: number;
  @Field(() => Int, { description: 'Combinations the template rejects.' }) skipped!: number;
  @Field(() => String, { name: 'submittedAt' }) submitted_at!: string;
  @Field(() => String, { name: 'startedAt', nullable: true }) started_at!: string | null;
  @Field(() => String, { name: 'finishedAt', nullable: true }) finished_at!: string | null;
  @Field(() => Float) progress!: number;
  @Field(() => BacktestSweepResultType, { nullable: true }) result!: BacktestSweepResultType | null;
  @Field(() => BacktestJobErrorType, { nullable: true }) error!: BacktestJobErrorType | null;
}

@ObjectType('BacktestSweepPage')
export class BacktestSweepPageType {
  @Field(() => [BacktestSweepType]) data!: SweepRecord[];
  @Field(() => String, { name: 'nextCursor', nullable: true }) next_cursor!: string | null;
}

@InputType('BacktestWalkForwardInput')
export class BacktestWalkForwardInput {
  @Field(() => Int) trainDays!: number;
  @Field(() => Int) testDays!: number;
}

@InputType('CreateBacktestSweepInput', { description: 'The fields of POST /v1/backtest/sweeps.' })
export class CreateBacktestSweepInput {
  @Field(() => TemplateIdEnum) templateId!: string;
  @Field(() => GraphQLJSONObject, { description: 'Per parameter: a value, a list of values, or {from, to, step} (inclusive).' })
  params!: Record<string, unknown>;
  @Field(() => [String]) symbols!: string[];
  @Field(() => TimeframeEnum) timeframe!: string;
  @Field(() => String) start!: string;
  @Field(() => String) end!: string;
  @Field(() => String) capital!: string;
  @Field(() => Int, { nullable: true }) leverage?: number;
  @Field(() => FeeModelEnum, { nullable: true }) feeModel?: string;
  @Field(() => String, { nullable: true }) feeBps?: string;
  @Field(() => String, { nullable: true }) slippageBps?: string;
  @Field(() => SweepObjectiveEnum, { nullable: true, description: 'Default sharpe.' }) objective?: string;
  @Field(() => Int, { nullable: true, description: '1-100, default 20.' }) top?: number;
  @Field(() => BacktestWalkForwardInput, { nullable: true }) walkForward?: BacktestWalkForwardInput;
}
