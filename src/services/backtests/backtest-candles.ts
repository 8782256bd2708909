import type { BacktestConfig, BacktestInput, CandleSeries, FundingSeries } from '../../engine';
import type { LoadOptions, MarketHistory } from './market-history';

/**
 * The candles and funding of every symbol of `config`, symbol after symbol;
 * `onProgress` receives the share of the candle chunks loaded (funding is a
 * few rows per symbol and counts for nothing).
 */
export async function loadBacktestInput(history: MarketHistory, config: BacktestConfig, options: LoadOptions = {}): Promise<BacktestInput> {
  const candles: Record<string, CandleSeries> = {};
  const funding: Record<string, FundingSeries> = {};
  const count = config.symbols.length;
  // The history store reads closed ranges; a job reads bars opening in [start, end) (contract §7 "Window"), so nothing at `end` or after it is fetched.
  const last = config.end - 1;
  for (const [index, symbol] of config.symbols.entries()) {
    const onProgress = (fraction: number) => options.onProgress?.((index + fraction) / count);
    candles[symbol] = await history.candles(symbol, config.timeframe, config.start, last, { ...options, onProgress });
    funding[symbol] = await history.funding(symbol, config.start, last, { ...options, onProgress: undefined });
  }
  options.signal?.throwIfAborted();
  return { config, candles, funding };
}
