import type { Config } from '../config/config';
import type { ResolvedSecrets } from '../config/generated-secrets';
import { SecretBox } from '../crypto/secret-box';
import type { Orm } from '../db/orm';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { Deliverer } from '../webhooks/deliverer';
import { DeliveryStore } from '../webhooks/delivery-store';
import { AddressPolicy } from '../webhooks/public-address';
import { SafeHttpsClient } from '../webhooks/safe-https';
import { PublicStrategiesService } from './public-strategies.service';
import { WebhooksService } from './webhooks.service';

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
  webhooks: WebhooksService;
  /** The delivery machinery shared by the webhook test endpoint and the worker's dispatcher. */
  webhookDelivery: { store: DeliveryStore; deliverer: Deliverer };
}

export function createServices(deps: ServiceDependencies): Services {
  const secretBox = new SecretBox(deps.secrets.encryptionKey);
  const httpsClient = new SafeHttpsClient(new AddressPolicy(deps.config.webhooks.allowCidrs), deps.config.webhooks.extraCaFile);
  const store = new DeliveryStore(deps.orm);
  const deliverer = new Deliverer(
    deps.orm,
    store,
    httpsClient,
    secretBox,
    { retryScheduleSeconds: deps.config.webhooks.retryScheduleSeconds, probeIntervalSeconds: deps.config.webhooks.probeIntervalSeconds },
    deps.logger,
  );
  return {
    publicStrategies: new PublicStrategiesService(deps.orm),
    webhooks: new WebhooksService(deps.orm, secretBox, httpsClient, store, deliverer),
    webhookDelivery: { store, deliverer },
  };
}
