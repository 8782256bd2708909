import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../schema/context';
import { CreatePublicStrategyInput, PublicStrategyType, UpdatePublicStrategyInput } from '../schema/public-strategy.types';
import type { PublicStrategyRecord } from '../services/public-strategies/public-strategies.service';

function toGraphQL(record: PublicStrategyRecord): PublicStrategyType {
  return {
    id: record.id,
    name: record.name,
    author: record.author,
    description: record.description,
    entryCondition: record.entry_condition,
    exitCondition: record.exit_condition,
    botName: record.bot_name,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
  };
}

/** The service speaks the documented wire names; GraphQL inputs are camelCase. */
function toServiceInput(input: UpdatePublicStrategyInput & { name?: string }) {
  return {
    name: input.name,
    author: input.author,
    description: input.description,
    entry_condition: input.entryCondition,
    exit_condition: input.exitCondition,
    bot_name: input.botName,
  };
}

@Resolver(() => PublicStrategyType)
export class PublicStrategyResolver {
  @Query(() => [PublicStrategyType], { description: 'Public strategy records, newest first.' })
  async strategies(@Ctx() { services }: GraphQLContext): Promise<PublicStrategyType[]> {
    return (await services.publicStrategies.list()).map(toGraphQL);
  }

  @Query(() => PublicStrategyType, { nullable: true, description: 'Null with a NOT_FOUND error when no such record exists.' })
  async strategy(@Arg('id', () => Int) id: number, @Ctx() { services }: GraphQLContext): Promise<PublicStrategyType> {
    return toGraphQL(await services.publicStrategies.get(id));
  }

  @Mutation(() => PublicStrategyType)
  async createStrategy(
    @Arg('input', () => CreatePublicStrategyInput) input: CreatePublicStrategyInput,
    @Ctx() { services }: GraphQLContext,
  ): Promise<PublicStrategyType> {
    return toGraphQL(await services.publicStrategies.create(toServiceInput(input)));
  }

  @Mutation(() => PublicStrategyType)
  async updateStrategy(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => UpdatePublicStrategyInput) input: UpdatePublicStrategyInput,
    @Ctx() { services }: GraphQLContext,
  ): Promise<PublicStrategyType> {
    return toGraphQL(await services.publicStrategies.update(id, toServiceInput(input)));
  }

  @Mutation(() => Boolean, { description: 'True when the record was deleted; NOT_FOUND when it did not exist.' })
  async deleteStrategy(@Arg('id', () => Int) id: number, @Ctx() { services }: GraphQLContext): Promise<boolean> {
    await services.publicStrategies.delete(id);
    return true;
  }
}
