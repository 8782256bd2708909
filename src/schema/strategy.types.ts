import { GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { EventEnvelope } from '../events/event-types';
import type { PositionRecord, StrategyRecord, StrategyStats } from '../services/strategies/strategy-records';
import type { StrategyHalt } from '../services/strategies/strategy-halts';
import { CloseReasonEnum, PositionStatusEnum, ProtectionReasonEnum, StrategyStatusEnum, TemplateIdEnum, TimeframeEnum } from './enums';

/*
 * Declared over the service's wire records (the REST shapes, snake_case) with
 * camelCase GraphQL names, so resolvers return the records themselves.
 */

@ObjectType('SignedStrategyStats', { description: 'Cumulative across runs; not reset on deploy.' })
export class StrategyStatsType implements StrategyStats {
  @Field(() => Int, { name: 'openPositions' }) open_positions!: number;
  @Field(() => String, { name: 'totalPnl', description: 'Decimal string, net of fees.' }) total_pnl!: string;
  @Field(() => Int, { name: 'totalTrades' }) total_trades!: number;
  @Field(() => String, { name: 'winRate', description: 'Decimal fraction of closed trades with pnl > 0.' }) win_rate!: string;
}

@ObjectType('StrategyHalt', {
  description: "Contract §19: a symbol whose entries the run's protections hold back now, with the strategy.protection_triggered that tripped it.",
})
export class StrategyHaltType implements StrategyHalt {
  @Field(() => String) symbol!: string;
  @Field(() => ProtectionReasonEnum, { description: 'max_drawdown: the run was closed and paused; daily_loss: no entry on this symbol until `until`.' })
  reason!: StrategyHalt['reason'];
  @Field(() => String, {
    nullable: true,
    description: 'When entries may fill again (the next 00:00 UTC); null for max_drawdown, which lasts until a new deploy.',
  })
  until!: string | null;
  @Field(() => String, { name: 'triggeredAt', nullable: true, description: 'When the rule tripped (the event time).' }) triggered_at!: string | null;
  @Field(() => String, { nullable: true, description: "Decimal string: the symbol share's equity at the close that tripped it." }) equity!: string | null;
  @Field(() => String, { nullable: true, description: 'Decimal string: the equity level the rule trips at.' }) threshold!: string | null;
}

@ObjectType('SignedStrategy', { description: 'A signed-API strategy (spec "Signed-API strategy").' })
export class StrategyType implements Omit<StrategyRecord, 'status'> {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => TemplateIdEnum, { name: 'templateId' }) template_id!: string;
  @Field(() => GraphQLJSONObject) params!: Record<string, unknown>;
  @Field(() => [String]) symbols!: string[];
  @Field(() => TimeframeEnum) timeframe!: string;
  @Field(() => String, { description: 'Decimal string.' }) capital!: string;
  @Field(() => Int) leverage!: number;
  @Field(() => String, { name: 'slippageBps', description: "Decimal string: a dry run's market fills move against the order by this many basis points." })
  slippage_bps!: string;
  @Field(() => StrategyStatusEnum) status!: string;
  @Field(() => String, { name: 'deployedAt', nullable: true }) deployed_at?: string;
  @Field(() => String, { name: 'createdAt' }) created_at!: string;
  @Field(() => String, { name: 'updatedAt' }) updated_at!: string;
  @Field(() => StrategyStatsType) stats!: StrategyStatsType;
  @Field(() => [StrategyHaltType], {
    description: "Contract §19: the symbols whose entries the run's protections hold back now; empty when none. A new deploy clears them.",
  })
  halts!: StrategyHalt[];
  // positions and events: resolved per request through DataLoaders by `StrategyHistoryFields`.
}

@ObjectType('SignedStrategyPage')
export class StrategyPageType {
  @Field(() => [StrategyType]) data!: StrategyRecord[];
  @Field(() => String, { name: 'nextCursor', nullable: true, description: 'Pass back as `cursor` for the next page; null on the last page.' })
  next_cursor!: string | null;
}

@ObjectType('StrategyPosition', { description: 'Contract §11: a position of a strategy; exit fields and closeReason are null while it is open.' })
export class StrategyPositionType implements PositionRecord {
  @Field(() => ID) id!: string;
  @Field(() => String, { name: 'strategyId' }) strategy_id!: string;
  @Field(() => String) symbol!: string;
  @Field(() => String, { description: 'long or short.' }) side!: 'long' | 'short';
  @Field(() => String, { description: 'Decimal string.' }) quantity!: string;
  @Field(() => String, { name: 'entryPrice' }) entry_price!: string;
  @Field(() => String, { name: 'entryFee' }) entry_fee!: string;
  @Field(() => String, { name: 'openedAt' }) opened_at!: string;
  @Field(() => String, { name: 'exitPrice', nullable: true }) exit_price!: string | null;
  @Field(() => String, { name: 'exitFee', nullable: true }) exit_fee!: string | null;
  @Field(() => String, {
    description:
      'Decimal string: funding paid (positive) or received (negative) while open (dry runs: at the exchange’s rate; live runs: as the exchange charged it); part of pnl.',
  })
  funding!: string;
  @Field(() => String, { nullable: true, description: 'Net of both fees and of funding.' }) pnl!: string | null;
  @Field(() => String, { name: 'closedAt', nullable: true }) closed_at!: string | null;
  @Field(() => CloseReasonEnum, { name: 'closeReason', nullable: true })
  close_reason!: PositionRecord['close_reason'];
  @Field(() => Boolean, { name: 'dryRun' }) dry_run!: boolean;
}

@ObjectType('StrategyPositionPage')
export class StrategyPositionPageType {
  @Field(() => [StrategyPositionType]) data!: PositionRecord[];
  @Field(() => String, { name: 'nextCursor', nullable: true }) next_cursor!: string | null;
}

@ObjectType('StrategyEvent', { description: 'Contract §9 envelope of a strategy event.' })
export class StrategyEventType implements EventEnvelope {
  @Field(() => String) id!: string;
  @Field(() => String) type!: string;
  @Field(() => String) timestamp!: string;
  @Field(() => GraphQLJSONObject) data!: Record<string, unknown>;
}

@ObjectType('StrategyEventPage', { description: 'Oldest first; nextCursor is the id of the last event when more follow (pass it as `after`).' })
export class StrategyEventPageType {
  @Field(() => [StrategyEventType]) data!: EventEnvelope[];
  @Field(() => String, { name: 'nextCursor', nullable: true }) next_cursor!: string | null;
}

@ArgsType()
export class StrategyFilterArgs {
  @Field(() => StrategyStatusEnum, { nullable: true }) status?: string;
  @Field(() => Int, { nullable: true }) limit?: number;
  @Field(() => String, { nullable: true }) cursor?: string;
}

@ArgsType()
export class StrategyPositionArgs {
  @Field(() => PositionStatusEnum, { nullable: true, description: 'Both when absent.' }) status?: string;
  @Field(() => Int, { nullable: true, description: '1-100, default 20.' }) limit?: number;
  @Field(() => String, { nullable: true }) cursor?: string;
}

@ArgsType()
export class StrategyEventArgs {
  @Field(() => String, { nullable: true, description: 'An event id: only events recorded after it.' }) after?: string;
  @Field(() => Int, { nullable: true, description: '1-500, default 100.' }) limit?: number;
}

@InputType('CreateSignedStrategyInput')
export class CreateStrategyInput {
  @Field(() => String) name!: string;
  @Field(() => TemplateIdEnum) templateId!: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) params?: Record<string, unknown>;
  @Field(() => [String]) symbols!: string[];
  @Field(() => TimeframeEnum) timeframe!: string;
  @Field(() => String, { description: 'Decimal string.' }) capital!: string;
  @Field(() => Int, { nullable: true }) leverage?: number;
  @Field(() => String, { nullable: true, description: 'Decimal string, default 0.' }) slippageBps?: string;
}

@InputType('UpdateSignedStrategyInput')
export class UpdateStrategyInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) params?: Record<string, unknown>;
  @Field(() => [String], { nullable: true }) symbols?: string[];
  @Field(() => TimeframeEnum, { nullable: true }) timeframe?: string;
  @Field(() => String, { nullable: true }) capital?: string;
  @Field(() => Int, { nullable: true }) leverage?: number;
  @Field(() => String, { nullable: true }) slippageBps?: string;
}

@InputType('DeployStrategyInput', { description: 'Overrides for this run only; never stored on the strategy.' })
export class DeployStrategyInput {
  @Field(() => String, { nullable: true }) capital?: string;
  @Field(() => Int, { nullable: true }) leverage?: number;
  @Field(() => Boolean, { nullable: true, description: 'Default false: live orders with the registered exchange key.' }) dryRun?: boolean;
}
