import { startExchangeStandIn } from '../stand-ins/exchange/exchange-stand-in';
import { request } from '../support/http';
import { createTestDatabase, startTestService, type TestService } from '../support/test-service';

describe('per-IP rate limit on public endpoints, shared by every process through PostgreSQL', () => {
  const database = createTestDatabase();
  let first: TestService;
  let second: TestService;

  beforeAll(async () => {
    const db = await database;
    first = await startTestService({ PUBLIC_RATE_LIMIT_PER_MIN: '6' }, db);
    second = await startTestService({ PUBLIC_RATE_LIMIT_PER_MIN: '6' }, db);
  });
  afterAll(async () => {
    await first.stop();
    await second.stop();
    await (await database).drop();
  });

  it('the 7th request in a minute, across two processes, answers 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      statuses.push((await request(index % 2 === 0 ? first.url : second.url, 'GET', '/strategies')).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const limited = await request(second.url, 'GET', '/strategies');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: 'rate limit exceeded' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('a concurrent burst over two processes admits exactly the limit, though each process leases points in chunks', async () => {
    const db = await database;
    const limit = 40;
    const [a, b] = await Promise.all([
      startTestService({ PUBLIC_RATE_LIMIT_PER_MIN: String(limit), TRUST_PROXY: 'true' }, db),
      startTestService({ PUBLIC_RATE_LIMIT_PER_MIN: String(limit), TRUST_PROXY: 'true' }, db),
    ]);
    try {
      // Another address than the other test's (trusted through X-Forwarded-For), so the budgets do not mix.
      const headers = { 'x-forwarded-for': '203.0.113.7' };
      const answers = await Promise.all(
        Array.from({ length: 2 * limit }, (_, index) => request(index % 2 === 0 ? a.url : b.url, 'GET', '/strategies', { headers })),
      );
      const admitted = answers.filter((answer) => answer.status === 200).length;
      expect(admitted).toBe(limit);
      for (const answer of answers.filter((each) => each.status !== 200)) {
        expect(answer.status).toBe(429);
        expect(answer.body).toEqual({ detail: 'rate limit exceeded' });
      }
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('health probes are not limited', async () => {
    expect((await request(first.url, 'GET', '/healthz')).status).toBe(200);
  });
});

describe('per-IP limit while PostgreSQL is unreachable', () => {
  it('public market data keeps answering, limited per process, instead of failing with 500', async () => {
    const exchange = await startExchangeStandIn();
    const database = await createTestDatabase();
    const service = await startTestService({ UPSTREAM_FAPI_URL: exchange.url, UPSTREAM_WEB_URL: exchange.url, PUBLIC_RATE_LIMIT_PER_MIN: '3' }, database);
    try {
      await database.drop();
      const statuses: number[] = [];
      for (let index = 0; index < 4; index += 1) statuses.push((await request(service.url, 'GET', '/fapi/v1/time')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await service.stop();
      await exchange.close();
    }
  });
});
