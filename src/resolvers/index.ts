import type { NonEmptyArray } from 'type-graphql';
import { PublicStrategyResolver } from './public-strategy.resolver';

export const RESOLVERS: NonEmptyArray<Function> = [PublicStrategyResolver];
