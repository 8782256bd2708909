import type { Strategy } from '../../src/entities/strategy.entity';
import { StrategyRunState } from '../../src/services/strategies/strategy-run-state';
import type { Bar } from '../../src/services/strategies/strategy-market';
import { randomWalk } from '../engine/candle-factory';

const HOUR_MS = 3_600_000;
const walk = randomWalk(800, 13, Date.UTC(2024, 0, 1), HOUR_MS);
const bars: Bar[] = Array.from(walk.close, (close, index) => ({
  openTime: walk.openTime[index]!,
  open: walk.open[index]!,
  high: walk.high[index]!,
  low: walk.low[index]!,
  close,
  volume: walk.volume[index]!,
  closeTime: walk.openTime[index]! + HOUR_MS,
}));

/** The signals a fresh dry or live run takes over `bars` after warming up on the first 100 (as the runtime feeds them). */
function signals(templateId: string, params: Record<string, unknown>) {
  const state = new StrategyRunState(0, { BTCUSDT: bars[99]!.openTime }, { templateId, params, symbols: ['BTCUSDT'] } as unknown as Strategy);
  return state.feed('BTCUSDT', bars).flatMap((step) => (step.signal ? [step.signal] : []));
}

describe('dry and live runs of an expression strategy (contract §17: the same decisions everywhere)', () => {
  it.each([
    ['long', 'crossover', 'crossunder'],
    ['short', 'crossunder', 'crossover'],
  ])('the sma_cross expression, %s, signals exactly as the template', (side, entry, exit) => {
    const template = signals('sma_cross', { fast: 5, slow: 20, side });
    const rules = { entry: `${entry}(sma(close, fast), sma(close, slow))`, exit: `${exit}(sma(close, fast), sma(close, slow))` };
    expect(template.length).toBeGreaterThan(10);
    expect(signals('expression', { ...rules, fast: 5, slow: 20, side })).toEqual(template);
  });
});
