import { GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { BacktestMetrics, BacktestTrade, TemplateListing } from '../engine';
import type { JobConfig } from '../services/backtests/job-config';
import type { JobError, JobRecord } from '../services/backtests/job-records';

/*
 * These object types are declared over the service's wire records (the REST
 * shapes, snake_case) and give each field its GraphQL name, so a resolver
 * returns the record itself and no mapper can drift from it.
 */

@ObjectType('BacktestTemplate', { description: 'A strategy template (contract §7).' })
export class BacktestTemplateType implements TemplateListing {
  @Field(() => String) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => GraphQLJSONObject, { name: 'paramsSchema', description: 'JSON Schema of the template params.' }) params_schema!: Record<string, unknown>;
  @Field(() => String, { name: 'minCapital', description: 'Decimal string.' }) min_capital!: string;
}

@ObjectType('BacktestConfig', { description: 'The resolved configuration of a job.' })
export class BacktestConfigType implements Omit<JobConfig, 'timeframe' | 'fee_model'> {
  @Field(() => String, { name: 'templateId' }) template_id!: string;
  @Field(() => GraphQLJSONObject) params!: Record<string, unknown>;
  @Field(() => [String]) symbols!: string[];
  @Field(() => String) timeframe!: string;
  @Field(() => String) start!: string;
  @Field(() => String) end!: string;
  @Field(() => String, { description: 'Decimal string.' }) capital!: string;
  @Field(() => Int) leverage!: number;
  @Field(() => String, { name: 'feeModel' }) fee_model!: string;
  @Field(() => String, { name: 'feeBps', nullable: true, description: 'Present only for fixed_bps.' }) fee_bps?: string;
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
export class BacktestTradeType implements Omit<BacktestTrade, 'side'> {
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
}

@ObjectType('BacktestJobError')
export class BacktestJobErrorType implements Omit<JobError, 'code'> {
  @Field(() => String) code!: string;
  @Field(() => String) message!: string;
}

@ObjectType('BacktestJob', { description: 'Spec "Backtest job".' })
export class BacktestJobType implements Omit<JobRecord, 'status' | 'config' | 'result' | 'error'> {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'queued, running, done, failed or cancelled.' }) status!: string;
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
  @Field(() => String, { nullable: true }) status?: string;
  @Field(() => String, { nullable: true }) templateId?: string;
  @Field(() => String, { nullable: true, description: 'Inclusive lower bound on submittedAt.' }) from?: string;
  @Field(() => String, { nullable: true, description: 'Exclusive upper bound on submittedAt.' }) to?: string;
  @Field(() => Int, { nullable: true }) limit?: number;
  @Field(() => String, { nullable: true }) cursor?: string;
}

@InputType('CreateBacktestJobInput', { description: 'The fields of POST /v1/backtest/jobs.' })
export class CreateBacktestJobInput {
  @Field(() => String, { nullable: true, description: 'A signed-API strategy whose config is the base that the other fields override.' })
  strategyId?: string;
  @Field(() => String, { nullable: true, description: 'Required unless strategyId gives it.' }) templateId?: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Required unless strategyId gives it.' }) params?: Record<string, unknown>;
  @Field(() => [String], { nullable: true, description: 'Required unless strategyId gives it.' }) symbols?: string[];
  @Field(() => String, { nullable: true, description: 'Required unless strategyId gives it.' }) timeframe?: string;
  @Field(() => String) start!: string;
  @Field(() => String) end!: string;
  @Field(() => String, { nullable: true, description: 'Required unless strategyId gives it.' }) capital?: string;
  @Field(() => Int, { nullable: true }) leverage?: number;
  @Field(() => String, { nullable: true }) feeModel?: string;
  @Field(() => String, { nullable: true }) feeBps?: string;
}
