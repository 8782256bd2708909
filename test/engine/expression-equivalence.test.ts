import { simulate } from '../../src/engine/simulate';
import type { CandleSeries } from '../../src/engine/types';
import { backtestInput, randomWalk } from './candle-factory';

type Params = Record<string, unknown>;

interface Case {
  template: string;
  params: Params;
  long: { entry: string; exit: string };
  short: { entry: string; exit: string };
}

const smaCross = 'sma(close, fast), sma(close, slow)';
const emaCross = 'ema(close, fast), ema(close, slow)';
const macdLine = 'ema(close, fast) - ema(close, slow)';
const macd = `${macdLine}, ema(${macdLine}, signal)`;
const upper = 'sma(close, period) + stddev * stdev(close, period)';
const lower = 'sma(close, period) - stddev * stdev(close, period)';

/** Contract §17's equivalences, each with its mirrored pair for `short`, plus `macd_trend` (docs/expressions.md). */
const CASES: Case[] = [
  {
    template: 'sma_cross',
    params: { fast: 5, slow: 20 },
    long: { entry: `crossover(${smaCross})`, exit: `crossunder(${smaCross})` },
    short: { entry: `crossunder(${smaCross})`, exit: `crossover(${smaCross})` },
  },
  {
    template: 'ema_cross',
    params: { fast: 4, slow: 15 },
    long: { entry: `crossover(${emaCross})`, exit: `crossunder(${emaCross})` },
    short: { entry: `crossunder(${emaCross})`, exit: `crossover(${emaCross})` },
  },
  {
    template: 'rsi_reversion',
    params: { period: 9, oversold: 35, overbought: 65 },
    long: { entry: 'rsi(close, period) < oversold', exit: 'rsi(close, period) > overbought' },
    short: { entry: 'rsi(close, period) > overbought', exit: 'rsi(close, period) < oversold' },
  },
  {
    template: 'bollinger_breakout',
    params: { period: 12, stddev: 1.5 },
    long: { entry: `close > ${upper}`, exit: 'close < sma(close, period)' },
    short: { entry: `close < ${lower}`, exit: 'close > sma(close, period)' },
  },
  {
    template: 'donchian_breakout',
    params: { entry_period: 15, exit_period: 7 },
    long: { entry: 'close > highest(high, entry_period)[1]', exit: 'close < lowest(low, exit_period)[1]' },
    short: { entry: 'close < lowest(low, entry_period)[1]', exit: 'close > highest(high, exit_period)[1]' },
  },
  {
    template: 'macd_trend',
    params: { fast: 6, slow: 13, signal: 5 },
    long: { entry: `crossover(${macd})`, exit: `crossunder(${macd})` },
    short: { entry: `crossunder(${macd})`, exit: `crossover(${macd})` },
  },
];

const series: Record<string, CandleSeries> = { BTCUSDT: randomWalk(6_000, 11, undefined, 3_600_000), ETHUSDT: randomWalk(6_000, 29, undefined, 3_600_000, 50) };
const common = { position_size: 0.5, stop_loss_pct: 3, take_profit_pct: 4 };

function run(templateId: string, params: Params) {
  return simulate(backtestInput(series, { templateId, params, feeModel: 'tiered_maker_taker', leverage: 2 })).result;
}

describe('each template written as an expression (contract §17 equivalence)', () => {
  for (const { template, params, long, short } of CASES) {
    for (const [side, rules] of [
      ['long', long],
      ['short', short],
    ] as const) {
      it(`${template} ${side}: the same trades, equity curve and metrics, string for string`, () => {
        const expected = run(template, { ...params, ...common, side });
        const actual = run('expression', { ...rules, ...params, ...common, side });
        // The case would pass vacuously on a series where the template never trades.
        expect(expected.trades.length).toBeGreaterThan(10);
        expect(actual).toEqual(expected);
      });
    }
  }
});

it('tells rules apart: one bar more on the slow average changes the trades', () => {
  const [sma] = CASES;
  const params = { fast: 5, slow: 21, ...common, side: 'long' };
  expect(run('expression', { ...sma!.long, ...params }).trades).not.toEqual(run('sma_cross', { fast: 5, slow: 20, ...common, side: 'long' }).trades);
});
