// Typed-array loops: every index below is bounded by the loop or the array length, so `!` stands in for a guard that would cost speed.
import { parseDecimal } from './wire-format';
import { EngineError } from './engine-error';
import { feeRates, type FeeRates } from './fees';
import { lowerBound } from './sorted-search';
import { findTemplate, type CommonParams, type TemplateDefinition } from './templates';
import { TIMEFRAME_MS } from './timeframes';
import type { BacktestInput, CandleSeries, FundingSeries } from './types';

/** Exchanges cap futures leverage at 125×. */
export const MAX_LEVERAGE = 125;

export interface SymbolPlan {
  symbol: string;
  candles: CandleSeries;
  funding: FundingSeries | undefined;
  /** Bars [from, to) of `candles` have open times in [start, end) (contract §7 "Window"). */
  from: number;
  to: number;
}

/** A validated configuration, in the engine's float64 units. */
export interface RunPlan {
  template: TemplateDefinition;
  params: CommonParams;
  start: number;
  end: number;
  capital: number;
  leverage: number;
  fees: FeeRates;
  barMs: number;
  symbols: SymbolPlan[];
}

function invalid(field: string, message: string): EngineError {
  return new EngineError('INVALID_PARAMETER', `${field}: ${message}`, field);
}

function checkCandles(symbol: string, candles: CandleSeries): void {
  const { openTime } = candles;
  const lengths = [candles.open, candles.high, candles.low, candles.close, candles.volume].map((series) => series.length);
  if (lengths.some((length) => length !== openTime.length)) throw new EngineError('ENGINE_ERROR', `${symbol} candle arrays differ in length`);
  for (let index = 1; index < openTime.length; index++) {
    if (!(openTime[index]! > openTime[index - 1]!)) throw new EngineError('ENGINE_ERROR', `${symbol} candles are not in ascending time order`);
  }
}

function planSymbol(input: BacktestInput, symbol: string): SymbolPlan {
  const { start, end } = input.config;
  const candles = input.candles[symbol];
  if (!candles) throw new EngineError('DATA_UNAVAILABLE', `no candles for ${symbol}`);
  checkCandles(symbol, candles);
  const from = lowerBound(candles.openTime, start);
  const to = lowerBound(candles.openTime, end);
  if (to <= from) throw new EngineError('DATA_UNAVAILABLE', `no ${symbol} candles between start and end`);
  return { symbol, candles, funding: input.funding[symbol], from, to };
}

export function planRun(input: BacktestInput): RunPlan {
  const { config } = input;
  const template = findTemplate(config.templateId);
  if (!template) throw invalid('template_id', `unknown template ${config.templateId}`);
  const validation = template.validateParams(config.params);
  if (!validation.ok) throw new EngineError('INVALID_PARAMETER', validation.error.message, validation.error.field);

  const barMs = TIMEFRAME_MS[config.timeframe];
  if (barMs === undefined) throw invalid('timeframe', `unsupported timeframe ${config.timeframe}`);
  if (!Number.isFinite(config.start) || !Number.isFinite(config.end) || config.end <= config.start) throw invalid('end', 'must be after start');
  const capital = parseDecimal(config.capital);
  if (capital === undefined || capital <= 0) throw invalid('capital', 'must be a positive decimal');
  if (!Number.isInteger(config.leverage) || config.leverage < 1 || config.leverage > MAX_LEVERAGE) {
    throw invalid('leverage', `must be an integer from 1 to ${MAX_LEVERAGE}`);
  }
  if (config.symbols.length === 0) throw invalid('symbols', 'must not be empty');
  if (new Set(config.symbols).size !== config.symbols.length) throw invalid('symbols', 'must not repeat a symbol');

  return {
    template,
    params: validation.params,
    start: config.start,
    end: config.end,
    capital,
    leverage: config.leverage,
    fees: feeRates(config),
    barMs,
    symbols: config.symbols.map((symbol) => planSymbol(input, symbol)),
  };
}
