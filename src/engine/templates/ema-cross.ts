import { emaOfClose } from './close-indicators';
import { movingAverageCrossParams } from './params';
import { crossoverStrategy } from './strategy';
import { defineTemplate } from './template';

const schema = movingAverageCrossParams('exponential moving average');

export const emaCross = defineTemplate({
  id: 'ema_cross',
  name: 'EMA crossover',
  description: 'Trades the crossovers of a fast and a slow exponential moving average of the close (α = 2/(n+1), seeded with the simple mean).',
  schema,
  createStrategy(params, feed) {
    const fast = feed(emaOfClose(params.fast));
    const slow = feed(emaOfClose(params.slow));
    return crossoverStrategy(params.side, (open, high, low, close, volume) => fast(open, high, low, close, volume) - slow(open, high, low, close, volume));
  },
});
