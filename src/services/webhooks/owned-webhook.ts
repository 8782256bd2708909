import type { Caller } from '../../auth/caller';
import type { Webhook } from '../../entities/webhook.entity';
import { AppError } from '../../errors/app-error';
import type { WebhooksStore } from './webhooks.store';

/** Another account's webhook and a missing one answer alike, so ids of other accounts cannot be probed. */
export function webhookNotFound(): AppError {
  return new AppError('NOT_FOUND', 'no such webhook');
}

export async function findOwnedWebhook(store: Pick<WebhooksStore, 'findWebhook'>, owner: Caller, id: string): Promise<Webhook> {
  const webhook = await store.findWebhook(owner, id);
  if (!webhook) throw webhookNotFound();
  return webhook;
}
