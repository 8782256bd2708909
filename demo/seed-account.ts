import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Core } from '../src/service';
import type { DemoEnv } from './demo-env';

export const DEMO_EMAIL = 'demo@example.com';
const SAMPLES = path.resolve(__dirname, '..', 'samples');
/** An app token is kept while it has at least this long to live. */
const TOKEN_MIN_REMAINING_MS = 86_400_000;

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
 * manage webhooks, and an app token as a sign-in would give. Credentials the
 * last run left in demo.env are kept while the database still accepts them,
 * so what was made under the demo key stays in view across restarts.
 */
export async function seedDemoAccount(core: Core, previous: Partial<DemoEnv>): Promise<DemoAccount> {
  const { users, plans, planSeries } = core.services;
  const user = await users.findOrCreateByEmail(DEMO_EMAIL);
  const key = (await keptApiKey(core, user.id, previous)) ?? (await newApiKey(core, user.id));
  const dataApiKey = (await keptPlanKey(core, user.id, previous)) ?? (await plans.grant({ email: DEMO_EMAIL, plan: 'pro', days: 365 })).data_api_key;
  const appToken = (await keptAppToken(core, user.id, previous)) ?? (await users.developmentSignIn(DEMO_EMAIL)).access_token;
  for (const file of ['series-klines.csv', 'series-ratios.csv']) {
    await planSeries.importCsv(await readFile(path.join(SAMPLES, file), 'utf8'));
  }
  return { email: user.email, apiKey: key.apiKey, apiSecret: key.apiSecret, appToken, dataApiKey };
}

async function keptApiKey(core: Core, userId: number, previous: Partial<DemoEnv>): Promise<{ apiKey: string; apiSecret: string } | undefined> {
  if (!previous.API_KEY || !previous.API_SECRET) return undefined;
  const key = await core.services.apiKeys.findSigningKey(previous.API_KEY);
  return key?.userId === userId && key.secret === previous.API_SECRET ? { apiKey: previous.API_KEY, apiSecret: previous.API_SECRET } : undefined;
}

async function newApiKey(core: Core, userId: number): Promise<{ apiKey: string; apiSecret: string }> {
  const created = await core.services.apiKeys.create(userId, { label: 'demo', scopes: ['webhooks:write'] });
  return { apiKey: created.api_key, apiSecret: created.api_secret };
}

async function keptPlanKey(core: Core, userId: number, previous: Partial<DemoEnv>): Promise<string | undefined> {
  if (!previous.DATA_API_KEY) return undefined;
  const owner = await core.services.plans.requirePlan(previous.DATA_API_KEY, 'pro').catch(() => undefined);
  return owner === userId ? previous.DATA_API_KEY : undefined;
}

async function keptAppToken(core: Core, userId: number, previous: Partial<DemoEnv>): Promise<string | undefined> {
  if (!previous.APP_TOKEN) return undefined;
  const caller = await core.services.authenticator.bearer(`Bearer ${previous.APP_TOKEN}`).catch(() => undefined);
  return caller?.userId === userId && expiresAt(previous.APP_TOKEN) - Date.now() > TOKEN_MIN_REMAINING_MS ? previous.APP_TOKEN : undefined;
}

/** The `exp` claim of a token the authenticator accepted, in milliseconds. */
function expiresAt(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
  return (payload.exp ?? 0) * 1000;
}
