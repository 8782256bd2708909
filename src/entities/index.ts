import { OutboxEvent } from './outbox-event.entity';
import { PublicStrategy } from './public-strategy.entity';
import { Webhook } from './webhook.entity';
import { WebhookDelivery } from './webhook-delivery.entity';

/** Every entity the ORM knows; listed explicitly so discovery works the same from sources, compiled code and tests. */
export const ENTITIES = [PublicStrategy, OutboxEvent, Webhook, WebhookDelivery];
