import { simulate } from '../../src/engine/simulate';
import { findTemplate, listTemplates, type Position } from '../../src/engine/templates';
import type { CandleSeries } from '../../src/engine/types';
import { backtestInput, randomWalk } from './candle-factory';
import { defined } from '../support/defined';

const PARAMS: Record<string, Record<string, unknown>> = {
  sma_cross: { fast: 3, slow: 8, side: 'both' },
  ema_cross: { fast: 3, slow: 8, side: 'both' },
  rsi_reversion: { period: 5, oversold: 40, overbought: 60, side: 'both' },
  bollinger_breakout: { period: 8, stddev: 1, side: 'both' },
  donchian_breakout: { entry_period: 5, exit_period: 3, side: 'both' },
  macd_trend: { fast: 3, slow: 8, signal: 4, side: 'both' },
  expression: {
    entry: 'crossover(ema(close, 3), sma(close, n)) or close > highest(high, 5)[1] + atr(4) * 0',
    exit: 'rsi(close, 5) > 60 or close < lowest(low, 3)[1] or stdev(close, n)[2] > 1',
    n: 8,
  },
};

const BARS = 600;
const CUT = 300;

/** The same bars up to `CUT`, a different walk after it. */
function withDifferentFuture(series: CandleSeries): CandleSeries {
  const [first = NaN, second = NaN] = series.openTime;
  const other = randomWalk(BARS, 99, first, second - first, defined(series.close[CUT], 'the cut bar') * 1.3);
  const copy = (original: Float64Array, replacement: Float64Array) =>
    Float64Array.from(original, (value, bar) => (bar <= CUT ? value : defined(replacement[bar], `bar ${bar}`)));
  return {
    openTime: series.openTime,
    open: copy(series.open, other.open),
    high: copy(series.high, other.high),
    low: copy(series.low, other.low),
    close: copy(series.close, other.close),
    volume: copy(series.volume, other.volume),
  };
}

function decisionsOf(templateId: string, series: CandleSeries): Position[] {
  const template = findTemplate(templateId)!;
  const validation = template.validateParams(PARAMS[templateId]);
  if (!validation.ok) throw new Error(validation.error.message);
  const strategy = template.createStrategy(validation.params);
  const at = (column: Float64Array, bar: number) => defined(column[bar], `bar ${bar}`);
  return Array.from(series.close, (close, bar) =>
    strategy.onBar(at(series.open, bar), at(series.high, bar), at(series.low, bar), close, at(series.volume, bar)),
  );
}

describe('no look-ahead (contract §7: no bar sees its own future)', () => {
  const series = randomWalk(BARS, 21);
  const perturbed = withDifferentFuture(series);

  it.each(listTemplates().map((template) => template.id))('%s: changing the bars after t changes no decision, equity or trade up to t', (templateId) => {
    const config = { templateId, params: PARAMS[templateId], timeframe: '1m' as const, feeModel: 'tiered_maker_taker' as const, leverage: 3 };
    const original = simulate(backtestInput({ BTCUSDT: series }, config));
    const changed = simulate(backtestInput({ BTCUSDT: perturbed }, config));

    expect(decisionsOf(templateId, perturbed).slice(0, CUT + 1)).toEqual(decisionsOf(templateId, series).slice(0, CUT + 1));
    expect(changed.barEquity.equity.subarray(0, CUT + 1)).toEqual(original.barEquity.equity.subarray(0, CUT + 1));
    const closedByCut = (trades: typeof original.result.trades) =>
      trades.filter((trade) => Date.parse(trade.exit_time) <= defined(series.openTime[CUT], 'the cut bar'));
    expect(closedByCut(changed.result.trades)).toEqual(closedByCut(original.result.trades));
    // The perturbation matters afterwards, so the comparison above is not vacuous.
    expect(changed.barEquity.equity.subarray(CUT + 2)).not.toEqual(original.barEquity.equity.subarray(CUT + 2));
  });

  it.each(listTemplates().map((template) => template.id))(
    '%s: the backtest fills exactly the decisions a bar-by-bar instance makes, at the next open',
    (templateId) => {
      const decisions = decisionsOf(templateId, series);
      const { result } = simulate(backtestInput({ BTCUSDT: series }, { templateId, params: PARAMS[templateId], timeframe: '1m' }));
      const expectedEntries: [string, string][] = [];
      for (let bar = 0; bar + 1 < BARS; bar++) {
        const changed = bar === 0 ? decisions[0] !== 0 : decisions[bar] !== decisions[bar - 1];
        if (changed && decisions[bar] !== 0)
          expectedEntries.push([new Date(defined(series.openTime[bar + 1], 'the next bar')).toISOString(), decisions[bar] === 1 ? 'long' : 'short']);
      }
      const entries = result.trades.map((trade) => [trade.entry_time, trade.side]).sort();
      expect(entries).toEqual(expectedEntries.sort());
      expect(entries.length).toBeGreaterThan(2);
    },
  );
});
