import { Router, type Request } from 'express';
import { WebhookResolver } from '../resolvers/webhook.resolver';
import { bodyField, pathParam, type OperationRoutes } from './operation-route';

/** Spec "Webhooks" and contract §10 and §16, mounted on the GraphQL resolver's operations (writes need `webhooks:write`). */
export function webhooksRoutes(op: OperationRoutes): Router {
  const router = Router();
  const webhooks = new WebhookResolver();
  const id = (req: Request) => pathParam(req, 'id');

  // Before '/v1/webhooks/:id', which would otherwise take "event-types" for an id.
  router.get(
    '/v1/webhooks/event-types',
    op.signed(webhooks, 'webhookEventTypes', (list, _req, ctx) => list(ctx)),
  );
  router.post(
    '/v1/webhooks',
    op.signed(webhooks, 'createWebhook', (create, req, ctx) => create(req.body, ctx)),
  );
  router.get(
    '/v1/webhooks',
    op.signed(webhooks, 'webhooks', (list, req, ctx) => list(req.query, ctx)),
  );
  router.get(
    '/v1/webhooks/:id',
    op.signed(webhooks, 'webhook', (get, req, ctx) => get(id(req), ctx)),
  );
  router.patch(
    '/v1/webhooks/:id',
    op.signed(webhooks, 'updateWebhook', (update, req, ctx) => update(id(req), req.body, ctx)),
  );
  router.delete(
    '/v1/webhooks/:id',
    op.signed(webhooks, 'deleteWebhook', (remove, req, ctx) => remove(id(req), ctx), { status: 204, body: () => undefined }),
  );
  router.post(
    '/v1/webhooks/:id/test',
    op.signed(webhooks, 'testWebhook', (test, req, ctx) => test(id(req), ctx, bodyField(req, 'event_type'))),
  );
  router.get(
    '/v1/webhooks/:id/deliveries',
    op.signed(webhooks, 'webhookDeliveries', (list, req, ctx) => list(id(req), req.query, ctx)),
  );
  router.get(
    '/v1/webhooks/:id/deliveries/:deliveryId/attempts',
    op.signed(webhooks, 'webhookDeliveryAttempts', (list, req, ctx) => list(id(req), pathParam(req, 'deliveryId'), ctx)),
  );
  router.post(
    '/v1/webhooks/:id/rotate-secret',
    op.signed(webhooks, 'rotateWebhookSecret', (rotate, req, ctx) => rotate(id(req), ctx)),
  );
  router.post(
    '/v1/webhooks/:id/recover',
    op.signed(webhooks, 'recoverWebhook', (recover, req, ctx) => recover(id(req), bodyField(req, 'since'), ctx)),
  );
  router.post(
    '/v1/webhooks/:id/deliveries/:deliveryId/retry',
    op.signed(webhooks, 'redeliverWebhookDelivery', (retry, req, ctx) => retry(id(req), pathParam(req, 'deliveryId'), ctx)),
  );
  return router;
}
