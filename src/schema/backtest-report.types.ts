import { Field, Int, ObjectType } from 'type-graphql';
import type { BacktestReport, DrawdownPeriod, MonthlyReturn, ReportSummary, SymbolReport } from '../engine';

/* Contract §18 `report`, declared over the engine's wire record like the other backtest types; decimals are strings. */

@ObjectType('BacktestReportSummary')
export class BacktestReportSummaryType implements ReportSummary {
  @Field(() => String, { name: 'totalReturn', description: 'E_end / capital − 1.' }) total_return!: string;
  @Field(() => String, {
    name: 'buyAndHoldReturn',
    description: 'Mean over the symbols of last simulated close / first simulated open − 1 (no fees, funding or leverage).',
  })
  buy_and_hold_return!: string;
  @Field(() => String, { description: 'Bars with an open position, summed over symbols, over all simulated bars.' }) exposure!: string;
  @Field(() => String, { name: 'totalFees' }) total_fees!: string;
  @Field(() => String, { name: 'totalFunding', description: 'Funding paid, negative when received.' }) total_funding!: string;
  @Field(() => Int, { name: 'longTrades' }) long_trades!: number;
  @Field(() => Int, { name: 'shortTrades' }) short_trades!: number;
  @Field(() => String, { name: 'bestTrade', description: 'The highest trade pnl.' }) best_trade!: string;
  @Field(() => String, { name: 'worstTrade', description: 'The lowest trade pnl.' }) worst_trade!: string;
  @Field(() => Int, { name: 'avgTradeDurationS' }) avg_trade_duration_s!: number;
  @Field(() => Int, { name: 'maxConsecutiveWins', description: 'In exit-time order; a win has pnl > 0.' }) max_consecutive_wins!: number;
  @Field(() => Int, { name: 'maxConsecutiveLosses', description: 'In exit-time order; a loss has pnl ≤ 0.' }) max_consecutive_losses!: number;
}

@ObjectType('BacktestSymbolReport')
export class BacktestSymbolReportType implements SymbolReport {
  @Field(() => String) symbol!: string;
  @Field(() => Int) trades!: number;
  @Field(() => String, { name: 'winRate' }) win_rate!: string;
  @Field(() => String) pnl!: string;
  @Field(() => String) fees!: string;
  @Field(() => String) funding!: string;
}

@ObjectType('BacktestMonthlyReturn')
export class BacktestMonthlyReturnType implements MonthlyReturn {
  @Field(() => String, { description: 'YYYY-MM (UTC).' }) month!: string;
  @Field(() => String, { description: "The month's last curve point over the last point before the month, − 1." }) return!: string;
}

@ObjectType('BacktestDrawdown')
export class BacktestDrawdownType implements DrawdownPeriod {
  @Field(() => String, { name: 'peakTime' }) peak_time!: string;
  @Field(() => String, { name: 'troughTime' }) trough_time!: string;
  @Field(() => String, { name: 'recoveryTime', nullable: true, description: 'Null while not recovered.' }) recovery_time!: string | null;
  @Field(() => String, { description: '1 − trough / peak.' }) depth!: string;
}

@ObjectType('BacktestReport', { description: 'Contract §18: the report of a done job.' })
export class BacktestReportType implements BacktestReport {
  @Field(() => BacktestReportSummaryType) summary!: BacktestReportSummaryType;
  @Field(() => [BacktestSymbolReportType], { name: 'perSymbol', description: "In the job's symbol order." }) per_symbol!: BacktestSymbolReportType[];
  @Field(() => [BacktestMonthlyReturnType], { name: 'monthlyReturns' }) monthly_returns!: BacktestMonthlyReturnType[];
  @Field(() => [BacktestDrawdownType], { description: 'Up to the 5 deepest non-overlapping drawdowns of the daily curve, deepest first.' })
  drawdowns!: BacktestDrawdownType[];
}
