import { Ema } from '../indicators/ema';
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

export const macdTrend = defineTemplate({
  id: 'macd_trend',
  name: 'MACD trend',
  description: 'Trades the crossovers of the MACD line (fast EMA − slow EMA of the close) and its signal line (an EMA of the MACD line).',
  schema,
  createStrategy(params) {
    const fast = new Ema(params.fast);
    const slow = new Ema(params.slow);
    const signal = new Ema(params.signal);
    return crossoverStrategy(params.side, (close) => {
      const macd = fast.update(close) - slow.update(close);
      return Number.isNaN(macd) ? NaN : macd - signal.update(macd);
    });
  },
});
