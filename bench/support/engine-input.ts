import type { BacktestInput, CandleSeries, FundingSeries } from '../../src/engine/types';

const MINUTE_MS = 60_000;

/**
 * The engine's input for one strategy on BTCUSDT 1m `candles` from `start`
 * (10,000 USDT, leverage 1, a fixed fee of `feeBps`): what the engine
 * benches run, written once.
 */
export function oneMinuteInput(
  templateId: string,
  params: Record<string, unknown>,
  { candles, start, feeBps, funding }: { candles: CandleSeries; start: number; feeBps: string; funding?: FundingSeries },
): BacktestInput {
  return {
    config: {
      templateId,
      params,
      symbols: ['BTCUSDT'],
      timeframe: '1m',
      start,
      end: start + candles.openTime.length * MINUTE_MS,
      capital: '10000',
      leverage: 1,
      feeModel: 'fixed_bps',
      feeBps,
    },
    candles: { BTCUSDT: candles },
    funding: funding ? { BTCUSDT: funding } : {},
  };
}
