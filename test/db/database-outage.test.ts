import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { request } from '../support/http';
import { bearer, newAccount, startOutsideWorld, type OutsideWorld } from '../support/identity';
import { postgresProcesses, startPostgres, stopPostgres } from '../support/postgres-process';
import { spawnService, type ServiceProcess } from '../support/service-process';

/** Contract §14 / issue 10 item 8: an unreachable or frozen database is 503 with Retry-After, soon, in each edge's error envelope. */
describe('requests while the database is unavailable', () => {
  let world: OutsideWorld;
  let dataDir: string;
  let clusterDir: string;
  let service: ServiceProcess;
  let account: Awaited<ReturnType<typeof newAccount>>;
  let restarted: { stop: () => Promise<void> } | undefined;

  beforeAll(async () => {
    world = await startOutsideWorld();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'database-outage-'));
    clusterDir = path.join(dataDir, 'postgres');
    service = await spawnService({ ...world.env, DATA_DIR: dataDir, ROLE: 'api', DB_STATEMENT_TIMEOUT_MS: '500', DB_CONNECT_TIMEOUT_MS: '500' });
    account = await newAccount(service.url, world, 'outage@example.com', ['webhooks:write']);
  }, 60_000);
  afterAll(async () => {
    service.child.kill('SIGTERM');
    await service.exited;
    await restarted?.stop();
    await world.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** What the envelopes below look at: a REST error body or a GraphQL answer. */
  type Answer = { detail?: unknown; error?: unknown; errors?: { extensions?: { code?: string } }[] };
  const calls: [string, () => Promise<{ status: number; headers: Headers; body: Answer }>, (body: Answer) => void][] = [
    [
      'public REST (GET /strategies/1)',
      () => request<Answer>(service.url, 'GET', '/strategies/1'),
      (body) => expect(body).toEqual({ detail: 'database unavailable, try again shortly' }),
    ],
    [
      'signed REST (GET /v1/webhooks)',
      () => account.call<Answer>('GET', '/v1/webhooks'),
      (body) => expect(body).toEqual({ error: { code: 'DEPENDENCY_UNAVAILABLE', message: 'database unavailable, try again shortly' } }),
    ],
    [
      'GraphQL with an app token',
      () => request<Answer>(service.url, 'POST', '/graphql', { json: { query: '{ webhooks { data { id } } }' }, headers: bearer(account.token) }),
      (body) => expect(body.errors?.[0]?.extensions?.code).toBe('DEPENDENCY_UNAVAILABLE'),
    ],
    [
      'public GraphQL',
      () => request<Answer>(service.url, 'POST', '/graphql', { json: { query: '{ strategy(id: 1) { id } }' } }),
      (body) => expect(body.errors?.[0]?.extensions?.code).toBe('DEPENDENCY_UNAVAILABLE'),
    ],
  ];

  it('a frozen database (every PostgreSQL process stopped with SIGSTOP) answers 503 within a few seconds, /readyz included', async () => {
    const frozen = await postgresProcesses(clusterDir);
    frozen.forEach((pid) => process.kill(pid, 'SIGSTOP'));
    try {
      for (const [, call, envelope] of calls) {
        const started = Date.now();
        const response = await call();
        expect(Date.now() - started).toBeLessThan(4_000);
        if (response.status !== 200) expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('5');
        envelope(response.body);
      }
      const started = Date.now();
      const ready = await request(service.url, 'GET', '/readyz');
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(ready.status).toBe(503);
    } finally {
      frozen.forEach((pid) => process.kill(pid, 'SIGCONT'));
    }
  }, 60_000);

  it.each(calls)('a stopped database: %s answers 503 with Retry-After in its envelope', async (_name, call, envelope) => {
    await stopDatabaseOnce();
    const response = await call();
    if (response.status !== 200) expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    envelope(response.body);
  });

  it('a stopped database: /readyz answers 503 with Retry-After, and 200 once the database is back', async () => {
    await stopDatabaseOnce();
    const down = await request(service.url, 'GET', '/readyz');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    restarted = await startPostgres(clusterDir, port!);
    const deadline = Date.now() + 5_000;
    let up = await request(service.url, 'GET', '/readyz');
    while (up.status !== 200 && Date.now() < deadline) up = await request(service.url, 'GET', '/readyz');
    expect(up.status).toBe(200);
  });

  /** The rows below share one outage: the first to run stops the database, the last starts it again. */
  let port: number | undefined;
  async function stopDatabaseOnce(): Promise<void> {
    port ??= await stopPostgres(clusterDir);
  }
});
