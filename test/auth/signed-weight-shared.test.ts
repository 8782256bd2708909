import { randomBytes } from 'node:crypto';
import { request } from '../support/http';
import { createApiKey, signIn, signedHeaders, startOutsideWorld, type OutsideWorld } from '../support/identity';
import { createTestDatabase, startTestService, type TestService } from '../support/test-service';
import { anyString } from '../support/matchers';

describe('the weight budget is one per key across processes', () => {
  const database = createTestDatabase();
  let world: OutsideWorld;
  let first: TestService;
  let second: TestService;

  beforeAll(async () => {
    world = await startOutsideWorld();
    const db = await database;
    // Processes sharing a database must share the keys that sign tokens and encrypt secrets.
    const env = {
      ...world.env,
      SIGNED_WEIGHT_PER_MIN: '4',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      APP_JWT_SECRET: 'shared-app-jwt-secret-of-32-characters-or-more',
    };
    first = await startTestService(env, db);
    second = await startTestService(env, db);
  });
  afterAll(async () => {
    await first.stop();
    await second.stop();
    await (await database).drop();
    await world.stop();
  });

  it('weight spent on one process counts on the other: the 5th unit answers 429', async () => {
    const { token } = await signIn(first.url, world, 'shared@example.com');
    const key = await createApiKey(first.url, token);
    const used: (string | null)[] = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await request(index % 2 === 0 ? first.url : second.url, 'GET', '/v1/account', { headers: signedHeaders(key, 'GET', '/v1/account') });
      expect(response.status).toBe(200);
      used.push(response.headers.get('x-service-used-weight-1m'));
    }
    expect(used).toEqual(['1', '2', '3', '4']);
    const limited = await request(second.url, 'GET', '/v1/account', { headers: signedHeaders(key, 'GET', '/v1/account') });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: { code: 'RATE_LIMITED', message: anyString() } });
  });
});
