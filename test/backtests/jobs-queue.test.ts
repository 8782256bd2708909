import type { SignedErrorBody } from '../../src/rest/error-responses';
import type { JobRecord } from '../../src/services/backtests/job-records';
import type { SweepRecord } from '../../src/services/backtests/sweep-records';
import { jobBody, sweepBody } from '../support/backtest';
import { newAccount, startOutsideWorld, type OutsideWorld } from '../support/identity';
import { containing, matching } from '../support/matchers';
import { createTestDatabase, startTestService, type TestService } from '../support/test-service';

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
    const created = await call<JobRecord>('POST', '/v1/backtest/jobs', jobBody());
    const response = await call('POST', `/v1/backtest/jobs/${created.body.id}/cancel`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...created.body,
      status: 'cancelled',
      finished_at: matching(/Z$/),
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
    expect(limited[0]?.body).toEqual({ error: { code: 'RATE_LIMITED', message: containing('5') } });
  });

  it('20 simultaneous creates by one user over two processes and two keys: exactly 5 accepted; a cancel frees a place', async () => {
    const owner = await account(first);
    const secondKey = await newAccount(second.url, world, owner.user.email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? owner.call : secondKey.call)<Partial<JobRecord>>('POST', '/v1/backtest/jobs', jobBody())),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(15);
    const sixth = await owner.call('POST', '/v1/backtest/jobs', jobBody());
    expect(sixth.status).toBe(429);
    const accepted = answers.find((answer) => answer.status === 200 && answer.body.id)?.body.id;
    const caller = (await owner.call('GET', `/v1/backtest/jobs/${accepted}`)).status === 200 ? owner.call : secondKey.call;
    expect((await caller('POST', `/v1/backtest/jobs/${accepted}/cancel`, { reason: 'make room' })).status).toBe(200);
    expect((await owner.call('POST', '/v1/backtest/jobs', jobBody())).status).toBe(200);
  });
});

describe('jobs and sweeps share the 5-active limit (contract §13), on an API process', () => {
  const database = createTestDatabase();
  let world: OutsideWorld;
  let api: TestService;

  beforeAll(async () => {
    world = await startOutsideWorld();
    api = await startTestService({ ...world.env, ROLE: 'api' }, await database);
  });
  afterAll(async () => {
    await api.stop();
    await (await database).drop();
    await world.stop();
  });

  it('3 jobs and 2 sweeps fill the limit: a 6th sweep or job → 429 RATE_LIMITED; cancelling a queued sweep frees a place', async () => {
    const { call } = await newAccount(api.url, world, 'shared-limit@example.com');
    for (let index = 0; index < 3; index++) expect((await call('POST', '/v1/backtest/jobs', jobBody())).status).toBe(200);
    const first = await call<SweepRecord>('POST', '/v1/backtest/sweeps', sweepBody());
    const second = await call('POST', '/v1/backtest/sweeps', sweepBody());
    expect([first.status, second.status]).toEqual([200, 200]);
    const sixthSweep = await call<SignedErrorBody>('POST', '/v1/backtest/sweeps', sweepBody());
    expect(sixthSweep.status).toBe(429);
    expect(sixthSweep.body).toEqual({ error: { code: 'RATE_LIMITED', message: containing('5') } });
    expect((await call('POST', '/v1/backtest/jobs', jobBody())).status).toBe(429);

    const cancelled = await call('POST', `/v1/backtest/sweeps/${first.body.id}/cancel`, { reason: 'make room' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.headers.get('x-service-used-weight-1m')).toBe(String(3 * 20 + 3 * 20 + 20 + 5));
    expect(cancelled.body).toEqual({
      ...first.body,
      status: 'cancelled',
      finished_at: matching(/Z$/),
      started_at: null,
      progress: 0,
      result: null,
    });
    expect((await call('POST', `/v1/backtest/sweeps/${first.body.id}/cancel`)).status).toBe(409);
    expect((await call('POST', '/v1/backtest/jobs', jobBody())).status).toBe(200);
  });
});
