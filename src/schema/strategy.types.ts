import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { PageOf } from './page.types';

@ObjectType('SignedStrategyStats', { description: 'Cumulative across runs; not reset on deploy.' })
export class StrategyStatsType {
  @Field(() => Int)
  openPositions!: number;

  @Field(() => String, { description: 'Decimal string, net of fees.' })
  totalPnl!: string;

  @Field(() => Int)
  totalTrades!: number;

  @Field(() => String, { description: 'Decimal fraction of closed trades with pnl > 0.' })
  winRate!: string;
}

@ObjectType('SignedStrategy', { description: 'A signed-API strategy (spec "Signed-API strategy").' })
export class StrategyType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  templateId!: string;

  @Field(() => GraphQLJSONObject)
  params!: Record<string, unknown>;

  @Field(() => [String])
  symbols!: string[];

  @Field(() => String)
  timeframe!: string;

  @Field(() => String, { description: 'Decimal string.' })
  capital!: string;

  @Field(() => Int)
  leverage!: number;

  @Field(() => String, { description: 'draft, deployed, paused, stopped or error.' })
  status!: string;

  @Field(() => String, { nullable: true })
  deployedAt!: string | null;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String)
  updatedAt!: string;

  @Field(() => StrategyStatsType)
  stats!: StrategyStatsType;
}

export const StrategyPageType = PageOf(StrategyType, 'SignedStrategyPage');
export type StrategyPageType = InstanceType<typeof StrategyPageType>;

@InputType('CreateSignedStrategyInput')
export class CreateStrategyInput {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  templateId!: string;

  @Field(() => GraphQLJSONObject, { nullable: true })
  params?: Record<string, unknown> | null;

  @Field(() => [String])
  symbols!: string[];

  @Field(() => String)
  timeframe!: string;

  @Field(() => String, { description: 'Decimal string.' })
  capital!: string;

  @Field(() => Int, { nullable: true })
  leverage?: number | null;
}

@InputType('UpdateSignedStrategyInput')
export class UpdateStrategyInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true })
  params?: Record<string, unknown> | null;

  @Field(() => [String], { nullable: true })
  symbols?: string[] | null;

  @Field(() => String, { nullable: true })
  timeframe?: string | null;

  @Field(() => String, { nullable: true })
  capital?: string | null;

  @Field(() => Int, { nullable: true })
  leverage?: number | null;
}

@InputType('DeployStrategyInput', { description: 'Overrides for this run only; never stored on the strategy.' })
export class DeployStrategyInput {
  @Field(() => String, { nullable: true })
  capital?: string | null;

  @Field(() => Int, { nullable: true })
  leverage?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Default false: live orders with the registered exchange key.' })
  dryRun?: boolean | null;
}

@ObjectType('StrategyEvent', { description: 'Contract §9 envelope of a strategy event.' })
export class StrategyEventType {
  @Field(() => String)
  id!: string;

  @Field(() => String)
  type!: string;

  @Field(() => String)
  timestamp!: string;

  @Field(() => GraphQLJSONObject)
  data!: Record<string, unknown>;
}
