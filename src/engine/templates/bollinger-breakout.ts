import { z } from 'zod';
import { RollingWindow } from '../indicators/rolling-window';
import { paramsObject, period } from './params';
import { PositionIntent } from './strategy';
import { defineTemplate } from './template';

const schema = paramsObject({
  period: period(2, 'Length of the middle band (simple moving average of the close), in bars.', 20),
  stddev: z
    .number()
    .gt(0)
    .lte(10)
    .describe('Band width in population standard deviations of the close.')
    .meta({ examples: [2] }),
});

export const bollingerBreakout = defineTemplate({
  id: 'bollinger_breakout',
  name: 'Bollinger breakout',
  description: 'Goes long when the close breaks above the upper band and leaves when it falls below the middle band; shorts mirror it on the lower band.',
  schema,
  createStrategy(params) {
    const window = new RollingWindow(params.period);
    const intent = new PositionIntent(params.side);
    return {
      onBar(_open, _high, _low, close) {
        window.push(close);
        const middle = window.mean();
        const width = params.stddev * window.standardDeviation();
        return intent.update(close > middle + width, close < middle - width, close < middle, close > middle);
      },
    };
  },
});
