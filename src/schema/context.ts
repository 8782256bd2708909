import type { Logger } from '../observability/logger';
import type { Services } from '../services';

/** Per-operation context of every resolver; also built for each graphql-ws subscription. */
export interface GraphQLContext {
  services: Services;
  logger: Logger;
  requestId: string;
}
