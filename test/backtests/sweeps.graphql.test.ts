import {
  BacktestSweepDocument,
  BacktestSweepsDocument,
  CancelBacktestSweepDocument,
  CreateBacktestSweepDocument,
  WatchBacktestSweepDocument,
  type SweepObjective,
} from '../graphql/generated';
import { sweepBody } from '../support/backtest';
import { defined } from '../support/defined';
import { graphql } from '../support/http';
import { collectSubscription, graphqlRunInput } from '../support/backtest-graphql';
import { startBacktestWorld, type BacktestWorld } from '../support/backtest-world';
import { bearer, newAccount, type OutsideWorld } from '../support/identity';
import type { TestService } from '../support/test-service';
import { waitFor } from '../support/wait';

const input = graphqlRunInput(sweepBody());

describe('backtest sweeps over GraphQL and the backtestSweep subscription (contract §13)', () => {
  let world: OutsideWorld;
  let service: TestService;
  let wsClient: BacktestWorld['wsClient'];
  let stop: BacktestWorld['stop'];

  beforeAll(async () => ({ world, service, wsClient, stop } = await startBacktestWorld({ workers: 1 })));
  afterAll(() => stop());

  const untilDone = (id: string, auth: Record<string, string>) =>
    waitFor(
      `sweep ${id} ends`,
      async () => {
        const sweep = (await graphql(service.url, BacktestSweepDocument, { id }, auth)).data!.backtestSweep;
        return ['done', 'failed', 'cancelled'].includes(sweep.status) && sweep;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );

  it('createBacktestSweep, backtestSweep, backtestSweeps and cancelBacktestSweep answer the sweep record in GraphQL names', async () => {
    const { token } = await newAccount(service.url, world, 'gql-sweep@example.com');
    const auth = bearer(token);
    const created = await graphql(
      service.url,
      CreateBacktestSweepDocument,
      {
        input: { ...input, start: '2024-01-01T00:00:00Z', end: '2024-03-01T00:00:00Z', slippageBps: '2', top: 3, walkForward: { trainDays: 30, testDays: 10 } },
      },
      auth,
    );
    expect(created.errors).toBeUndefined();
    const sweep = created.data!.createBacktestSweep;
    expect(sweep).toMatchObject({
      status: 'queued',
      combinations: 4,
      skipped: 0,
      progress: 0,
      result: null,
      config: { templateId: 'sma_cross', slippageBps: '2', objective: 'sharpe', top: 3, walkForward: { trainDays: 30, testDays: 10 } },
    });
    const done = await untilDone(sweep.id, auth);
    expect(done).toMatchObject({ status: 'done', progress: 1, error: null });
    expect(done.result!.rows).toHaveLength(3);
    expect(done.result!.walkForward!.windows.map((window) => window.testStart)).toEqual([
      '2024-01-31T00:00:00.000Z',
      '2024-02-10T00:00:00.000Z',
      '2024-02-20T00:00:00.000Z',
    ]);
    const sharpes = done.result!.rows!.map((row) => Number(row.metrics.sharpe));
    expect(sharpes).toEqual([...sharpes].sort((a, b) => b - a));
    const listed = (await graphql(service.url, BacktestSweepsDocument, { status: 'done' }, auth)).data!.backtestSweeps;
    expect(listed.data.map((row) => row.id)).toEqual([sweep.id]);
    expect(listed.data[0]?.result).toEqual({ ...done.result, rows: null });
    const cancel = await graphql(service.url, CancelBacktestSweepDocument, { id: sweep.id }, auth);
    expect(cancel.errors?.[0]?.extensions?.code).toBe('INVALID_STATE');
    const bad = await graphql(service.url, CreateBacktestSweepDocument, { input: { ...input, top: 0 } }, auth);
    expect(bad.errors?.[0]?.message).toContain('top');
    expect(bad.errors?.[0]?.extensions?.code).toBe('INVALID_PARAMETER');
    const luck = await graphql(service.url, CreateBacktestSweepDocument, { input: { ...input, objective: 'luck' as SweepObjective } }, auth);
    expect(luck.errors?.[0]).toMatchObject({ message: expect.stringContaining('SweepObjective') as string, extensions: { code: 'BAD_USER_INPUT' } });
    const missing = await graphql(service.url, BacktestSweepDocument, { id: 'sw_00000000' }, auth);
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('backtestSweep streams progress with the leaderboard so far, then the final result', async () => {
    const { token } = await newAccount(service.url, world, 'gql-sweep-watch@example.com');
    const created = await graphql(
      service.url,
      CreateBacktestSweepDocument,
      {
        input: {
          ...input,
          timeframe: 'M1',
          start: '2024-05-01T00:00:00Z',
          end: '2024-05-31T00:00:00Z',
          params: { fast: { from: 2, to: 11, step: 1 }, slow: { from: 30, to: 120, step: 10 } },
        },
      },
      bearer(token),
    );
    const { events, errors } = await collectSubscription(
      wsClient({ authorization: `Bearer ${token}` }),
      WatchBacktestSweepDocument,
      { id: defined(created.data ?? undefined, 'the created sweep').createBacktestSweep.id },
      (data) => data.backtestSweep,
    );
    expect(errors).toBeUndefined();
    const running = events.filter((event) => event.status === 'running' && (event.result?.rows?.length ?? 0) > 0);
    const lastRunning = defined(running[running.length - 1], 'a running event with a leaderboard');
    expect(lastRunning.progress).toBeGreaterThan(0);
    expect(lastRunning.progress).toBeLessThan(1);
    const progress = events.map((event) => event.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const last = defined(events[events.length - 1], 'the last event');
    expect(last).toMatchObject({ status: 'done', progress: 1, combinations: 100 });
    expect(last.result?.rows).toHaveLength(20);
  }, 60_000);
});
