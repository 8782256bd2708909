import 'reflect-metadata';
import { createPubSub } from '@graphql-yoga/subscription';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { RESOLVERS } from '../resolvers';

export type PubSub = ReturnType<typeof createPubSub>;

/** Builds the executable schema; the SDL emitted from it is committed as `schema.graphql` (see emit-schema.ts). */
export function buildAppSchema(pubSub: PubSub = createPubSub()): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: RESOLVERS, pubSub, validate: false });
}
