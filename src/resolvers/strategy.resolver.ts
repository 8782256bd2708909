import { Operation } from '../operations/operation';
import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireCaller } from '../auth/caller';
import type { GraphQLContext } from '../schema/context';
import { CreateStrategyInput, DeployStrategyInput, StrategyEventType, StrategyPageType, StrategyType, UpdateStrategyInput } from '../schema/strategy.types';
import type { StrategyRecord } from '../services/strategies/strategy-records';

function toStrategy(record: StrategyRecord): StrategyType {
  return {
    id: record.id,
    name: record.name,
    templateId: record.template_id,
    params: record.params,
    symbols: record.symbols,
    timeframe: record.timeframe,
    capital: record.capital,
    leverage: record.leverage,
    status: record.status,
    deployedAt: record.deployed_at ?? null,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
    stats: {
      openPositions: record.stats.open_positions,
      totalPnl: record.stats.total_pnl,
      totalTrades: record.stats.total_trades,
      winRate: record.stats.win_rate,
    },
  };
}

/** A key caller sees its own key's strategies, an app-token caller all of the user's. */
/** Signed-API strategies over GraphQL: the same services as `/v1/strategies`. */
@Resolver()
export class StrategyResolver {
  @Operation({ weight: 5 })
  @Query(() => StrategyPageType, { description: "The caller's signed-API strategies, newest first (public strategy records are `strategies`)." })
  async signedStrategies(
    @Ctx() { services, caller }: GraphQLContext,
    @Arg('status', () => String, { nullable: true }) status?: string,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
    @Arg('cursor', () => String, { nullable: true }) cursor?: string,
  ): Promise<StrategyPageType> {
    const page = await services.strategies.list(requireCaller(caller), { status, limit, cursor });
    return { data: page.data.map(toStrategy), nextCursor: page.next_cursor };
  }

  @Operation({ weight: 2 })
  @Query(() => StrategyType)
  async signedStrategy(@Arg('id', () => ID) id: string, @Ctx() { services, caller }: GraphQLContext): Promise<StrategyType> {
    return toStrategy(await services.strategies.get(requireCaller(caller), id));
  }

  @Operation({ weight: 5 })
  @Mutation(() => StrategyType, { description: 'Creates a strategy in draft.' })
  async createSignedStrategy(
    @Arg('input', () => CreateStrategyInput) input: CreateStrategyInput,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<StrategyType> {
    return toStrategy(
      await services.strategies.create(requireCaller(caller), {
        name: input.name,
        template_id: input.templateId,
        params: input.params ?? undefined,
        symbols: input.symbols,
        timeframe: input.timeframe,
        capital: input.capital,
        leverage: input.leverage ?? undefined,
      }),
    );
  }

  @Operation({ weight: 5 })
  @Mutation(() => StrategyType)
  async updateSignedStrategy(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateStrategyInput) input: UpdateStrategyInput,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<StrategyType> {
    return toStrategy(
      await services.strategies.update(requireCaller(caller), id, {
        name: input.name ?? undefined,
        params: input.params ?? undefined,
        symbols: input.symbols ?? undefined,
        timeframe: input.timeframe ?? undefined,
        capital: input.capital ?? undefined,
        leverage: input.leverage ?? undefined,
      }),
    );
  }

  @Operation({ weight: 5 })
  @Mutation(() => StrategyType, { description: 'Stops the strategy for good (status stopped); a deployed strategy must be paused first.' })
  async deleteSignedStrategy(@Arg('id', () => ID) id: string, @Ctx() { services, caller }: GraphQLContext): Promise<StrategyType> {
    return toStrategy(await services.strategies.delete(requireCaller(caller), id));
  }

  @Operation({ weight: 10 })
  @Mutation(() => StrategyType)
  async deployStrategy(
    @Arg('id', () => ID) id: string,
    @Ctx() { services, caller }: GraphQLContext,
    @Arg('input', () => DeployStrategyInput, { nullable: true }) input?: DeployStrategyInput,
  ): Promise<StrategyType> {
    return toStrategy(
      await services.strategyRuns.deploy(requireCaller(caller), id, {
        capital: input?.capital ?? undefined,
        leverage: input?.leverage ?? undefined,
        dry_run: input?.dryRun ?? undefined,
      }),
    );
  }

  @Operation({ weight: 5 })
  @Mutation(() => StrategyType)
  async pauseStrategy(
    @Arg('id', () => ID) id: string,
    @Ctx() { services, caller }: GraphQLContext,
    @Arg('closePositions', () => Boolean, { nullable: true }) closePositions?: boolean,
  ): Promise<StrategyType> {
    return toStrategy(await services.strategyRuns.pause(requireCaller(caller), id, { close_positions: closePositions ?? undefined }));
  }

  @Subscription(() => StrategyEventType, {
    description: "Events of one of the caller's strategies (contract §9 envelope); NOT_FOUND for another key's strategy.",
    subscribe: ({ args, context }) => {
      const { services, caller } = context as GraphQLContext;
      return services.strategies.followEvents(requireCaller(caller), String((args as { strategyId: unknown }).strategyId));
    },
  })
  strategyEvents(@Root() event: StrategyEventType, @Arg('strategyId', () => ID) _strategyId: string): StrategyEventType {
    return event;
  }
}
