import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createClient, ServiceError } from '../../clients/typescript/client';
import { request } from '../support/http';
import { startTestService, type TestService } from '../support/test-service';

const ROOT = path.resolve(__dirname, '..', '..');

describe('the typed TypeScript client (clients/typescript) against a live service', () => {
  let service: TestService;
  let key: { apiKey: string; apiSecret: string };

  beforeAll(async () => {
    service = await startTestService();
    const { users, apiKeys } = service.service.services;
    const user = await users.findOrCreateByEmail('typed@example.com');
    const created = await apiKeys.create(user.id, { label: 'typed' });
    key = { apiKey: created.api_key, apiSecret: created.api_secret };
  });
  afterAll(() => service.stop());

  it('its types are generated from the document the service serves now (npm run docs:generate after a change)', async () => {
    const served = await request<unknown>(service.url, 'GET', '/openapi.json');
    expect(JSON.parse(readFileSync(path.join(ROOT, 'clients', 'typescript', 'openapi.json'), 'utf8'))).toEqual(served.body);
  });

  it('lists templates, creates a job, reads it back and lists it, with typed answers', async () => {
    const client = createClient(service.url, key);
    const templates = await client.get('/v1/backtest/templates');
    expect(templates.map((template) => template.id)).toContain('sma_cross');
    const job = await client.post('/v1/backtest/jobs', {
      body: {
        template_id: 'sma_cross',
        params: { fast: 5, slow: 20 },
        symbols: ['BTCUSDT'],
        timeframe: '1h',
        start: '2024-01-01',
        end: '2024-01-10',
        capital: '1000',
      },
    });
    expect(job.config.symbols).toEqual(['BTCUSDT']);
    const again = await client.get('/v1/backtest/jobs/{id}', { path: { id: job.id } });
    expect(again.id).toBe(job.id);
    const page = await client.get('/v1/backtest/jobs', { query: { limit: 1 } });
    expect(page.data.map((listed) => listed.id)).toEqual([job.id]);
  });

  it('an error answer throws a ServiceError with the status and the code', async () => {
    const client = createClient(service.url, key);
    const failure = (await client.get('/v1/backtest/jobs/{id}', { path: { id: 'bt_missing' } }).catch((error: unknown) => error)) as ServiceError;
    expect(failure).toBeInstanceOf(ServiceError);
    expect([failure.status, failure.code]).toEqual([404, 'NOT_FOUND']);
    const wrongSecret = createClient(service.url, { ...key, apiSecret: 'wrong' });
    const refused = (await wrongSecret.get('/v1/account').catch((error: unknown) => error)) as ServiceError;
    expect([refused.status, refused.code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});
