import 'reflect-metadata';
import { createPubSub } from '@graphql-yoga/subscription';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type ClassType, type NonEmptyArray } from 'type-graphql';
import { checkRootFieldRules } from '../operations/operation';
import { RESOLVERS } from '../resolvers';

/**
 * The service's own schema, built once per process. It holds no state of a running service (resolvers have no
 * constructor and reach their services through each request's context), so the services one process starts (the
 * tests start many) share it; building it took about 80 ms of CPU each time after the first.
 */
let appSchema: Promise<GraphQLSchema> | undefined;

/**
 * Builds the executable schema; the SDL emitted from it is committed as
 * `schema.graphql` (see emit-schema.ts). Each subscription's `subscribe` asks
 * its service for an owned stream, fed across processes by a subscription
 * bridge (events/subscription-bridges.ts); type-graphql still insists on a
 * pubsub, which nothing publishes to. A root field without an `@Operation`
 * rule stops the start (checkRootFieldRules).
 */
export function buildAppSchema(resolvers: NonEmptyArray<ClassType> = RESOLVERS): Promise<GraphQLSchema> {
  if (resolvers !== RESOLVERS) return build(resolvers);
  return (appSchema ??= build(RESOLVERS));
}

async function build(resolvers: NonEmptyArray<ClassType>): Promise<GraphQLSchema> {
  const schema = await buildSchema({ resolvers, pubSub: createPubSub(), validate: false });
  checkRootFieldRules(schema);
  return schema;
}
