import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireCaller } from '../auth/caller';
import type { EquityPoint, TemplateListing } from '../engine';
import { Operation } from '../operations/operation';
import { wireInput } from '../operations/wire-input';
import {
  BacktestEquityPointType,
  BacktestJobFilterArgs,
  BacktestJobPageType,
  BacktestJobType,
  BacktestResultType,
  BacktestTemplateType,
  CreateBacktestJobInput,
} from '../schema/backtest.types';
import type { GraphQLContext } from '../schema/context';
import type { JobRecord } from '../services/backtests/job-records';

/**
 * Backtest jobs (spec "Backtest jobs", contract §7): the one entry point of
 * each operation, for GraphQL and for `/v1/backtest/...`. Arguments that
 * carry client input are `unknown` here: GraphQL has checked their types,
 * a REST body has not, and the service validates both the same way.
 */
@Resolver()
export class BacktestResolver {
  @Operation({ weight: 1 })
  @Query(() => [BacktestTemplateType])
  backtestTemplates(@Ctx() { services, caller }: GraphQLContext): TemplateListing[] {
    requireCaller(caller);
    return services.backtestJobs.templates();
  }

  @Operation({ weight: 5 })
  @Query(() => BacktestJobPageType, { description: "The caller's jobs, newest first; results carry metrics only." })
  backtestJobs(@Args(() => BacktestJobFilterArgs) filter: BacktestJobFilterArgs, @Ctx() { services, caller }: GraphQLContext): Promise<BacktestJobPageType> {
    return services.backtestJobs.list(requireCaller(caller), wireInput(filter));
  }

  @Operation({ weight: 2 })
  @Query(() => BacktestJobType)
  backtestJob(@Arg('id', () => ID) id: string, @Ctx() { services, caller }: GraphQLContext): Promise<JobRecord> {
    return services.backtestJobs.get(requireCaller(caller), id);
  }

  @Operation({ weight: 20 })
  @Mutation(() => BacktestJobType)
  createBacktestJob(@Arg('input', () => CreateBacktestJobInput) input: unknown, @Ctx() { services, caller }: GraphQLContext): Promise<JobRecord> {
    return services.backtestJobs.create(requireCaller(caller), wireInput(input));
  }

  @Operation({ weight: 5 })
  @Mutation(() => BacktestJobType)
  cancelBacktestJob(
    @Arg('id', () => ID) id: string,
    @Ctx() { services, caller }: GraphQLContext,
    @Arg('reason', () => String, { nullable: true }) reason?: unknown,
  ): Promise<JobRecord> {
    return services.backtestJobs.cancel(requireCaller(caller), id, { reason: reason ?? undefined });
  }

  @Operation({ weight: 1 })
  @Subscription(() => BacktestJobType, {
    name: 'backtestJob',
    description: "The job now, then on each status or progress change until it ends; the owner's jobs only.",
    subscribe: ({ args, context }) =>
      (context as GraphQLContext).services.backtestJobs.watch(requireCaller((context as GraphQLContext).caller), String((args as { id: unknown }).id)),
  })
  backtestJobChanged(@Root() record: JobRecord, @Arg('id', () => ID) _id: string): JobRecord {
    return record;
  }
}

/** The one field whose GraphQL shape differs from the record: equity points are `[time, equity]` pairs on REST. */
@Resolver(() => BacktestResultType)
export class BacktestResultFields {
  @FieldResolver(() => [BacktestEquityPointType], { name: 'equityCurve', nullable: true })
  equityCurve(@Root() result: { equity_curve?: EquityPoint[] }): BacktestEquityPointType[] | null {
    return result.equity_curve?.map(([time, equity]) => ({ time, equity })) ?? null;
  }
}
