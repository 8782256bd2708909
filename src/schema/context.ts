import type { Caller } from '../auth/caller';
import type { Logger } from '../observability/logger';
import type { Services } from '../services';
import type { RequestLoaders } from './request-loaders';
import type { SubscriberChannel } from './shared-subscription-results';

/** Per-operation context of every resolver; also built for each graphql-ws subscription. */
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
