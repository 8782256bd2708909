import 'reflect-metadata';
import { createPubSub } from '@graphql-yoga/subscription';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { RESOLVERS } from '../resolvers';

/**
 * Builds the executable schema; the SDL emitted from it is committed as
 * `schema.graphql` (see emit-schema.ts). Each subscription's `subscribe` asks
 * its service for an owned stream, fed across processes by a subscription
 * bridge (events/subscription-bridges.ts); type-graphql still insists on a
 * pubsub, which nothing publishes to.
 */
export function buildAppSchema(): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: RESOLVERS, pubSub: createPubSub(), validate: false });
}
