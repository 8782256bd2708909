import type { ApiKey } from '../clients/typescript/signing';
import type { DemoEnv } from './demo-env';
import { signedCall, signedOk } from './signed-call';

/** Everything the demo's work produces, except balance alerts (which need a threshold). */
const EVENTS = ['backtest.*', 'strategy.*', 'webhook.*'];

export interface DemoWebhook {
  id: string;
  secret: string;
}

/**
 * The demo key's webhook to the local receiver: the one the last run made
 * while it still exists (pointed at the receiver's address again should that
 * have changed), a new one otherwise.
 */
export async function ensureDemoWebhook(baseUrl: string, key: ApiKey, hookUrl: string, previous: Partial<DemoEnv>): Promise<DemoWebhook> {
  if (previous.WEBHOOK_ID && previous.WEBHOOK_SECRET) {
    const kept = await signedCall<{ url?: string }>(baseUrl, key, 'GET', `/v1/webhooks/${previous.WEBHOOK_ID}`);
    if (kept.status === 200) {
      if (kept.body.url !== hookUrl) await signedOk(baseUrl, key, 'PATCH', `/v1/webhooks/${previous.WEBHOOK_ID}`, JSON.stringify({ url: hookUrl }));
      return { id: previous.WEBHOOK_ID, secret: previous.WEBHOOK_SECRET };
    }
  }
  const body = JSON.stringify({ url: hookUrl, events: EVENTS, description: 'demo receiver' });
  const created = await signedOk<{ id: string; secret: string }>(baseUrl, key, 'POST', '/v1/webhooks', body);
  return { id: created.id, secret: created.secret };
}
