import fc from 'fast-check';
import type { SeriesPlanner, SeriesStore } from '../../src/engine/indicators/indicator-feed';
import { planSeries, simulate, simulateMetrics } from '../../src/engine/simulate';
import type { BacktestInput, CandleSeries } from '../../src/engine/types';
import { BacktestPool } from '../../src/engine/worker/backtest-pool';
import { SeriesCache, TaskSeries } from '../../src/engine/worker/series-cache';
import { backtestInput, HOUR_MS, randomWalk } from './candle-factory';

/**
 * A sweep computes each distinct indicator series (function, input, lengths)
 * once per symbol and range, and every combination reads it (docs/backtests.md
 * "Shared indicators"); a combination's trades, curve and metrics are those of
 * a job computing its own indicators.
 */

const series: Record<string, CandleSeries> = {
  BTCUSDT: randomWalk(1_000, 11, undefined, HOUR_MS),
  ETHUSDT: randomWalk(1_000, 29, undefined, HOUR_MS, 50),
};

const SMA_RULES = { entry: 'crossover(sma(close, fast), sma(close, slow))', exit: 'crossunder(sma(close, fast), sma(close, slow))' };
/** 3 × 4 = 12 combinations over 7 distinct lengths. */
const FASTS = [2, 3, 4];
const SLOWS = [10, 20, 30, 40];
const combinations = FASTS.flatMap((fast) => SLOWS.map((slow) => ({ fast, slow })));

/** A store that counts what it was asked for and what it was given; `keeps: false` reserves nothing, so every indicator streams. */
function countingStore(keeps = true): SeriesStore & { hits: number; computed: number } {
  const kept = new Map<string, Float64Array>();
  return {
    hits: 0,
    computed: 0,
    get(key) {
      const values = kept.get(key);
      if (values) this.hits++;
      return values;
    },
    reserve: (_key, length) => (keeps ? new Float64Array(length) : undefined),
    add(key, values) {
      this.computed++;
      kept.set(key, values);
    },
  };
}

describe('a sweep through the engine pool', () => {
  const pool = new BacktestPool({ threads: 1 });
  afterAll(() => pool.destroy());

  async function sweep(input: BacktestInput, params: Record<string, unknown>) {
    const before = pool.series.computations;
    const rows = [];
    for (const combination of combinations) {
      const [metrics] = await pool.runMetrics(input, [{ params: { ...params, ...combination }, start: input.config.start, end: input.config.end }]);
      rows.push({ metrics, alone: simulateMetrics({ ...input, config: { ...input.config, params: { ...params, ...combination } } }) });
    }
    return { rows, computations: pool.series.computations - before };
  }

  it.each([
    ['sma_cross', {}],
    ['expression', SMA_RULES],
  ])('%s: 12 combinations over 7 distinct lengths compute 7 series per symbol, with the metrics of jobs', async (templateId, params) => {
    const input = backtestInput(series, { templateId, params: {} });
    const { rows, computations } = await sweep(input, params);
    expect(computations).toBe((FASTS.length + SLOWS.length) * Object.keys(series).length);
    for (const { metrics, alone } of rows) expect(metrics).toEqual(alone);
    expect(new Set(rows.map((row) => row.metrics?.sharpe)).size).toBeGreaterThan(6);
  });

  it('computes the series of each range apart: a walk-forward train window is a run of its own', async () => {
    const input = backtestInput(series, { params: {} });
    const half = input.config.start + 500 * HOUR_MS;
    const before = pool.series.computations;
    for (const combination of combinations) {
      await pool.runMetrics(input, [
        { params: combination, start: input.config.start, end: input.config.end },
        { params: combination, start: half, end: input.config.end },
      ]);
    }
    expect(pool.series.computations - before).toBe(2 * (FASTS.length + SLOWS.length) * Object.keys(series).length);
  });
});

describe('the series cache is bounded by bytes, counting the series running tasks hold', () => {
  const input = backtestInput(series);
  const other = backtestInput(series);
  /** A task asking for each key of `keys` with `bars` values; the planner's answers: whether each was ready to read. */
  const lease = (cache: SeriesCache, on: BacktestInput, keys: string[], bars = 100) => {
    const answers: boolean[] = [];
    const held = cache.lease(on, (planner: SeriesPlanner) => keys.forEach((key) => answers.push(planner(key, bars))));
    return { held, answers, reserved: () => [...held.reserved.keys()], ready: () => [...held.ready.keys()] };
  };

  it('gives a missing series a slot while the bound allows, else the least recently used one no task holds, else none', () => {
    const cache = new SeriesCache(8 * 250);
    const first = lease(cache, input, ['a', 'b']);
    expect(first.reserved()).toEqual(['a', 'b']);
    // a and b are held by the running first task and a third series does not fit beside them: it is not kept
    expect(lease(cache, input, ['c']).reserved()).toEqual([]);
    cache.settle(first.held, ['a', 'b']);
    const readsA = lease(cache, input, ['a']);
    expect(readsA.answers).toEqual([true]);
    // a is held by a running task, so c takes b's slot although a was used less recently
    const second = lease(cache, input, ['c']);
    expect(second.reserved()).toEqual(['c']);
    cache.settle(second.held, ['c']);
    expect(cache.keysOf(input).sort()).toEqual(['a', 'c']);
    cache.settle(readsA.held, undefined);
    // the first task's read of a ended after c was computed: c is now the least recently used
    const third = lease(cache, input, ['d']);
    cache.settle(third.held, ['d']);
    expect(cache.keysOf(input).sort()).toEqual(['a', 'd']);
    expect(cache.bytes).toBe(8 * 200);
    expect(cache.computations).toBe(4);
  });

  it('never gives a series two slots: while one task computes it, another computes its own without keeping it', () => {
    const cache = new SeriesCache(8 * 1000);
    const first = lease(cache, input, ['a']);
    const second = lease(cache, input, ['a', 'b']);
    expect(second.answers).toEqual([false, false]);
    expect(second.reserved()).toEqual(['b']);
    cache.settle(first.held, ['a']);
    expect(lease(cache, input, ['a']).answers).toEqual([true]);
  });

  it("keeps a failed task's reserved slots held until its input is forgotten, then reuses them for another input", () => {
    const cache = new SeriesCache(8 * 200);
    const failed = lease(cache, input, ['a', 'b']);
    cache.settle(failed.held, undefined);
    expect(lease(cache, other, ['a']).reserved()).toEqual([]);
    cache.forget(input);
    const after = lease(cache, other, ['a', 'b']);
    expect(after.reserved()).toEqual(['a', 'b']);
    cache.settle(after.held, ['a', 'b']);
    expect(cache.keysOf(other)).toEqual(['a', 'b']);
    expect(cache.keysOf(input)).toEqual([]);
    expect(cache.bytes).toBe(8 * 200);
  });

  it('puts a shorter series in a longer slot, and a longer one in none that is too short', () => {
    const cache = new SeriesCache(8 * 150);
    cache.settle(lease(cache, input, ['long'], 100).held, ['long']);
    const short = lease(cache, input, ['short'], 40);
    expect(short.reserved()).toEqual(['short']);
    cache.settle(short.held, ['short']);
    // 40 + 100 bars fill 140 of 150: the 100-bar series of another input fits in no slot but the long one
    const longer = lease(cache, other, ['x', 'y'], 100);
    expect(longer.reserved()).toEqual(['x']);
    expect(longer.held.reserved.get('x')).toHaveLength(100);
    expect(cache.bytes).toBe(8 * 140);
  });

  it('a sweep through a cache holding 3 of its 14 series gives the metrics of jobs, computes more and never holds more', () => {
    const bars = series.BTCUSDT!.openTime.length;
    const cache = new SeriesCache(3 * 8 * bars);
    const sweepInput = backtestInput(series, { templateId: 'expression', params: {} });
    for (const combination of combinations) {
      const run = { ...sweepInput, config: { ...sweepInput.config, params: { ...SMA_RULES, ...combination } } };
      const held = cache.lease(sweepInput, (planner) => planSeries(run, planner));
      const store = new TaskSeries(held.ready, held.reserved);
      expect(simulateMetrics(run, { series: store })).toEqual(simulateMetrics(run));
      cache.settle(held, store.computed);
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    }
    expect(cache.computations).toBeGreaterThan(14);
  });
});

/** Well-typed rules from the language's grammar, with indicators nested in indicators and lengths named `fast`, `slow`. */
const depth = { depthSize: 'small', maxDepth: 3 } as const;
const length = fc.oneof(fc.integer({ min: 1, max: 25 }).map(String), fc.constantFrom('fast', 'slow'));
const grammar = fc.letrec<{ number: string; condition: string }>((tie) => ({
  number: fc.oneof(
    depth,
    fc.constantFrom('open', 'high', 'low', 'close', 'volume', '1', '0.5', 'k'),
    fc.tuple(tie('number'), fc.constantFrom('+', '-', '*', '/'), tie('number')).map(([a, operator, b]) => `(${a} ${operator} ${b})`),
    fc.tuple(fc.constantFrom('sma', 'ema', 'rsi', 'stdev', 'highest', 'lowest'), tie('number'), length).map(([name, x, n]) => `${name}(${x}, ${n})`),
    length.map((n) => `atr(${n})`),
    fc.tuple(tie('number'), fc.integer({ min: 0, max: 3 })).map(([x, k]) => `(${x})[${k}]`),
    fc.tuple(fc.constantFrom('min', 'max'), tie('number'), tie('number')).map(([name, a, b]) => `${name}(${a}, ${b})`),
  ),
  condition: fc.oneof(
    depth,
    fc.tuple(tie('number'), fc.constantFrom('<', '>', '>=', '!='), tie('number')).map(([a, operator, b]) => `${a} ${operator} ${b}`),
    fc.tuple(fc.constantFrom('crossover', 'crossunder'), tie('number'), tie('number')).map(([name, a, b]) => `${name}(${a}, ${b})`),
    fc.tuple(tie('condition'), fc.constantFrom('and', 'or'), tie('condition')).map(([a, operator, b]) => `(${a} ${operator} ${b})`),
  ),
}));

/** The named numbers the rules use, among fast, slow and k. */
const namedIn = (rules: string, values: Record<string, number>) =>
  Object.fromEntries(Object.entries(values).filter(([name]) => new RegExp(`\\b${name}\\b`).test(rules)));

const lengths = { fast: fc.integer({ min: 2, max: 6 }), slow: fc.integer({ min: 8, max: 24 }) };
const combination = fc.oneof(
  fc
    .record({
      templateId: fc.constant('expression'),
      entry: grammar.condition,
      exit: grammar.condition,
      fast: lengths.fast,
      slow: lengths.slow,
      k: fc.constantFrom(2, 0.5),
    })
    .map(({ templateId, entry, exit, ...values }) => ({ templateId, params: { entry, exit, ...namedIn(`${entry} ${exit}`, values) } })),
  fc.record({ templateId: fc.constantFrom('sma_cross', 'ema_cross'), params: fc.record({ ...lengths, side: fc.constantFrom('long', 'short', 'both') }) }),
  fc.record({ templateId: fc.constant('macd_trend'), params: fc.record({ ...lengths, signal: fc.integer({ min: 2, max: 5 }) }) }),
  fc.record({
    templateId: fc.constant('rsi_reversion'),
    params: fc.record({ period: lengths.fast, oversold: fc.constantFrom(30, 45), overbought: fc.constantFrom(55, 70) }),
  }),
  fc.record({ templateId: fc.constant('bollinger_breakout'), params: fc.record({ period: lengths.slow, stddev: fc.constantFrom(0.5, 1, 2) }) }),
  fc.record({ templateId: fc.constant('donchian_breakout'), params: fc.record({ entry_period: lengths.slow, exit_period: lengths.fast }) }),
);

describe('sharing changes no result', () => {
  // Each row: the rules' averages, and the distinct series they use with the exit's sma(close, 8).
  it.each([
    [['sma(close, 5)', 'sma(close[1], 5)', 'sma(close[2], 5)', 'sma(open, 5)', 'sma(close, 6)', 'ema(close, 5)', 'stdev(close, 5) + close'], 8],
    [['sma(close - 1, 5) + 1', 'sma(close + 1, 5) - 1', 'sma(close * 2, 5) / 2', 'sma(close / 2, 5) * 2', '-sma(-close, 5)', 'sma(close, 5)[1]'], 7],
    // rsi(close, 5) is computed once for the ema and the sma of it
    [
      ['ema(rsi(close, 5), 3) + close - 50', 'ema(rsi(close, 6), 3) + close - 50', 'ema(rsi(open, 5), 3) + close - 50', 'sma(rsi(close, 5), 3) + close - 50'],
      8,
    ],
    [
      ['sma(highest(high, 5), 3)', 'sma(lowest(low, 5), 3)', 'min(sma(close, 5), sma(open, 5))', 'max(sma(close, 5), sma(open, 5))', 'close + atr(5) - atr(6)'],
      9,
    ],
  ])('rules that differ in one input, offset, operator or length each read their own series, nested ones included: %j', (averages, distinct) => {
    const store = countingStore();
    const input = (average: string) =>
      backtestInput(series, { templateId: 'expression', params: { entry: `crossover(close, ${average})`, exit: 'crossunder(close, sma(close, 8))' } });
    for (const average of averages) expect(simulate(input(average), { series: store }).result).toEqual(simulate(input(average)).result);
    expect(store.computed).toBe(distinct * Object.keys(series).length);
  });

  it('random combinations of every template and random expressions: trades, curve and metrics with shared series equal those without', () => {
    // One store for every run, as one sweep's: later runs read what earlier ones computed, over two start bars.
    const store = countingStore();
    const streaming = countingStore(false);
    const small: Record<string, CandleSeries> = { BTCUSDT: randomWalk(300, 3, undefined, HOUR_MS), ETHUSDT: randomWalk(300, 8, undefined, HOUR_MS, 20) };
    let traded = 0;
    fc.assert(
      fc.property(combination, fc.constantFrom(0, 60), ({ templateId, params }, skipped) => {
        const input = backtestInput(small, { templateId, params: { ...params, position_size: 0.5, stop_loss_pct: 4 } });
        input.config.start += skipped * HOUR_MS;
        const alone = simulate(input);
        if (alone.result.trades.length > 0) traded++;
        expect(simulate(input, { series: store })).toEqual(alone);
        expect(simulate(input, { series: streaming })).toEqual(alone);
      }),
      { numRuns: 100 },
    );
    // The property would hold vacuously if nothing traded or nothing was read back.
    expect(traded).toBeGreaterThan(25);
    expect(store.hits).toBeGreaterThan(100);
  });
});
