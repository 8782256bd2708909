import { Ema } from '../indicators/ema';
import type { IndicatorDefinition } from '../indicators/indicator-feed';
import { emaOfClose } from './close-indicators';
import { fastBelowSlow, paramsObject, period } from './params';
import { crossoverStrategy } from './strategy';
import { defineTemplate } from './template';

const schema = fastBelowSlow(
  paramsObject({
    fast: period(1, 'Length of the fast EMA of the MACD line, in bars.', 12),
    slow: period(2, 'Length of the slow EMA of the MACD line, in bars.', 26),
    signal: period(1, 'Length of the EMA of the MACD line that forms the signal line, in bars.', 9),
  }),
);

/** MACD line − signal line; the EMA of the MACD line starts with the first defined MACD value. */
const macdHistogram = (fast: number, slow: number, signal: number): IndicatorDefinition => ({
  key: `macd_histogram(close,${fast},${slow},${signal})`,
  create(feed) {
    const fastEma = feed(emaOfClose(fast));
    const slowEma = feed(emaOfClose(slow));
    const signalEma = new Ema(signal);
    return (open, high, low, close, volume) => {
      const macd = fastEma(open, high, low, close, volume) - slowEma(open, high, low, close, volume);
      return Number.isNaN(macd) ? NaN : macd - signalEma.update(macd);
    };
  },
});

export const macdTrend = defineTemplate({
  id: 'macd_trend',
  name: 'MACD trend',
  description: 'Trades the crossovers of the MACD line (fast EMA − slow EMA of the close) and its signal line (an EMA of the MACD line).',
  schema,
  createStrategy(params, feed) {
    return crossoverStrategy(params.side, feed(macdHistogram(params.fast, params.slow, params.signal)));
  },
});
