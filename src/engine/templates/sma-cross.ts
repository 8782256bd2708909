import { smaOfClose } from './close-indicators';
import { movingAverageCrossParams } from './params';
import { crossoverStrategy } from './strategy';
import { defineTemplate } from './template';

const schema = movingAverageCrossParams('simple moving average');

export const smaCross = defineTemplate({
  id: 'sma_cross',
  name: 'SMA crossover',
  description: 'Trades the crossovers of a fast and a slow simple moving average of the close.',
  schema,
  createStrategy(params, feed) {
    const fast = feed(smaOfClose(params.fast));
    const slow = feed(smaOfClose(params.slow));
    return crossoverStrategy(params.side, (open, high, low, close, volume) => fast(open, high, low, close, volume) - slow(open, high, low, close, volume));
  },
});
