import { EngineError } from '../../src/engine/engine-error';
import type { ResultJson } from '../../src/engine/types';
import { simulate } from '../../src/engine/simulate';
import { BacktestPool } from '../../src/engine/worker/backtest-pool';
import { BacktestProgress } from '../../src/engine/worker/backtest-progress';
import { backtestInput, randomWalk } from './candle-factory';
import { waitFor } from '../support/wait';

/** The job result the pool wrote as JSON, parsed; its metrics must be the same as the text's. */
async function resultOf(run: Promise<ResultJson>): Promise<unknown> {
  const { json, metrics } = await run;
  const result = JSON.parse(json) as { metrics: unknown };
  expect(result.metrics).toEqual(metrics);
  return result;
}

describe('backtest worker pool (engine off the main thread)', () => {
  const pool = new BacktestPool({ threads: 1 });
  afterAll(() => pool.destroy());

  it('returns the same result as calling the simulation directly', async () => {
    const input = backtestInput(
      { AAAUSDT: randomWalk(5000, 1), BBBUSDT: randomWalk(5000, 2) },
      { timeframe: '1m', params: { fast: 5, slow: 20, side: 'both' } },
    );
    const direct = simulate(input);
    expect(direct.result.trades.length).toBeGreaterThan(10);
    await expect(resultOf(pool.run(input))).resolves.toEqual(direct.result);
    await expect(pool.runWithBarEquity(input)).resolves.toEqual(direct);
  });

  it('moves the input buffers into the worker when asked, with the same result', async () => {
    const input = backtestInput({ AAAUSDT: randomWalk(5000, 5) }, { timeframe: '1m' });
    const direct = simulate(structuredClone(input));
    await expect(resultOf(pool.run(input, { transferInput: true }))).resolves.toEqual(direct.result);
    expect(input.candles.AAAUSDT?.close.byteLength).toBe(0);
  });

  it('rejects with the engine error code and field', async () => {
    const input = backtestInput({ AAAUSDT: randomWalk(10, 1) }, { params: { fast: 5, slow: 2 } });
    const error = await pool.run(input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'INVALID_PARAMETER', field: 'params.slow' });
  });

  it('advances progress while running, stops the run within a second of an abort, and frees the thread', async () => {
    // Eight symbols over one shared series: 8 M bars, several seconds of work, without copying 8 × the candles.
    const series = randomWalk(1_000_000, 3);
    const symbols = Object.fromEntries(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((name) => [`${name}USDT`, series]));
    const progress = new BacktestProgress();
    const controller = new AbortController();
    const run = pool.run(backtestInput(symbols, { timeframe: '1m' }), { signal: controller.signal, progress }).catch((error: unknown) => error);

    const seen = await waitFor('the first progress', () => progress.fraction > 0 && progress.fraction, { intervalMs: 20 });
    await waitFor('progress moves on', () => progress.fraction > seen, { intervalMs: 20 });
    expect(progress.fraction).toBeLessThan(1);

    const abortedAt = Date.now();
    controller.abort();
    const error = await run;
    expect(Date.now() - abortedAt).toBeLessThan(1000);
    expect(error).toMatchObject({ name: 'AbortError' });

    const small = backtestInput({ AAAUSDT: randomWalk(100, 4) }, { timeframe: '1m' });
    await expect(resultOf(pool.run(small))).resolves.toEqual(simulate(small).result);
  });
});
