import type { Client } from 'graphql-ws';
import type { JobRecord } from '../../src/services/backtests/job-records';
import type { ExchangeStandIn } from '../stand-ins/exchange/exchange-stand-in';
import {
  BacktestJobDocument,
  BacktestJobReportDocument,
  BacktestJobsDocument,
  BacktestTemplatesDocument,
  CancelBacktestJobDocument,
  CreateBacktestJobDocument,
  WatchBacktestJobDocument,
  type Timeframe,
} from '../graphql/generated';
import { finishedJob, fullResult, jobBody, waitForJob } from '../support/backtest';
import { graphql } from '../support/http';
import { collectSubscription, graphqlRunInput } from '../support/backtest-graphql';
import { startBacktestWorld, type BacktestWorld } from '../support/backtest-world';
import { bearer, newAccount, signature, type OutsideWorld } from '../support/identity';
import type { TestService } from '../support/test-service';
import { defined } from '../support/defined';
import { anyOf, containing } from '../support/matchers';
import { waitFor } from '../support/wait';

const input = graphqlRunInput(jobBody());

describe('backtest jobs over GraphQL and the backtestJob subscription (contract §9)', () => {
  let world: OutsideWorld;
  let exchange: ExchangeStandIn;
  let service: TestService;
  let wsClient: BacktestWorld['wsClient'];
  let stop: BacktestWorld['stop'];
  const collect = (client: Client, id: string) => collectSubscription(client, WatchBacktestJobDocument, { id }, (data) => data.backtestJob);

  beforeAll(async () => ({ world, exchange, service, wsClient, stop } = await startBacktestWorld({ workers: 1 })));
  afterAll(() => stop());

  it('an app-token user lists templates, creates, lists, reads and cancels jobs: the same records as REST', async () => {
    const { token } = await newAccount(service.url, world, 'gql-bt@example.com');
    const auth = bearer(token);
    const templates = await graphql(service.url, BacktestTemplatesDocument, {}, auth);
    expect(templates.data!.backtestTemplates.map((row) => row.id)).toContain('macd_trend');
    const created = await graphql(service.url, CreateBacktestJobDocument, { input: { ...input, feeModel: 'none' } }, auth);
    expect(created.errors).toBeUndefined();
    const job = created.data!.createBacktestJob;
    expect(job).toMatchObject({
      status: 'queued',
      progress: 0,
      startedAt: null,
      result: null,
      error: null,
      config: { feeModel: 'none', feeBps: null, leverage: 1, params: { fast: 5, slow: 20, side: 'long', position_size: 1 } },
    });
    const read = await waitFor(
      'the job is done',
      async () => {
        const current = (await graphql(service.url, BacktestJobDocument, { id: job.id }, auth)).data!.backtestJob;
        return current.status === 'done' && current;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect(read).toMatchObject({ status: 'done', progress: 1, error: null });
    expect(read.result!.equityCurve).toHaveLength(46);
    expect(read.result!.equityCurve![0]).toEqual({ time: '2024-01-01T00:00:00.000Z', equity: '10000' });
    expect(read.result!.trades).toHaveLength(read.result!.metrics.totalTrades);
    const listed = (await graphql(service.url, BacktestJobsDocument, { status: 'done' }, auth)).data!.backtestJobs;
    expect(listed.data.map((row) => row.id)).toEqual([job.id]);
    expect(listed.data[0]?.result).toEqual({ metrics: read.result!.metrics, equityCurve: null, trades: null });
    const cancel = await graphql(service.url, CancelBacktestJobDocument, { id: job.id, reason: 'late' }, auth);
    expect(cancel.errors![0]?.extensions!.code).toBe('INVALID_STATE');
  });

  it("BacktestJob.report and the trades' funding, exitReason, mae and mfe are the REST result's, in GraphQL names (contract §18)", async () => {
    const { token, call } = await newAccount(service.url, world, 'gql-bt-report@example.com');
    const job = await finishedJob(call, jobBody({ symbols: ['BTCUSDT', 'ETHUSDT'], params: { fast: 3, slow: 12, side: 'both' } }));
    expect(job.status).toBe('done');
    const rest = fullResult(job);
    const report = defined(rest.report, 'the REST report');
    const read = await graphql(service.url, BacktestJobReportDocument, { id: job.id }, bearer(token));
    expect(read.errors).toBeUndefined();
    const { result, report: graph } = read.data!.backtestJob;
    expect(result!.trades).toEqual(
      rest.trades.map((trade) => ({ id: trade.id, funding: trade.funding, exitReason: trade.exit_reason, mae: trade.mae, mfe: trade.mfe })),
    );
    const { summary } = report;
    expect(graph!.summary).toEqual({
      totalReturn: summary.total_return,
      buyAndHoldReturn: summary.buy_and_hold_return,
      exposure: summary.exposure,
      totalFees: summary.total_fees,
      totalFunding: summary.total_funding,
      longTrades: summary.long_trades,
      shortTrades: summary.short_trades,
      bestTrade: summary.best_trade,
      worstTrade: summary.worst_trade,
      avgTradeDurationS: summary.avg_trade_duration_s,
      maxConsecutiveWins: summary.max_consecutive_wins,
      maxConsecutiveLosses: summary.max_consecutive_losses,
    });
    expect(graph!.perSymbol).toEqual(report.per_symbol.map(({ win_rate: winRate, ...row }) => ({ ...row, winRate })));
    expect(graph!.monthlyReturns).toEqual(report.monthly_returns);
    expect(graph!.drawdowns).toEqual(
      report.drawdowns.map((row) => ({ peakTime: row.peak_time, troughTime: row.trough_time, recoveryTime: row.recovery_time, depth: row.depth })),
    );
    expect(report.per_symbol.map((row) => row.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(report.monthly_returns.map((row) => row.month)).toEqual(['2024-01', '2024-02']);
  });

  it('create errors carry extensions.code: INVALID_PARAMETER, and RATE_LIMITED beyond 5 active jobs', async () => {
    const { token } = await newAccount(service.url, world, 'gql-errors@example.com');
    const bad = await graphql(service.url, CreateBacktestJobDocument, { input: { ...input, end: input.start } }, bearer(token));
    expect(bad.errors![0]).toMatchObject({ message: containing('end'), extensions: { code: 'INVALID_PARAMETER' } });
    // A timeframe outside the enum is refused before anything runs, as any ill-typed variable.
    const unknown = await graphql(service.url, CreateBacktestJobDocument, { input: { ...input, timeframe: '2h' as Timeframe } }, bearer(token));
    expect(unknown.status).toBe(400);
    expect(unknown.errors![0]).toMatchObject({ message: containing('Timeframe'), extensions: { code: 'BAD_USER_INPUT' } });
    const missing = await graphql(service.url, BacktestJobDocument, { id: 'bt_00000000' }, bearer(token));
    expect(missing.errors![0]?.extensions!.code).toBe('NOT_FOUND');
    const anonymous = await graphql(service.url, BacktestTemplatesDocument, {});
    expect(anonymous.errors![0]?.extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('backtestJob streams the job over graphql-ws to its owner (signed connection_init) until done; another user gets NOT_FOUND', async () => {
    const owner = await newAccount(service.url, world, 'gql-watch@example.com');
    const other = await newAccount(service.url, world, 'gql-stranger@example.com');
    // A slow exchange keeps the job queued, then running, long enough to subscribe first.
    exchange.fault('/fapi/v1/klines', { delayMs: 1500 }, 1);
    const created = await owner.call<JobRecord>('POST', '/v1/backtest/jobs', {
      template_id: 'ema_cross',
      params: { fast: 4, slow: 9 },
      symbols: ['SOLUSDT'],
      timeframe: '4h',
      start: '2023-01-01T00:00:00Z',
      end: '2023-06-01T00:00:00Z',
      capital: '500',
    });
    const timestamp = String(Date.now());
    const signed = wsClient({ apiKey: owner.key.api_key, timestamp, signature: signature(owner.key.api_secret, timestamp, 'GET', '/graphql') });
    const stranger = wsClient({ authorization: `Bearer ${other.token}` });
    const [watched, refused] = await Promise.all([collect(signed, created.body.id), collect(stranger, created.body.id)]);
    expect(refused.events).toEqual([]);
    expect(JSON.stringify(refused.errors)).toContain('NOT_FOUND');
    expect(watched.errors).toBeUndefined();
    const statuses = watched.events.map((event) => event.status);
    expect(statuses[0]).toMatch(/queued|running/);
    expect(statuses).toContain('running');
    expect(statuses[statuses.length - 1]).toBe('done');
    const last = watched.events[watched.events.length - 1];
    expect(last).toMatchObject({ id: created.body.id, progress: 1, result: { metrics: { totalTrades: anyOf(Number) } } });
  });

  it('a cancel reaches the subscriber as the last event', async () => {
    const { token, call } = await newAccount(service.url, world, 'gql-cancel@example.com');
    exchange.fault('/fapi/v1/klines', { delayMs: 3000 }, 1);
    const created = await call<JobRecord>('POST', '/v1/backtest/jobs', {
      template_id: 'sma_cross',
      params: { fast: 4, slow: 9 },
      symbols: ['XRPUSDT'],
      timeframe: '1d',
      start: '2022-01-01T00:00:00Z',
      end: '2022-06-01T00:00:00Z',
      capital: '500',
    });
    await waitForJob(call, created.body.id, (job) => job.status === 'running');
    const watching = collect(wsClient({ authorization: `Bearer ${token}` }), created.body.id);
    // the server registers the subscription just after acknowledging the connection, and no event marks it
    await new Promise((resolve) => setTimeout(resolve, 300));
    await graphql(service.url, CancelBacktestJobDocument, { id: created.body.id }, bearer(token));
    const { events } = await watching;
    expect(events.map((event) => event.status)).toEqual(['running', 'cancelled']);
  });
});
