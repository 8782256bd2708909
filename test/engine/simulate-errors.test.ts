import { EngineError } from '../../src/engine/engine-error';
import { simulate } from '../../src/engine/simulate';
import type { BacktestConfig, CandleSeries } from '../../src/engine/types';
import { backtestInput, HOUR_MS, JAN_1_2024, randomWalk } from './candle-factory';

const series = randomWalk(48, 2, JAN_1_2024, HOUR_MS);

function failure(run: () => unknown): EngineError {
  try {
    run();
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
  throw new Error('expected an EngineError');
}

describe('simulate: configuration and data failures are EngineErrors with a job error code', () => {
  it.each<[string, Partial<BacktestConfig>, string]>([
    ['unknown template', { templateId: 'nope' }, 'template_id'],
    ['bad template params', { params: { fast: 9, slow: 3 } }, 'params.slow'],
    ['end not after start', { end: JAN_1_2024 }, 'end'],
    ['non-numeric capital', { capital: '1e3' }, 'capital'],
    ['zero capital', { capital: '0' }, 'capital'],
    ['fractional leverage', { leverage: 1.5 }, 'leverage'],
    ['leverage above 125', { leverage: 126 }, 'leverage'],
    ['negative fee_bps', { feeModel: 'fixed_bps', feeBps: '-1' }, 'fee_bps'],
    ['repeated symbol', { symbols: ['BTCUSDT', 'BTCUSDT'] }, 'symbols'],
  ])('%s → INVALID_PARAMETER naming %s', (_case, config, field) => {
    const error = failure(() => simulate(backtestInput({ BTCUSDT: series }, config)));
    expect({ code: error.code, field: error.field }).toEqual({ code: 'INVALID_PARAMETER', field });
    expect(error.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
  });

  it.each<[string, Partial<BacktestConfig>, Record<string, CandleSeries>]>([
    ['a symbol without candles', { symbols: ['BTCUSDT', 'ETHUSDT'] }, { BTCUSDT: series }],
    ['a range before the first candle', { start: JAN_1_2024 - 10 * HOUR_MS, end: JAN_1_2024 - HOUR_MS }, { BTCUSDT: series }],
  ])('%s → DATA_UNAVAILABLE', (_case, config, candles) => {
    expect(failure(() => simulate(backtestInput(candles, config))).code).toBe('DATA_UNAVAILABLE');
  });

  it('candles out of time order → ENGINE_ERROR', () => {
    const shuffled = { ...series, openTime: Float64Array.from(series.openTime).reverse() };
    expect(failure(() => simulate(backtestInput({ BTCUSDT: shuffled }, { start: JAN_1_2024 - 100 * HOUR_MS, end: JAN_1_2024 + 100 * HOUR_MS }))).code).toBe(
      'ENGINE_ERROR',
    );
  });

  it('match_exchange uses the given account rates, else the tiered rates', () => {
    const run = (config: Partial<BacktestConfig>) =>
      simulate(backtestInput({ BTCUSDT: series }, { params: { fast: 1, slow: 2 }, ...config })).result.trades[0]?.fee;
    expect(run({ feeModel: 'match_exchange' })).toBe(run({ feeModel: 'tiered_maker_taker' }));
    expect(run({ feeModel: 'match_exchange', exchangeFees: { makerRate: '0.0001', takerRate: '0.001' } })).toBe(run({ feeModel: 'fixed_bps', feeBps: '10' }));
    expect(run({ feeModel: 'none' })).toBe('0');
  });
});

describe('simulate: progress', () => {
  it('reports a rising fraction of bars done, ending at 1', () => {
    const long = randomWalk(200_000, 8);
    const fractions: number[] = [];
    simulate(backtestInput({ AAAUSDT: long, BBBUSDT: long }, { timeframe: '1m' }), { onProgress: (fraction) => fractions.push(fraction) });
    expect(fractions.length).toBeGreaterThanOrEqual(6);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions[fractions.length - 1]).toBe(1);
  });
});
