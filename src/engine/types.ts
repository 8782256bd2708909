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

/** [ISO 8601 instant (00:00 UTC of a date), equity as a decimal string]. */
export type EquityPoint = [string, string];

/** `result` of a done job, in wire shape. */
export interface BacktestResult {
  metrics: BacktestMetrics;
  equity_curve: EquityPoint[];
  trades: BacktestTrade[];
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
