import { request } from '../support/http';
import { createTestDatabase, startTestService, type TestService } from '../support/test-service';

describe('health, readiness and metrics', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.stop());

  it('GET /healthz answers {"status":"ok"}', async () => {
    const response = await request(service.url, 'GET', '/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 once migrated', async () => {
    const response = await request(service.url, 'GET', '/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ready', migrated: true });
  });

  it('GET /metrics serves Prometheus text with request durations by route', async () => {
    await request(service.url, 'GET', '/strategies');
    const response = await fetch(`${service.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/strategies",status="200"\} \d+/);
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('echoes a well-formed X-Request-Id and logs it with the request', async () => {
    const response = await fetch(`${service.url}/healthz`, { headers: { 'x-request-id': 'trace-abc.123' } });
    expect(response.headers.get('x-request-id')).toBe('trace-abc.123');
    expect(service.logs.some((line) => line.includes('"id":"trace-abc.123"'))).toBe(true);
  });

  it('replaces a malformed X-Request-Id with a generated one', async () => {
    const response = await fetch(`${service.url}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('readiness without a database', () => {
  it('GET /readyz answers 503 once the database is gone', async () => {
    const database = await createTestDatabase();
    const service = await startTestService({}, database);
    try {
      await database.drop();
      const response = await request(service.url, 'GET', '/readyz');
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ status: 'unavailable', database: false });
    } finally {
      await service.stop();
    }
  });
});
