import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Operation } from '../operations/operation';
import { wireInput } from '../operations/wire-input';
import type { GraphQLContext } from '../schema/context';
import { CreatePublicStrategyInput, PublicStrategyType, UpdatePublicStrategyInput } from '../schema/public-strategy.types';
import type { Request } from 'express';
import { restTable } from '../operations/rest-table';
import { bodyArgs, pathInteger, pathParam } from '../rest/request-parsing';
import { createSchema, updateSchema, type PublicStrategyRecord } from '../services/public-strategies/public-strategies.service';

/** Public strategy records (spec "Public strategy records", contract §2a): the one entry point of each operation, for GraphQL and `/strategies`. */
@Resolver(() => PublicStrategyType)
export class PublicStrategyResolver {
  @Operation({ weight: 1 })
  @Query(() => [PublicStrategyType], { description: 'Public strategy records, newest first.' })
  strategies(@Ctx() { services }: GraphQLContext): Promise<PublicStrategyRecord[]> {
    return services.publicStrategies.list();
  }

  @Operation({ weight: 1 })
  @Query(() => PublicStrategyType, { nullable: true, description: 'Null with a NOT_FOUND error when no such record exists.' })
  strategy(@Arg('id', () => Int) id: number, @Ctx() { services }: GraphQLContext): Promise<PublicStrategyRecord> {
    return services.publicStrategies.get(id);
  }

  @Operation({ weight: 1 })
  @Mutation(() => PublicStrategyType)
  createStrategy(
    @Arg('input', () => CreatePublicStrategyInput) input: CreatePublicStrategyInput,
    @Ctx() { services }: GraphQLContext,
  ): Promise<PublicStrategyRecord> {
    return services.publicStrategies.create(wireInput(input));
  }

  @Operation({ weight: 1 })
  @Mutation(() => PublicStrategyType)
  updateStrategy(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => UpdatePublicStrategyInput) input: UpdatePublicStrategyInput,
    @Ctx() { services }: GraphQLContext,
  ): Promise<PublicStrategyRecord> {
    return services.publicStrategies.update(id, wireInput(input));
  }

  @Operation({ weight: 1 })
  @Mutation(() => Boolean, { description: 'True when the record was deleted; NOT_FOUND when it did not exist.' })
  async deleteStrategy(@Arg('id', () => Int) id: number, @Ctx() { services }: GraphQLContext): Promise<boolean> {
    await services.publicStrategies.delete(id);
    return true;
  }
}

/** The REST paths of the operations above (spec "Public strategy records", contract §2a). */
restTable(PublicStrategyResolver, {
  tag: 'Public strategies',
  operations: {
    strategies: {
      method: 'GET',
      path: '/strategies',
      auth: 'public',
      summary: 'Public strategy records',
      response: { list: PublicStrategyType },
      call: (list, _req, ctx) => list(ctx),
    },
    createStrategy: {
      method: 'POST',
      path: '/strategies',
      auth: 'public',
      summary: 'Create a public strategy record',
      input: 'body',
      body: createSchema,
      response: { record: PublicStrategyType },
      call: (create, req, ctx) => create(bodyArgs(req), ctx),
    },
    strategy: {
      method: 'GET',
      path: '/strategies/:strategyId',
      auth: 'public',
      summary: 'One public strategy record',
      response: { record: PublicStrategyType },
      call: (get, req, ctx) => get(strategyId(req), ctx),
    },
    updateStrategy: {
      method: 'PUT',
      path: '/strategies/:strategyId',
      auth: 'public',
      summary: 'Update a public strategy record',
      input: 'body',
      body: updateSchema,
      response: { record: PublicStrategyType },
      call: (update, req, ctx) => update(strategyId(req), bodyArgs(req), ctx),
    },
    deleteStrategy: {
      method: 'DELETE',
      path: '/strategies/:strategyId',
      auth: 'public',
      summary: 'Delete a public strategy record',
      response: { empty: true },
      call: (remove, req, ctx) => remove(strategyId(req), ctx),
    },
  },
});

function strategyId(req: Request): number {
  return pathInteger(pathParam(req, 'strategyId'), 'strategy_id');
}
