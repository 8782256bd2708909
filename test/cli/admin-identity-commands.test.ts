import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createApiKey } from '../../src/cli/commands/create-api-key';
import { setPaperBalance } from '../../src/cli/commands/set-paper-balance';
import { request } from '../support/http';
import { signedHeaders } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { anyString, matching } from '../support/matchers';

const ROOT = path.resolve(__dirname, '../..');

describe('admin commands of identity: create-api-key, set-paper-balance, grant-plan', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.stop());

  it('create-api-key prints the key, the secret and the scopes, and the key signs requests', async () => {
    const printed = (await createApiKey.run({ email: 'ops@example.com', scopes: 'webhooks:write', label: 'ops' }, service.service)) as {
      api_key: string;
      api_secret: string;
      scopes: string[];
    };
    expect(printed).toEqual({ api_key: matching(/^ak_/), api_secret: matching(/^[0-9a-f]{64}$/), scopes: ['webhooks:write'] });
    const response = await request(service.url, 'GET', '/v1/account', { headers: signedHeaders(printed, 'GET', '/v1/account') });
    expect(response.body).toMatchObject({ label: 'ops', scopes: ['webhooks:write'] });
  });

  it('create-api-key refuses an unknown scope', async () => {
    await expect(createApiKey.run({ email: 'ops@example.com', scopes: 'root' }, service.service)).rejects.toThrow(/scopes/);
  });

  it('paper balances default to 10000 USDT until set-paper-balance sets one', async () => {
    const { paperBalances, users } = service.service.services;
    const user = await users.findOrCreateByEmail('paper@example.com');
    expect(await paperBalances.get(user.id, 'USDT')).toBe('10000');
    expect(await paperBalances.get(user.id, 'BTC')).toBe('0');
    expect(await setPaperBalance.run({ email: 'paper@example.com', asset: 'USDT', amount: '2500.50' }, service.service)).toEqual({
      email: 'paper@example.com',
      asset: 'USDT',
      amount: '2500.5',
    });
    expect(await paperBalances.get(user.id, 'USDT')).toBe('2500.5');
  });

  it('set-paper-balance refuses a negative amount', async () => {
    await expect(setPaperBalance.run({ email: 'paper@example.com', asset: 'USDT', amount: '-1' }, service.service)).rejects.toThrow(/amount/);
  });

  it('npm run admin -- grant-plan prints exactly one JSON document on stdout', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'admin-cli-'));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-r', './scripts/register-typescript.js', 'src/cli/admin.ts', 'grant-plan', '--email', 'cli@example.com', '--plan', 'pro', '--days', '7'],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: service.databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      },
    );
    const printed: unknown = JSON.parse(stdout);
    expect(printed).toEqual({ data_api_key: matching(/^pk_[0-9a-f]{32}$/), plan: 'pro', expires_at: anyString() });
    expect(stdout.trim().split('\n')).toHaveLength(1);
  });
});
