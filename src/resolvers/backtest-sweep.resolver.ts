import { Arg, Args, Ctx, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireCaller } from '../auth/caller';
import { Operation } from '../operations/operation';
import { restTable } from '../operations/rest-table';
import { wireArgs, wireInput } from '../operations/wire-input';
import { bodyField, pathParam } from '../rest/request-parsing';
import { BacktestJobFilterArgs, BacktestSweepPageType, BacktestSweepType, CreateBacktestSweepInput } from '../schema/backtest.types';
import type { GraphQLContext } from '../schema/context';
import { cancelSchema, listSchema } from '../services/backtests/run-input';
import { createSchema as createSweepSchema } from '../services/backtests/sweep-config';
import type { SweepRecord } from '../services/backtests/sweep-records';

/**
 * Parameter sweeps (contract §13): the one entry point of each operation, for
 * GraphQL and for `/v1/backtest/sweeps/...`. As for jobs, arguments that
 * carry client input are `unknown` here and the service validates them.
 */
@Resolver()
export class BacktestSweepResolver {
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

/** The REST paths of the operations above (contract §13). */
restTable(BacktestSweepResolver, {
  tag: 'Backtests',
  operations: {
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
