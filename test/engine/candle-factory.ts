import { TIMEFRAME_MS } from '../../src/engine/timeframes';
import type { BacktestConfig, BacktestInput, CandleSeries, FundingSeries } from '../../src/engine/types';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const JAN_1_2024 = Date.UTC(2024, 0, 1);

/** [open, high, low, close] of one bar. */
export type Bar = [number, number, number, number];

/** Bars one `barMs` apart from `start`; volume 1. */
export function candles(bars: readonly Bar[], start = JAN_1_2024, barMs = HOUR_MS): CandleSeries {
  return {
    openTime: Float64Array.from(bars, (_, index) => start + index * barMs),
    open: Float64Array.from(bars, (bar) => bar[0]),
    high: Float64Array.from(bars, (bar) => bar[1]),
    low: Float64Array.from(bars, (bar) => bar[2]),
    close: Float64Array.from(bars, (bar) => bar[3]),
    volume: new Float64Array(bars.length).fill(1),
  };
}

/** Bars whose open is the close before and whose range is exactly open..close. */
export function barsFromCloses(closes: readonly number[], firstOpen = closes[0] ?? NaN): Bar[] {
  let open = firstOpen;
  return closes.map((close) => {
    const bar: Bar = [open, Math.max(open, close), Math.min(open, close), close];
    open = close;
    return bar;
  });
}

export function funding(events: readonly [time: number, rate: number][]): FundingSeries {
  return { time: Float64Array.from(events, (event) => event[0]), rate: Float64Array.from(events, (event) => event[1]) };
}

/** A deterministic random walk (LCG), so tests and benchmarks are reproducible. */
export function randomWalk(count: number, seed = 7, start = JAN_1_2024, barMs = 60_000, firstPrice = 100): CandleSeries {
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const series: CandleSeries = {
    openTime: new Float64Array(count),
    open: new Float64Array(count),
    high: new Float64Array(count),
    low: new Float64Array(count),
    close: new Float64Array(count),
    volume: new Float64Array(count),
  };
  let price = firstPrice;
  for (let bar = 0; bar < count; bar++) {
    const close = price * (1 + (random() - 0.5) * 0.004);
    series.openTime[bar] = start + bar * barMs;
    series.open[bar] = price;
    series.high[bar] = Math.max(price, close) * (1 + random() * 0.001);
    series.low[bar] = Math.min(price, close) * (1 - random() * 0.001);
    series.close[bar] = close;
    series.volume[bar] = 1 + random();
    price = close;
  }
  return series;
}

/**
 * `sma_cross` with fast 1 and slow 2 follows the sign of each close-to-close
 * change, which makes hand-worked trades easy to script: a rise after a fall
 * is an upward cross, a fall after a rise a downward one.
 */
export const FOLLOW_CHANGES = { fast: 1, slow: 2 };

/**
 * Seven hourly bars on which `sma_cross` fast 1 / slow 2 trades once: bar 1
 * falls (sets the sign), bar 2 rises (upward cross → long at bar 3's open,
 * 102), bar 4 falls (downward cross → exit at bar 5's open, 98).
 */
export const UP_THEN_DOWN: Bar[] = [
  [100, 100, 100, 100],
  [100, 100, 99, 99],
  [99, 101, 99, 101],
  [102, 103, 102, 103],
  [103, 103, 100, 100],
  [98, 98, 97, 97],
  [97, 97, 97, 97],
];

export function backtestInput(
  series: Record<string, CandleSeries>,
  config: Partial<BacktestConfig> = {},
  fundingBySymbol: Record<string, FundingSeries> = {},
): BacktestInput {
  const symbols = Object.keys(series);
  const all = Object.values(series);
  const lastOpen = Math.max(...all.map(({ openTime }) => openTime[openTime.length - 1] ?? -Infinity));
  const timeframe = config.timeframe ?? '1h';
  return {
    config: {
      templateId: 'sma_cross',
      params: FOLLOW_CHANGES,
      symbols,
      timeframe,
      start: Math.min(...all.map(({ openTime }) => openTime[0] ?? Infinity)),
      // The window is [start, end) of open times (contract §7): `end` is the last bar's close.
      end: lastOpen + TIMEFRAME_MS[timeframe],
      capital: '1000',
      leverage: 1,
      feeModel: 'none',
      ...config,
    },
    candles: series,
    funding: fundingBySymbol,
  };
}
