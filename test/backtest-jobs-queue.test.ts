import { jobBody } from './support/backtest';
import { newAccount, startOutsideWorld, type OutsideWorld } from './support/identity';
import { createTestDatabase, startTestService, type TestService } from './support/test-service';

/** API processes only (ROLE=api): nothing picks the jobs up, so they stay queued. */
describe('queued backtest jobs and the 5-active-jobs rule, across API processes', () => {
  const database = createTestDatabase();
  let world: OutsideWorld;
  let first: TestService;
  let second: TestService;
  let emails = 0;
  const account = (service: TestService) => newAccount(service.url, world, `queue${(emails += 1)}@example.com`);

  beforeAll(async () => {
    world = await startOutsideWorld();
    const db = await database;
    first = await startTestService({ ...world.env, ROLE: 'api' }, db);
    second = await startTestService({ ...world.env, ROLE: 'api' }, db);
  });
  afterAll(async () => {
    await first.stop();
    await second.stop();
    await (await database).drop();
    await world.stop();
  });

  it('cancel of a queued job: cancelled with started_at null, progress 0 kept, finished_at set', async () => {
    const { call } = await account(first);
    const created = await call('POST', '/v1/backtest/jobs', jobBody());
    const response = await call('POST', `/v1/backtest/jobs/${created.body.id}/cancel`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...created.body,
      status: 'cancelled',
      finished_at: expect.stringMatching(/Z$/),
      started_at: null,
      progress: 0,
      result: null,
      error: null,
    });
    expect(response.headers.get('x-service-used-weight-1m')).toBe('25');
  });

  it('20 simultaneous creates by one user on one process: exactly 5 accepted, 15 × 429 RATE_LIMITED', async () => {
    const { call } = await account(first);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/v1/backtest/jobs', jobBody())));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited).toHaveLength(15);
    expect(limited[0]?.body).toEqual({ error: { code: 'RATE_LIMITED', message: expect.stringContaining('5') } });
  });

  it('20 simultaneous creates by one user over two processes and two keys: exactly 5 accepted; a cancel frees a place', async () => {
    const owner = await account(first);
    const secondKey = await newAccount(second.url, world, owner.user.email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? owner.call : secondKey.call)('POST', '/v1/backtest/jobs', jobBody())),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(15);
    const sixth = await owner.call('POST', '/v1/backtest/jobs', jobBody());
    expect(sixth.status).toBe(429);
    const accepted = answers.find((answer) => answer.status === 200 && answer.body.id);
    const caller = (await owner.call('GET', `/v1/backtest/jobs/${accepted!.body.id}`)).status === 200 ? owner.call : secondKey.call;
    expect((await caller('POST', `/v1/backtest/jobs/${accepted!.body.id}/cancel`, { reason: 'make room' })).status).toBe(200);
    expect((await owner.call('POST', '/v1/backtest/jobs', jobBody())).status).toBe(200);
  });
});
