import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('BacktestTemplate', { description: 'A strategy template (contract §7).' })
export class BacktestTemplateType {
  @Field(() => String)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => GraphQLJSONObject, { description: 'JSON Schema of the template params.' })
  paramsSchema!: Record<string, unknown>;

  @Field(() => String, { description: 'Decimal string.' })
  minCapital!: string;
}

@ObjectType('BacktestConfig', { description: 'The resolved configuration of a job.' })
export class BacktestConfigType {
  @Field(() => String)
  templateId!: string;

  @Field(() => GraphQLJSONObject)
  params!: Record<string, unknown>;

  @Field(() => [String])
  symbols!: string[];

  @Field(() => String)
  timeframe!: string;

  @Field(() => String)
  start!: string;

  @Field(() => String)
  end!: string;

  @Field(() => String, { description: 'Decimal string.' })
  capital!: string;

  @Field(() => Int)
  leverage!: number;

  @Field(() => String)
  feeModel!: string;

  @Field(() => String, { nullable: true, description: 'Present only for fixed_bps.' })
  feeBps!: string | null;
}

@ObjectType('BacktestMetrics', { description: 'Contract §7 metrics; decimals are strings.' })
export class BacktestMetricsType {
  @Field(() => String) sharpe!: string;
  @Field(() => String) sortino!: string;
  @Field(() => String) calmar!: string;
  @Field(() => String) maxDrawdown!: string;
  @Field(() => String) winRate!: string;
  @Field(() => String) profitFactor!: string;
  @Field(() => String) cagr!: string;
  @Field(() => String) expectedValue!: string;
  @Field(() => Int) totalTrades!: number;
  @Field(() => Int) avgTradeDurationSeconds!: number;
}

@ObjectType('BacktestTrade')
export class BacktestTradeType {
  @Field(() => Int) id!: number;
  @Field(() => String) side!: string;
  @Field(() => String) symbol!: string;
  @Field(() => String) entryTime!: string;
  @Field(() => String) entryPrice!: string;
  @Field(() => String) exitTime!: string;
  @Field(() => String) exitPrice!: string;
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
  @Field(() => BacktestMetricsType)
  metrics!: BacktestMetricsType;

  @Field(() => [BacktestEquityPointType], { nullable: true })
  equityCurve!: BacktestEquityPointType[] | null;

  @Field(() => [BacktestTradeType], { nullable: true })
  trades!: BacktestTradeType[] | null;
}

@ObjectType('BacktestJobError')
export class BacktestJobErrorType {
  @Field(() => String) code!: string;
  @Field(() => String) message!: string;
}

@ObjectType('BacktestJob', { description: 'Spec "Backtest job".' })
export class BacktestJobType {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'queued, running, done, failed or cancelled.' }) status!: string;
  @Field(() => BacktestConfigType) config!: BacktestConfigType;
  @Field(() => String) submittedAt!: string;
  @Field(() => String, { nullable: true }) startedAt!: string | null;
  @Field(() => String, { nullable: true }) finishedAt!: string | null;
  @Field(() => Float) progress!: number;
  @Field(() => BacktestResultType, { nullable: true }) result!: BacktestResultType | null;
  @Field(() => BacktestJobErrorType, { nullable: true }) error!: BacktestJobErrorType | null;
}

@ObjectType('BacktestJobPage')
export class BacktestJobPageType {
  @Field(() => [BacktestJobType]) data!: BacktestJobType[];
  @Field(() => String, { nullable: true }) nextCursor!: string | null;
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
