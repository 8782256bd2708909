import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestService, type TestService } from '../support/test-service';
import { ROOT, runClient } from './signed-scripts';

const SCRIPT = path.join(ROOT, 'clients', 'shell', 'signed-request.sh');
const PYTHON = path.join(ROOT, 'clients', 'python', 'signed_request.py');
const SAMPLE_JOB = readFileSync(path.join(ROOT, 'samples', 'backtest-job.json'), 'utf8');

describe.each([
  ['the shell client (curl + openssl)', SCRIPT, [] as string[]],
  ['the Python client (standard library only)', 'python3', [PYTHON]],
])('%s signs /v1 calls the live service accepts', (_name, command, prefix) => {
  let service: TestService;
  let env: { SERVICE_URL: string; API_KEY: string; API_SECRET: string };

  beforeAll(async () => {
    service = await startTestService();
    const { users, apiKeys } = service.service.services;
    const user = await users.findOrCreateByEmail('client@example.com');
    const key = await apiKeys.create(user.id, { label: 'client', scopes: ['webhooks:write'] });
    env = { SERVICE_URL: service.url, API_KEY: key.api_key, API_SECRET: key.api_secret };
  });
  afterAll(() => service.stop());

  it('GET /v1/account answers the signing key', async () => {
    const run = await runClient(command, [...prefix, 'GET', '/v1/account'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ user_id: expect.any(Number) as number, api_key: env.API_KEY, label: 'client', scopes: ['webhooks:write'] });
  });

  it('POST /v1/backtest/jobs with the sample body creates a queued job (the body is signed byte for byte)', async () => {
    const run = await runClient(command, [...prefix, 'POST', '/v1/backtest/jobs', SAMPLE_JOB.trim()], env);
    expect(run.code).toBe(0);
    const job = JSON.parse(run.stdout) as { id: string; status: string; config: { template_id: string } };
    expect(job.id).toMatch(/^bt_/);
    expect(job.config.template_id).toBe('sma_cross');
  });

  it('a query string is signed exactly as sent', async () => {
    const run = await runClient(command, [...prefix, 'GET', '/v1/backtest/jobs?limit=1&status=queued'], env);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { data: unknown[] }).data.length).toBeLessThanOrEqual(1);
  });

  it('a wrong secret fails with the service 401 UNAUTHENTICATED body and a non-zero exit', async () => {
    const run = await runClient(command, [...prefix, 'GET', '/v1/account'], { ...env, API_SECRET: 'not-the-secret' });
    expect(run.code).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain('UNAUTHENTICATED');
  });
});
