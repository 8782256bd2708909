import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireCaller } from '../auth/caller';
import type { JobRecord } from '../services/backtests/job-records';
import { BacktestJobPageType, BacktestJobType, BacktestTemplateType, CreateBacktestJobInput, type BacktestResultType } from '../schema/backtest.types';
import type { GraphQLContext } from '../schema/context';

function toResult(result: JobRecord['result']): BacktestResultType | null {
  if (!result) return null;
  const { metrics } = result;
  const full = 'trades' in result ? result : undefined;
  return {
    metrics: {
      sharpe: metrics.sharpe,
      sortino: metrics.sortino,
      calmar: metrics.calmar,
      maxDrawdown: metrics.max_drawdown,
      winRate: metrics.win_rate,
      profitFactor: metrics.profit_factor,
      cagr: metrics.cagr,
      expectedValue: metrics.expected_value,
      totalTrades: metrics.total_trades,
      avgTradeDurationSeconds: metrics.avg_trade_duration_seconds,
    },
    equityCurve: full ? full.equity_curve.map(([time, equity]) => ({ time, equity })) : null,
    trades: full
      ? full.trades.map((trade) => ({
          id: trade.id,
          side: trade.side,
          symbol: trade.symbol,
          entryTime: trade.entry_time,
          entryPrice: trade.entry_price,
          exitTime: trade.exit_time,
          exitPrice: trade.exit_price,
          qty: trade.qty,
          pnl: trade.pnl,
          fee: trade.fee,
        }))
      : null,
  };
}

function toJob(record: JobRecord): BacktestJobType {
  const { config } = record;
  return {
    id: record.id,
    status: record.status,
    config: {
      templateId: config.template_id,
      params: config.params,
      symbols: config.symbols,
      timeframe: config.timeframe,
      start: config.start,
      end: config.end,
      capital: config.capital,
      leverage: config.leverage,
      feeModel: config.fee_model,
      feeBps: config.fee_bps ?? null,
    },
    submittedAt: record.submitted_at,
    startedAt: record.started_at,
    finishedAt: record.finished_at,
    progress: record.progress,
    result: toResult(record.result),
    error: record.error,
  };
}

/** Backtest jobs over GraphQL: the same service, and so the same rules, as `/v1/backtest/...`. */
@Resolver()
export class BacktestResolver {
  @Query(() => [BacktestTemplateType])
  backtestTemplates(@Ctx() { services, caller }: GraphQLContext): BacktestTemplateType[] {
    requireCaller(caller);
    return services.backtestJobs
      .templates()
      .map((row) => ({ id: row.id, name: row.name, description: row.description, paramsSchema: row.params_schema, minCapital: row.min_capital }));
  }

  @Query(() => BacktestJobPageType, { description: "The caller's jobs, newest first; results carry metrics only." })
  async backtestJobs(
    @Ctx() { services, caller }: GraphQLContext,
    @Arg('status', () => String, { nullable: true }) status?: string,
    @Arg('templateId', () => String, { nullable: true }) templateId?: string,
    @Arg('from', () => String, { nullable: true, description: 'Inclusive lower bound on submittedAt.' }) from?: string,
    @Arg('to', () => String, { nullable: true, description: 'Exclusive upper bound on submittedAt.' }) to?: string,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
    @Arg('cursor', () => String, { nullable: true }) cursor?: string,
  ): Promise<BacktestJobPageType> {
    const page = await services.backtestJobs.list(requireCaller(caller), { status, template_id: templateId, from, to, limit, cursor });
    return { data: page.data.map(toJob), nextCursor: page.next_cursor };
  }

  @Query(() => BacktestJobType)
  async backtestJob(@Arg('id', () => ID) id: string, @Ctx() { services, caller }: GraphQLContext): Promise<BacktestJobType> {
    return toJob(await services.backtestJobs.get(requireCaller(caller), id));
  }

  @Mutation(() => BacktestJobType)
  async createBacktestJob(
    @Arg('input', () => CreateBacktestJobInput) input: CreateBacktestJobInput,
    @Ctx() { services, caller }: GraphQLContext,
  ): Promise<BacktestJobType> {
    const body = {
      strategy_id: input.strategyId ?? undefined,
      template_id: input.templateId ?? undefined,
      params: input.params ?? undefined,
      symbols: input.symbols ?? undefined,
      timeframe: input.timeframe ?? undefined,
      start: input.start,
      end: input.end,
      capital: input.capital ?? undefined,
      leverage: input.leverage ?? undefined,
      fee_model: input.feeModel ?? undefined,
      fee_bps: input.feeBps ?? undefined,
    };
    return toJob(await services.backtestJobs.create(requireCaller(caller), body));
  }

  @Mutation(() => BacktestJobType)
  async cancelBacktestJob(
    @Arg('id', () => ID) id: string,
    @Ctx() { services, caller }: GraphQLContext,
    @Arg('reason', () => String, { nullable: true }) reason?: string,
  ): Promise<BacktestJobType> {
    return toJob(await services.backtestJobs.cancel(requireCaller(caller), id, { reason: reason ?? undefined }));
  }

  @Subscription(() => BacktestJobType, {
    name: 'backtestJob',
    description: "The job now, then on each status or progress change until it ends; the owner's jobs only.",
    subscribe: ({ args, context }) =>
      (context as GraphQLContext).services.backtestJobs.watch(requireCaller((context as GraphQLContext).caller), String((args as { id: unknown }).id)),
  })
  backtestJobChanged(@Root() record: JobRecord, @Arg('id', () => ID) _id: string): BacktestJobType {
    return toJob(record);
  }
}
