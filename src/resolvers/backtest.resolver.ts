import { Readable } from 'node:stream';
import { Arg, Args, Ctx, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireCaller } from '../auth/caller';
import type { TemplateListing } from '../engine';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Operation } from '../operations/operation';
import { wireArgs, wireInput } from '../operations/wire-input';
import {
  BacktestJobFilterArgs,
  BacktestJobPageType,
  BacktestJobType,
  BacktestTemplateType,
  CreateBacktestJobInput,
  ExpressionValidationType,
} from '../schema/backtest.types';
import type { GraphQLContext } from '../schema/context';
import { restTable } from '../operations/rest-table';
import { bodyField, pathParam } from '../rest/request-parsing';
import { cancelSchema, listSchema } from '../services/backtests/run-input';
import { createSchema as createJobSchema } from '../services/backtests/job-config';
import { validateSchema as validateExpressionSchema, type ExpressionValidation } from '../services/backtests/expression-validation';
import { EQUITY_CSV_COLUMNS, equityCsv, TRADES_CSV_COLUMNS, tradesCsv } from '../services/backtests/job-csv';
import type { JobRecord } from '../services/backtests/job-records';

/**
 * Backtest jobs (spec "Backtest jobs", contract §7) and the template catalogue: the one entry point of
 * each operation, for GraphQL and for `/v1/backtest/...`. Arguments that
 * carry client input are `unknown` here: GraphQL has checked their types,
 * a REST body has not, and the service validates both the same way. Sweeps:
 * backtest-sweep.resolver.ts; the fields resolved per job: backtest-fields.resolver.ts.
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
}

/** The REST paths of the operations above (spec "Backtest jobs", contract §7's template catalogue). */
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
  },
});
