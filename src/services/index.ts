import type { Config } from '../config/config';
import type { ResolvedSecrets } from '../config/generated-secrets';
import type { Orm } from '../db/orm';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { PublicStrategiesService } from './public-strategies.service';

/** What services are built from; created once per process by `createServices`. */
export interface ServiceDependencies {
  config: Config;
  secrets: ResolvedSecrets;
  orm: Orm;
  logger: Logger;
  metrics: Metrics;
}

/** Every business rule lives in one of these; GraphQL resolvers and REST routes only call them. */
export interface Services {
  publicStrategies: PublicStrategiesService;
}

export function createServices(deps: ServiceDependencies): Services {
  return {
    publicStrategies: new PublicStrategiesService(deps.orm),
  };
}
