import type { Caller } from '../auth/caller';
import type { Logger } from '../observability/logger';
import type { Services } from '../services';
import { RequestLoaders } from './request-loaders';
import type { SubscriberChannel } from './shared-subscription-results';

/** Per-operation context of every resolver, whichever edge called it (REST, GraphQL over HTTP, graphql-ws). */
export interface GraphQLContext {
  services: Services;
  logger: Logger;
  requestId: string;
  /** Who is calling (Bearer app token or signed headers); absent for anonymous operations. Use `requireCaller`. */
  caller?: Caller;
  /** The `X-Data-API-Key` header, for the plan-gated series queries. */
  dataApiKey?: string;
  /** Takes `count` more points of the caller's per-IP budget (429 RATE_LIMITED when spent); absent where no per-IP limit applies. */
  chargePublicRequests?: (count: number) => Promise<void>;
  /** Per-operation DataLoaders for nested fields. */
  loaders: RequestLoaders;
  /** A graphql-ws subscription's socket: shared market results are written to it directly. */
  subscriber?: SubscriberChannel;
}

/** What an edge knows of one request; the rest of the context is the same for every edge. */
export type RequestFacts = Omit<GraphQLContext, 'services' | 'logger' | 'loaders'>;

/** The one place a resolver's context is made: each edge passes what it read from its request. */
export function requestContext(services: Services, logger: Logger, facts: RequestFacts): GraphQLContext {
  return { services, logger, ...facts, loaders: new RequestLoaders() };
}
