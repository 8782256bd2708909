import { z } from 'zod';
import { smaOfClose, stdevOfClose } from './close-indicators';
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
  createStrategy(params, feed) {
    const mean = feed(smaOfClose(params.period));
    const deviation = feed(stdevOfClose(params.period));
    const intent = new PositionIntent(params.side);
    return {
      onBar(open, high, low, close, volume) {
        const middle = mean(open, high, low, close, volume);
        const width = params.stddev * deviation(open, high, low, close, volume);
        return intent.update(close > middle + width, close < middle - width, close < middle, close > middle);
      },
    };
  },
});
