import { Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { requireCaller } from '../auth/caller';
import type { BacktestReport, EquityPoint } from '../engine';
import { wireArgs } from '../operations/wire-input';
import { BacktestEquityPointType, BacktestJobFilterArgs, BacktestJobPageType, BacktestJobType, BacktestResultType } from '../schema/backtest.types';
import { BacktestReportType } from '../schema/backtest-report.types';
import type { GraphQLContext } from '../schema/context';
import { StrategyType } from '../schema/strategy.types';
import type { JobRecord } from '../services/backtests/job-records';
import type { StrategyRecord } from '../services/strategies/strategy-records';

/** The one field whose GraphQL shape differs from the record: equity points are `[time, equity]` pairs on REST. */
@Resolver(() => BacktestResultType)
export class BacktestResultFields {
  @FieldResolver(() => [BacktestEquityPointType], { name: 'equityCurve', nullable: true })
  equityCurve(@Root() result: { equity_curve?: EquityPoint[] }): BacktestEquityPointType[] | null {
    return result.equity_curve?.map(([time, equity]) => ({ time, equity })) ?? null;
  }
}

type JobPage = { data: JobRecord[]; next_cursor: string | null };

/**
 * The link between a strategy and the jobs created from it (`strategy_id`
 * in the create request), both ways, each batched per request: a list of
 * strategies with their jobs, or of jobs with their strategy, costs the same
 * few statements whatever its length.
 */
@Resolver(() => StrategyType)
export class StrategyBacktestJobFields {
  @FieldResolver(() => BacktestJobPageType, {
    description: 'The jobs created from this strategy, newest first, with the filters and pages of backtestJobs; results carry metrics only.',
  })
  backtestJobs(
    @Root() strategy: StrategyRecord,
    @Args(() => BacktestJobFilterArgs) filter: BacktestJobFilterArgs,
    @Ctx() { services, caller, loaders }: GraphQLContext,
  ): Promise<JobPage> {
    const owner = requireCaller(caller);
    const query = wireArgs(filter);
    return loaders
      .for<string, JobPage>(`strategy.backtestJobs ${JSON.stringify(query)}`, (ids) => services.backtestJobs.pagesByStrategy(owner, ids, query))
      .load(strategy.id);
  }
}

@Resolver(() => BacktestJobType)
export class BacktestJobFields {
  @FieldResolver(() => BacktestReportType, { nullable: true, description: 'Contract §18: result.report of a done job; null otherwise.' })
  report(@Root() job: JobRecord): BacktestReport | null {
    return (job.result && 'report' in job.result ? job.result.report : undefined) ?? null;
  }

  @FieldResolver(() => StrategyType, { nullable: true, description: 'The strategy the job was created from (strategyId); null when none.' })
  strategy(@Root() job: JobRecord, @Ctx() { services, caller, loaders }: GraphQLContext): Promise<StrategyRecord | null> {
    const owner = requireCaller(caller);
    return loaders
      .for<string, StrategyRecord | null>('backtestJob.strategy', async (jobIds) => {
        const strategyIds = await services.backtestJobs.strategyIdsOf(owner, jobIds);
        const strategies = await services.strategies.getMany(owner, [...new Set(strategyIds.values())]);
        return jobIds.map((id) => strategies.get(strategyIds.get(id) ?? '') ?? null);
      })
      .load(job.id);
  }
}
