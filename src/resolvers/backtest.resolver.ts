import { Readable } from 'node:stream';
import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireCaller } from '../auth/caller';
import type { BacktestReport, EquityPoint, TemplateListing } from '../engine';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Operation } from '../operations/operation';
import { wireArgs, wireInput } from '../operations/wire-input';
import {
  BacktestEquityPointType,
  BacktestJobFilterArgs,
  BacktestJobPageType,
  BacktestJobType,
  BacktestResultType,
  BacktestTemplateType,
  BacktestSweepPageType,
  BacktestSweepType,
  CreateBacktestJobInput,
  CreateBacktestSweepInput,
  ExpressionValidationType,
} from '../schema/backtest.types';
import { BacktestReportType } from '../schema/backtest-report.types';
import type { GraphQLContext } from '../schema/context';
import { restTable } from '../operations/rest-table';
import { bodyField, pathParam } from '../rest/request-parsing';
import { cancelSchema, listSchema } from '../services/backtests/run-input';
import { createSchema as createJobSchema } from '../services/backtests/job-config';
import { createSchema as createSweepSchema } from '../services/backtests/sweep-config';
import { StrategyType } from '../schema/strategy.types';
import { validateSchema as validateExpressionSchema, type ExpressionValidation } from '../services/backtests/expression-validation';
import { EQUITY_CSV_COLUMNS, equityCsv, TRADES_CSV_COLUMNS, tradesCsv } from '../services/backtests/job-csv';
import type { JobRecord } from '../services/backtests/job-records';
import type { SweepRecord } from '../services/backtests/sweep-records';
import type { StrategyRecord } from '../services/strategies/strategy-records';

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

  @Operation({ weight: 1 })
  @Query(() => ExpressionValidationType, {
    description:
      "Contract §17: checks the expression template's entry and exit (and, given params, its named numbers) as a job would; errors are INVALID_PARAMETER at a column.",
  })
  validateStrategyExpression(
    @Arg('entry', () => String) entry: unknown,
    @Arg('exit', () => String) exit: unknown,
    @Ctx() { services, caller }: GraphQLContext,
    @Arg('params', () => GraphQLJSONObject, { nullable: true }) params?: unknown,
  ): ExpressionValidation {
    requireCaller(caller);
    return services.backtestJobs.validateExpression({ entry, exit, ...(params === undefined || params === null ? {} : { params }) });
  }

  @Operation({ weight: 5 })
  @Query(() => BacktestJobPageType, { description: "The caller's jobs, newest first; results carry metrics only." })
  backtestJobs(@Args(() => BacktestJobFilterArgs) filter: BacktestJobFilterArgs, @Ctx() { services, caller }: GraphQLContext): Promise<BacktestJobPageType> {
    return services.backtestJobs.list(requireCaller(caller), wireArgs(filter));
  }

  @Operation({ weight: 2 })
  @Query(() => BacktestJobType)
  backtestJob(@Arg('id', () => ID) id: string, @Ctx() { services, caller }: GraphQLContext): Promise<JobRecord> {
    return services.backtestJobs.get(requireCaller(caller), id);
  }

  /** REST only (`GET /v1/backtest/jobs/{id}/trades.csv`, contract §18): the CSV as chunks of text, for the edge to stream. */
  @Operation({ weight: 5 })
  async backtestJobTradesCsv(id: string, { services, caller }: GraphQLContext): Promise<Iterable<string>> {
    return tradesCsv((await services.backtestJobs.doneResult(requireCaller(caller), id)).trades);
  }

  /** REST only (`GET /v1/backtest/jobs/{id}/equity.csv`). */
  @Operation({ weight: 5 })
  async backtestJobEquityCsv(id: string, { services, caller }: GraphQLContext): Promise<Iterable<string>> {
    return equityCsv((await services.backtestJobs.doneResult(requireCaller(caller), id)).equity_curve);
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

  @Operation({ weight: 20 })
  @Mutation(() => BacktestSweepType, { description: 'Contract §13: a parameter sweep; counts as one active job.' })
  createBacktestSweep(@Arg('input', () => CreateBacktestSweepInput) input: unknown, @Ctx() { services, caller }: GraphQLContext): Promise<SweepRecord> {
    const wire = wireInput(input);
    // `walk_forward` is the one nested input object whose GraphQL names differ from REST's.
    const body = typeof wire === 'object' && wire !== null && 'walk_forward' in wire ? { ...wire, walk_forward: wireInput(wire.walk_forward) } : wire;
    return services.backtestSweeps.create(requireCaller(caller), body);
  }

  @Operation({ weight: 5 })
  @Query(() => BacktestSweepPageType, { description: "The caller's sweeps, newest first; results carry no rows." })
  backtestSweeps(
    @Args(() => BacktestJobFilterArgs) filter: BacktestJobFilterArgs,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<BacktestSweepPageType> {
    return services.backtestSweeps.list(requireCaller(caller), wireArgs(filter));
  }

  @Operation({ weight: 2 })
  @Query(() => BacktestSweepType)
  backtestSweep(@Arg('id', () => ID) id: string, @Ctx() { services, caller }: GraphQLContext): Promise<SweepRecord> {
    return services.backtestSweeps.get(requireCaller(caller), id);
  }

  @Operation({ weight: 5 })
  @Mutation(() => BacktestSweepType)
  cancelBacktestSweep(
    @Arg('id', () => ID) id: string,
    @Ctx() { services, caller }: GraphQLContext,
    @Arg('reason', () => String, { nullable: true }) reason?: unknown,
  ): Promise<SweepRecord> {
    return services.backtestSweeps.cancel(requireCaller(caller), id, { reason: reason ?? undefined });
  }

  @Operation({ weight: 1 })
  @Subscription(() => BacktestSweepType, {
    name: 'backtestSweep',
    description: "The sweep now, then on each status or progress change with the leaderboard so far, until it ends; the owner's sweeps only.",
    subscribe: ({ args, context }) =>
      (context as GraphQLContext).services.backtestSweeps.watch(requireCaller((context as GraphQLContext).caller), String((args as { id: unknown }).id)),
  })
  backtestSweepChanged(@Root() record: SweepRecord, @Arg('id', () => ID) _id: string): SweepRecord {
    return record;
  }
}

/** The REST paths of the operations above (spec "Backtest jobs", contract §7's template catalogue and §13's sweeps). */
restTable(BacktestResolver, {
  tag: 'Backtests',
  operations: {
    backtestTemplates: {
      method: 'GET',
      path: '/v1/backtest/templates',
      auth: 'signed',
      summary: 'Strategy templates',
      response: { list: BacktestTemplateType },
      call: (list, _req, ctx) => list(ctx),
    },
    validateStrategyExpression: {
      method: 'POST',
      path: '/v1/backtest/expressions/validate',
      auth: 'signed',
      summary: 'Check the rules of an expression strategy',
      body: validateExpressionSchema,
      response: { record: ExpressionValidationType },
      call: (validate, req, ctx) => validate(bodyField(req, 'entry'), bodyField(req, 'exit'), ctx, bodyField(req, 'params')),
    },
    createBacktestJob: {
      method: 'POST',
      path: '/v1/backtest/jobs',
      auth: 'signed',
      summary: 'Submit a backtest job',
      body: createJobSchema,
      response: { record: BacktestJobType },
      errors: ['conflict'],
      call: (create, req, ctx) => create(req.body, ctx),
    },
    backtestJobs: {
      method: 'GET',
      path: '/v1/backtest/jobs',
      auth: 'signed',
      summary: "The caller's backtest jobs, newest first",
      query: listSchema,
      response: { record: BacktestJobPageType },
      call: (list, req, ctx) => list(req.query, ctx),
    },
    backtestJob: {
      method: 'GET',
      path: '/v1/backtest/jobs/:id',
      auth: 'signed',
      summary: 'One backtest job, with its result when done',
      response: { record: BacktestJobType },
      call: (get, req, ctx) => get(pathParam(req, 'id'), ctx),
    },
    backtestJobTradesCsv: {
      method: 'GET',
      path: '/v1/backtest/jobs/:id/trades.csv',
      auth: 'signed',
      summary: "A done job's trades as CSV, streamed",
      response: { csv: TRADES_CSV_COLUMNS },
      errors: ['conflict'],
      call: (csv, req, ctx) => csv(pathParam(req, 'id'), ctx),
      reply: (chunks) => Readable.from(chunks),
    },
    backtestJobEquityCsv: {
      method: 'GET',
      path: '/v1/backtest/jobs/:id/equity.csv',
      auth: 'signed',
      summary: "A done job's daily equity curve as CSV, streamed",
      response: { csv: EQUITY_CSV_COLUMNS },
      errors: ['conflict'],
      call: (csv, req, ctx) => csv(pathParam(req, 'id'), ctx),
      reply: (chunks) => Readable.from(chunks),
    },
    cancelBacktestJob: {
      method: 'POST',
      path: '/v1/backtest/jobs/:id/cancel',
      auth: 'signed',
      summary: 'Cancel a queued or running job',
      body: cancelSchema,
      response: { record: BacktestJobType },
      errors: ['conflict'],
      call: (cancel, req, ctx) => cancel(pathParam(req, 'id'), ctx, bodyField(req, 'reason')),
    },
    createBacktestSweep: {
      method: 'POST',
      path: '/v1/backtest/sweeps',
      auth: 'signed',
      summary: 'Submit a parameter sweep (optionally walk-forward)',
      body: createSweepSchema,
      response: { record: BacktestSweepType },
      call: (create, req, ctx) => create(req.body, ctx),
    },
    backtestSweeps: {
      method: 'GET',
      path: '/v1/backtest/sweeps',
      auth: 'signed',
      summary: "The caller's sweeps, newest first (rows without result.rows)",
      query: listSchema,
      response: { record: BacktestSweepPageType },
      call: (list, req, ctx) => list(req.query, ctx),
    },
    backtestSweep: {
      method: 'GET',
      path: '/v1/backtest/sweeps/:id',
      auth: 'signed',
      summary: 'One sweep, with its leaderboard',
      response: { record: BacktestSweepType },
      call: (get, req, ctx) => get(pathParam(req, 'id'), ctx),
    },
    cancelBacktestSweep: {
      method: 'POST',
      path: '/v1/backtest/sweeps/:id/cancel',
      auth: 'signed',
      summary: 'Cancel a queued or running sweep',
      body: cancelSchema,
      response: { record: BacktestSweepType },
      errors: ['conflict'],
      call: (cancel, req, ctx) => cancel(pathParam(req, 'id'), ctx, bodyField(req, 'reason')),
    },
  },
});

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
