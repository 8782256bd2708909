import type { ExitReasonName } from './exit-reason';

/**
 * The engine's boundary: typed-array inputs and the wire-shaped result
 * (snake_case, decimal strings) that the job API returns as it is.
 */

/** Bars of one symbol, oldest first; all arrays have the same length. Times are Unix milliseconds of each bar's open. */
export interface CandleSeries {
  openTime: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** Funding events of one symbol, oldest first: `rate` is a fraction (0.0001 = 1 bp), longs pay a positive rate. */
export interface FundingSeries {
  time: Float64Array;
  rate: Float64Array;
}

export const TIMEFRAMES = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

export const FEE_MODELS = ['none', 'fixed_bps', 'tiered_maker_taker', 'match_exchange'] as const;
export type FeeModel = (typeof FEE_MODELS)[number];

/** The account's current commission rates as the exchange reports them: fractions of notional ("0.0002" = 2 bps). */
export interface ExchangeFeeRates {
  makerRate: string;
  takerRate: string;
}

export interface BacktestConfig {
  templateId: string;
  /** Raw template parameters; the engine validates them with the template's schema. */
  params: unknown;
  symbols: string[];
  timeframe: Timeframe;
  /** Bars whose open time is in [start, end) are simulated (contract §7 "Window"); Unix milliseconds. */
  start: number;
  end: number;
  /** Starting equity in the quote currency, a decimal string. */
  capital: string;
  leverage: number;
  feeModel: FeeModel;
  /** Used only by `fixed_bps`; a decimal string. */
  feeBps?: string;
  /** Used only by `match_exchange`; without it that model falls back to the tiered rates. */
  exchangeFees?: ExchangeFeeRates;
  /** Market fills move against the order by this many basis points (contract §13); a decimal string, default 0. */
  slippageBps?: string;
}

export interface BacktestInput {
  config: BacktestConfig;
  /** One series per symbol of `config.symbols`; bars outside [start, end) are ignored. */
  candles: Record<string, CandleSeries>;
  /** Funding history per symbol; a symbol without an entry pays no funding. */
  funding: Record<string, FundingSeries>;
}

export interface BacktestMetrics {
  sharpe: string;
  sortino: string;
  calmar: string;
  max_drawdown: string;
  win_rate: string;
  profit_factor: string;
  cagr: string;
  expected_value: string;
  total_trades: number;
  avg_trade_duration_seconds: number;
}

export type TradeSide = 'long' | 'short';

export interface BacktestTrade {
  id: number;
  side: TradeSide;
  symbol: string;
  entry_time: string;
  entry_price: string;
  exit_time: string;
  exit_price: string;
  qty: string;
  /** Net of this trade's entry and exit fees and of the funding paid or received while it was open. */
  pnl: string;
  /** Entry fee plus exit fee. */
  fee: string;
  /** Funding the position paid while open, negative when it received; already in `pnl`. */
  funding: string;
  /** Contract §18: why the trade ended. */
  exit_reason: ExitReasonName;
  /**
   * Maximum adverse / favourable excursion, fractions of the entry price over the bars opening in
   * [entry_time, exit_time) and the exit price (contract §18); mae ≤ 0 ≤ mfe.
   */
  mae: string;
  mfe: string;
}

/** Contract §18 `report.summary`: the account as a whole; decimals are strings. */
export interface ReportSummary {
  total_return: string;
  buy_and_hold_return: string;
  exposure: string;
  total_fees: string;
  total_funding: string;
  long_trades: number;
  short_trades: number;
  best_trade: string;
  worst_trade: string;
  avg_trade_duration_s: number;
  max_consecutive_wins: number;
  max_consecutive_losses: number;
}

/** One row of `report.per_symbol`, in the job's symbol order. */
export interface SymbolReport {
  symbol: string;
  trades: number;
  win_rate: string;
  pnl: string;
  fees: string;
  funding: string;
}

export interface MonthlyReturn {
  /** `YYYY-MM` (UTC). */
  month: string;
  return: string;
}

/** A drawdown of the daily curve: from a peak to the first point back at or above it. */
export interface DrawdownPeriod {
  peak_time: string;
  trough_time: string;
  /** Null while the curve has not recovered to the peak. */
  recovery_time: string | null;
  depth: string;
}

export interface BacktestReport {
  summary: ReportSummary;
  per_symbol: SymbolReport[];
  monthly_returns: MonthlyReturn[];
  drawdowns: DrawdownPeriod[];
}

/** [ISO 8601 instant (00:00 UTC of a date), equity as a decimal string]. */
export type EquityPoint = [string, string];

/** `result` of a done job, in wire shape. */
export interface BacktestResult {
  metrics: BacktestMetrics;
  equity_curve: EquityPoint[];
  trades: BacktestTrade[];
  /** Contract §18; absent from jobs run before reports existed. */
  report?: BacktestReport;
}

/**
 * A done job's result as the job store keeps it: `result`'s JSON text,
 * written in the engine thread (the 10⁵ trade objects of a 5-year 1m run
 * never cross to the main thread, which only stores the text), and its
 * metrics, stored apart for lists.
 */
export interface ResultJson {
  json: string;
  metrics: BacktestMetrics;
}

/** Mark-to-market equity of the combined account at the close of each bar (float64; see simulate.ts). */
export interface BarEquity {
  /** Open times of the bars, Unix milliseconds, ascending; `equity[i]` is valued at the close of the bar opening at `openTime[i]`. */
  openTime: Float64Array;
  equity: Float64Array;
}

export interface SimulationResult {
  result: BacktestResult;
  barEquity: BarEquity;
}
