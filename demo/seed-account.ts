import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Core } from '../src/service';

export const DEMO_EMAIL = 'demo@example.com';
const SAMPLES = path.resolve(__dirname, '..', 'samples');

export interface DemoAccount {
  email: string;
  apiKey: string;
  apiSecret: string;
  appToken: string;
  dataApiKey: string;
}

/**
 * The account a newcomer explores with: a Pro plan (its data key opens the
 * plan-gated series, loaded from the shipped samples), an API key that may
 * manage webhooks, and an app token as a sign-in would give. Each run makes a
 * new key, as a secret is shown only once.
 */
export async function seedDemoAccount(core: Core): Promise<DemoAccount> {
  const { users, plans, apiKeys, planSeries } = core.services;
  const user = await users.findOrCreateByEmail(DEMO_EMAIL);
  const grant = await plans.grant({ email: DEMO_EMAIL, plan: 'pro', days: 365 });
  const key = await apiKeys.create(user.id, { label: 'demo', scopes: ['webhooks:write'] });
  const { access_token } = await users.developmentSignIn(DEMO_EMAIL);
  for (const file of ['series-klines.csv', 'series-ratios.csv']) {
    await planSeries.importCsv(await readFile(path.join(SAMPLES, file), 'utf8'));
  }
  return { email: user.email, apiKey: key.api_key, apiSecret: key.api_secret, appToken: access_token, dataApiKey: grant.data_api_key };
}
