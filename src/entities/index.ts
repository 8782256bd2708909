import { ExchangeKey } from './exchange-key.entity';
import { OutboxEvent } from './outbox-event.entity';
import { PaperBalance } from './paper-balance.entity';
import { PlanKey } from './plan-key.entity';
import { PublicStrategy } from './public-strategy.entity';
import { ServiceApiKey } from './service-api-key.entity';
import { Strategy } from './strategy.entity';
import { StrategyOrder } from './strategy-order.entity';
import { StrategyPosition } from './strategy-position.entity';
import { User } from './user.entity';
import { Webhook } from './webhook.entity';
import { WebhookDelivery } from './webhook-delivery.entity';

/** Every entity the ORM knows; listed explicitly so discovery works the same from sources, compiled code and tests. */
export const ENTITIES = [
  PublicStrategy,
  OutboxEvent,
  Webhook,
  WebhookDelivery,
  User,
  ExchangeKey,
  ServiceApiKey,
  PlanKey,
  PaperBalance,
  Strategy,
  StrategyPosition,
  StrategyOrder,
];
