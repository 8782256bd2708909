import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireCaller } from '../auth/caller';
import type { EventEnvelope } from '../events/event-types';
import { Operation } from '../operations/operation';
import { wireArgs, wireInput } from '../operations/wire-input';
import type { GraphQLContext } from '../schema/context';
import { restTable } from '../operations/rest-table';
import { bodyField, pathParam } from '../rest/request-parsing';
import { createSchema, listSchema, updateSchema } from '../services/strategies/strategies.service';
import { eventsQuery, positionsQuery } from '../services/strategies/strategy-history';
import { deploySchema, pauseSchema } from '../services/strategies/strategy-runs.service';
import {
  CreateStrategyInput,
  DeployStrategyInput,
  StrategyEventArgs,
  StrategyEventPageType,
  StrategyEventType,
  StrategyFilterArgs,
  StrategyPageType,
  StrategyPositionArgs,
  StrategyPositionPageType,
  StrategyPositionType,
  StrategyType,
  UpdateStrategyInput,
} from '../schema/strategy.types';
import type { EventPage, PositionPage } from '../services/strategies/strategy-history';
import type { PositionRecord, StrategyRecord } from '../services/strategies/strategy-records';

/**
 * Signed-API strategies (contract §8, §11, spec "Strategy deployment"): the
 * one entry point of each operation, for GraphQL and for `/v1/strategies/...`.
 * A key caller sees its own key's strategies, an app-token caller all of the user's.
 */
@Resolver()
export class StrategyResolver {
  @Operation({ weight: 5 })
  @Query(() => StrategyPageType, { description: "The caller's signed-API strategies, newest first (public strategy records are `strategies`)." })
  signedStrategies(@Args(() => StrategyFilterArgs) filter: StrategyFilterArgs, @Ctx() { services, caller }: GraphQLContext) {
    return services.strategies.list(requireCaller(caller), wireArgs(filter));
  }

  @Operation({ weight: 2 })
  @Query(() => StrategyType)
  signedStrategy(@Arg('id', () => ID) id: string, @Ctx() { services, caller }: GraphQLContext): Promise<StrategyRecord> {
    return services.strategies.get(requireCaller(caller), id);
  }

  @Operation({ weight: 5 })
  @Query(() => StrategyPositionPageType, { description: "A strategy's positions, newest first (contract §11)." })
  strategyPositions(
    @Arg('strategyId', () => ID) strategyId: string,
    @Args(() => StrategyPositionArgs) args: StrategyPositionArgs,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<PositionPage> {
    return services.strategies.positions(requireCaller(caller), strategyId, wireArgs(args));
  }

  @Operation({ weight: 5 })
  @Query(() => StrategyEventPageType, { description: "A strategy's stored events, oldest first (contract §11)." })
  strategyEventHistory(
    @Arg('strategyId', () => ID) strategyId: string,
    @Args(() => StrategyEventArgs) args: StrategyEventArgs,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<EventPage> {
    return services.strategies.events(requireCaller(caller), strategyId, wireArgs(args));
  }

  @Operation({ weight: 5 })
  @Mutation(() => StrategyType, { description: 'Creates a strategy in draft.' })
  createSignedStrategy(@Arg('input', () => CreateStrategyInput) input: unknown, @Ctx() { services, caller }: GraphQLContext): Promise<StrategyRecord> {
    return services.strategies.create(requireCaller(caller), wireInput(input));
  }

  @Operation({ weight: 5 })
  @Mutation(() => StrategyType)
  updateSignedStrategy(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateStrategyInput) input: unknown,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<StrategyRecord> {
    return services.strategies.update(requireCaller(caller), id, wireInput(input));
  }

  @Operation({ weight: 5 })
  @Mutation(() => StrategyType, { description: 'Stops the strategy for good (status stopped); a deployed strategy must be paused first.' })
  deleteSignedStrategy(@Arg('id', () => ID) id: string, @Ctx() { services, caller }: GraphQLContext): Promise<StrategyRecord> {
    return services.strategies.delete(requireCaller(caller), id);
  }

  @Operation({ weight: 10 })
  @Mutation(() => StrategyType)
  deployStrategy(
    @Arg('id', () => ID) id: string,
    @Ctx() { services, caller }: GraphQLContext,
    @Arg('input', () => DeployStrategyInput, { nullable: true }) input?: unknown,
  ): Promise<StrategyRecord> {
    return services.strategyRuns.deploy(requireCaller(caller), id, wireInput(input));
  }

  @Operation({ weight: 5 })
  @Mutation(() => StrategyType)
  pauseStrategy(
    @Arg('id', () => ID) id: string,
    @Ctx() { services, caller }: GraphQLContext,
    @Arg('closePositions', () => Boolean, { nullable: true }) closePositions?: unknown,
  ): Promise<StrategyRecord> {
    return services.strategyRuns.pause(requireCaller(caller), id, wireInput({ closePositions }));
  }

  @Operation({ weight: 5 })
  @Mutation(() => StrategyPositionType, {
    description:
      'Closes one open position at market (close reason manual); the strategy stays deployed. INVALID_STATE when it has no open position on that symbol (contract §20).',
  })
  closeStrategyPosition(
    @Arg('strategyId', () => ID) strategyId: string,
    @Arg('symbol', () => String) symbol: string,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<PositionRecord> {
    return services.positionClose.close(requireCaller(caller), strategyId, symbol);
  }

  @Operation({ weight: 1 })
  @Subscription(() => StrategyEventType, {
    description:
      "Events of one of the caller's strategies, or of all of them without strategyId (contract §9 envelope). With `after`, the stored events after that one come first, then live ones, none missed or repeated. NOT_FOUND for another key's strategy.",
    subscribe: ({ args, context }) => {
      const { services, caller } = context as GraphQLContext;
      const { strategyId, after } = args as { strategyId?: string | null; after?: string | null };
      return services.strategies.followEvents(requireCaller(caller), strategyId ?? undefined, after ?? undefined);
    },
  })
  strategyEvents(
    @Root() event: EventEnvelope,
    @Arg('strategyId', () => ID, { nullable: true }) _strategyId?: string,
    @Arg('after', () => ID, { nullable: true }) _after?: string,
  ): EventEnvelope {
    return event;
  }
}

/** The REST paths of the operations above (contract §8 and §11, spec "Strategy deployment"). */
restTable(StrategyResolver, {
  tag: 'Strategies',
  operations: {
    createSignedStrategy: {
      method: 'POST',
      path: '/v1/strategies',
      auth: 'signed',
      summary: 'Create a strategy (draft)',
      body: createSchema,
      response: { record: StrategyType },
      call: (create, req, ctx) => create(req.body, ctx),
    },
    signedStrategies: {
      method: 'GET',
      path: '/v1/strategies',
      auth: 'signed',
      summary: "The caller's strategies",
      query: listSchema,
      response: { record: StrategyPageType },
      call: (list, req, ctx) => list(req.query, ctx),
    },
    signedStrategy: {
      method: 'GET',
      path: '/v1/strategies/:id',
      auth: 'signed',
      summary: 'One strategy',
      response: { record: StrategyType },
      call: (get, req, ctx) => get(pathParam(req, 'id'), ctx),
    },
    updateSignedStrategy: {
      method: 'PATCH',
      path: '/v1/strategies/:id',
      auth: 'signed',
      summary: 'Change a strategy',
      body: updateSchema,
      response: { record: StrategyType },
      errors: ['conflict'],
      call: (update, req, ctx) => update(pathParam(req, 'id'), req.body, ctx),
    },
    deleteSignedStrategy: {
      method: 'DELETE',
      path: '/v1/strategies/:id',
      auth: 'signed',
      summary: 'Delete (stop) a strategy',
      response: { record: StrategyType },
      errors: ['conflict'],
      call: (remove, req, ctx) => remove(pathParam(req, 'id'), ctx),
    },
    deployStrategy: {
      method: 'POST',
      path: '/v1/strategies/:id/deploy',
      auth: 'signed',
      summary: 'Deploy a strategy (live or dry run)',
      body: deploySchema,
      response: { record: StrategyType },
      errors: ['conflict', 'insufficient-funds'],
      call: (deploy, req, ctx) => deploy(pathParam(req, 'id'), ctx, req.body),
    },
    pauseStrategy: {
      method: 'POST',
      path: '/v1/strategies/:id/pause',
      auth: 'signed',
      summary: 'Pause a deployed strategy',
      body: pauseSchema,
      response: { record: StrategyType },
      errors: ['conflict'],
      call: (pause, req, ctx) => pause(pathParam(req, 'id'), ctx, bodyField(req, 'close_positions')),
    },
    closeStrategyPosition: {
      method: 'POST',
      path: '/v1/strategies/:id/positions/:symbol/close',
      auth: 'signed',
      summary: 'Close one open position at market (close_reason manual)',
      response: { record: StrategyPositionType },
      errors: ['conflict', 'upstream'],
      call: (close, req, ctx) => close(pathParam(req, 'id'), pathParam(req, 'symbol'), ctx),
    },
    strategyPositions: {
      method: 'GET',
      path: '/v1/strategies/:id/positions',
      auth: 'signed',
      summary: "A strategy's positions, newest first",
      query: positionsQuery,
      response: { record: StrategyPositionPageType },
      call: (positions, req, ctx) => positions(pathParam(req, 'id'), req.query, ctx),
    },
    strategyEventHistory: {
      method: 'GET',
      path: '/v1/strategies/:id/events',
      auth: 'signed',
      summary: "A strategy's stored events, oldest first",
      query: eventsQuery,
      response: { record: StrategyEventPageType },
      call: (events, req, ctx) => events(pathParam(req, 'id'), req.query, ctx),
    },
  },
});

/**
 * `SignedStrategy.positions` and `.events` (contract §11): each asks the
 * request's DataLoader for its arguments, so a list of strategies costs one
 * statement per field whatever its length. The parent strategy was read for
 * its owner already.
 */
@Resolver(() => StrategyType)
export class StrategyHistoryFields {
  @FieldResolver(() => StrategyPositionPageType, { description: 'Newest first; the same pages as GET /v1/strategies/{id}/positions.' })
  positions(
    @Root() strategy: StrategyRecord,
    @Args(() => StrategyPositionArgs) args: StrategyPositionArgs,
    @Ctx() { services, loaders }: GraphQLContext,
  ): Promise<PositionPage> {
    const query = wireArgs(args);
    return loaders
      .for<string, PositionPage>(`strategy.positions ${JSON.stringify(query)}`, (ids) => services.strategies.history.positionPages(ids, query))
      .load(strategy.id);
  }

  @FieldResolver(() => StrategyEventPageType, { description: 'Oldest first; the same pages as GET /v1/strategies/{id}/events.' })
  events(
    @Root() strategy: StrategyRecord,
    @Args(() => StrategyEventArgs) args: StrategyEventArgs,
    @Ctx() { services, loaders }: GraphQLContext,
  ): Promise<EventPage> {
    const query = wireArgs(args);
    return loaders
      .for<string, EventPage>(`strategy.events ${JSON.stringify(query)}`, (ids) => services.strategies.history.eventPages(ids, query))
      .load(strategy.id);
  }
}
