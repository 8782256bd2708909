import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Operation } from '../operations/operation';
import { wireInput } from '../operations/wire-input';
import type { GraphQLContext } from '../schema/context';
import { CreatePublicStrategyInput, PublicStrategyType, UpdatePublicStrategyInput } from '../schema/public-strategy.types';
import type { PublicStrategyRecord } from '../services/public-strategies/public-strategies.service';

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
