import 'reflect-metadata';
import { Client } from 'pg';
import { migrate, openDatabase, type Orm } from '../../src/db/orm';
import { LIVENESS_LOCK_NAMESPACE } from '../../src/db/process-liveness';
import { createLogger } from '../../src/observability/logger';
import { BacktestSweepsStore } from '../../src/services/backtests/backtest-sweeps.store';
import { planChunks } from '../../src/services/backtests/backtest-sweeps.service';
import { resolveSweep } from '../../src/services/backtests/sweep-config';
import { SweepQueueStore } from '../../src/services/backtests/sweep-queue.store';
import { MAX_ACTIVE_RUNS } from '../../src/services/backtests/backtest-rules';
import { sweepBody } from '../support/backtest';
import { defined } from '../support/defined';
import { createTestDatabase } from '../support/test-service';

/** The sweep rows and the sweep work queue against the real ORM, migrations and embedded PostgreSQL, without the HTTP server. */
describe('sweep stores: a sweep’s progress from its history loaded and its combinations run', () => {
  let database: { url: string; drop(): Promise<void> };
  let orm: Orm;
  let sweeps: BacktestSweepsStore;
  let queue: SweepQueueStore;
  const caller = { userId: 7, apiKeyId: null, scopes: [] };
  const WORKER = 3;
  // The worker's liveness lock, as a worker process holds it: without it its chunks count as abandoned and are claimed again.
  let worker: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = await openDatabase(database.url, { statementTimeoutMs: 10_000, connectTimeoutMs: 5_000 }, createLogger('warn'));
    await migrate(orm);
    sweeps = new BacktestSweepsStore(orm);
    queue = new SweepQueueStore(orm, sweeps);
    worker = new Client({ connectionString: database.url });
    await worker.connect();
    await worker.query('SELECT pg_advisory_lock($1, $2)', [LIVENESS_LOCK_NAMESPACE, WORKER]);
  });
  afterAll(async () => {
    await worker.end();
    await orm.close(true);
    await database.drop();
  });

  it('loading moves the first half, combinations the second; a process loading later never moves it back; 1 only when done', async () => {
    // 4 valid combinations in chunks of 1: a final chunk after them.
    const sweep = resolveSweep(sweepBody());
    const chunks = planChunks(sweep.combinations - sweep.skipped);
    expect(chunks).toHaveLength(4);
    const created = defined((await queue.enqueue(caller, 'sw_0000test', sweep, chunks, MAX_ACTIVE_RUNS)) ?? undefined, 'the queued sweep');
    const progress = async () => defined(await sweeps.get(caller, created.id), 'the sweep').progress;
    const [first, second] = await queue.claim(2, WORKER);
    if (!first || !second) throw new Error('two chunks claimed');

    expect(await queue.heartbeat(created.id, first.seq, WORKER, { done: 0, loaded: 0.4 })).toBe(true);
    expect(await progress()).toBeCloseTo(0.2, 10);
    // Another process, just starting its own load of the same candles.
    expect(await queue.heartbeat(created.id, second.seq, WORKER, { done: 0, loaded: 0.1 })).toBe(true);
    expect(await progress()).toBeCloseTo(0.2, 10);
    expect(await queue.completeChunk(created.id, first.seq, WORKER, { rows: [], best: [], trial_sharpes: null })).toBe(true);
    // Loaded (½) and one of 4 combinations run (⅛).
    expect(await progress()).toBeCloseTo(0.625, 10);

    for (const chunk of [second, ...(await queue.claim(2, WORKER))])
      await queue.completeChunk(created.id, chunk.seq, WORKER, { rows: [], best: [], trial_sharpes: null });
    expect(await progress()).toBeCloseTo(0.999, 10);
    const [final] = await queue.claim(1, WORKER);
    expect(final?.kind).toBe('final');
    expect(await queue.complete(created.id, defined(final, 'the final chunk').seq, WORKER, { objective: 'sharpe', rows: [] })).toBe(true);
    expect(await progress()).toBe(1);
  });
});
