import fc from 'fast-check';
import type { SeriesStore } from '../../src/engine/indicators/indicator-feed';
import { simulate, simulateMetrics } from '../../src/engine/simulate';
import type { BacktestInput, CandleSeries } from '../../src/engine/types';
import { BacktestPool } from '../../src/engine/worker/backtest-pool';
import { SeriesCache } from '../../src/engine/worker/series-cache';
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

/** A store that counts what it was asked for and what it was given. */
function countingStore(): SeriesStore & { hits: number; computed: number } {
  const kept = new Map<string, Float64Array>();
  return {
    hits: 0,
    computed: 0,
    get(key) {
      const values = kept.get(key);
      if (values) this.hits++;
      return values;
    },
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

describe('the series cache is bounded by bytes', () => {
  const values = (count: number) => new Float64Array(new SharedArrayBuffer(8 * count));
  const input = backtestInput(series);

  it('keeps what fits, evicts the least recently used, and keeps a series two threads computed once', () => {
    const cache = new SeriesCache(8 * 250);
    const id = cache.inputId(input);
    expect(cache.inputId(input)).toBe(id);
    expect(cache.inputId(backtestInput(series))).not.toBe(id);
    cache.record(id, [], new Map([['a', values(100)]]));
    cache.record(id, [], new Map([['b', values(100)]]));
    cache.record(id, ['a'], new Map([['a', values(100)]]));
    expect([...cache.seriesOf(id).keys()]).toEqual(['b', 'a']);
    cache.record(id, [], new Map([['c', values(100)]]));
    expect([...cache.seriesOf(id).keys()]).toEqual(['a', 'c']);
    cache.record(id, [], new Map([['too big', values(251)]]));
    expect([...cache.seriesOf(id).keys()]).toEqual(['a', 'c']);
    expect(cache.computations).toBe(5);
  });

  it('forgets the series of an input its sweep no longer needs, and only those', () => {
    const cache = new SeriesCache(8 * 1000);
    const other = backtestInput(series);
    cache.record(cache.inputId(input), [], new Map([['a', values(100)]]));
    cache.record(cache.inputId(other), [], new Map([['a', values(100)]]));
    cache.forget(input);
    expect(cache.seriesOf(cache.inputId(input)).size).toBe(0);
    expect(cache.seriesOf(cache.inputId(other)).size).toBe(1);
    // the bytes of the forgotten input's series are free again: 9 more fit beside the other input's
    cache.record(cache.inputId(input), [], new Map(Array.from({ length: 9 }, (_, index) => [`s${index}`, values(100)])));
    expect(cache.seriesOf(cache.inputId(other)).size).toBe(1);
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
    const small: Record<string, CandleSeries> = { BTCUSDT: randomWalk(300, 3, undefined, HOUR_MS), ETHUSDT: randomWalk(300, 8, undefined, HOUR_MS, 20) };
    let traded = 0;
    fc.assert(
      fc.property(combination, fc.constantFrom(0, 60), ({ templateId, params }, skipped) => {
        const input = backtestInput(small, { templateId, params: { ...params, position_size: 0.5, stop_loss_pct: 4 } });
        input.config.start += skipped * HOUR_MS;
        const alone = simulate(input);
        if (alone.result.trades.length > 0) traded++;
        expect(simulate(input, { series: store })).toEqual(alone);
      }),
      { numRuns: 100 },
    );
    // The property would hold vacuously if nothing traded or nothing was read back.
    expect(traded).toBeGreaterThan(25);
    expect(store.hits).toBeGreaterThan(100);
  });
});
