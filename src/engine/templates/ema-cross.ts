import { Ema } from '../indicators/ema';
import { movingAverageCrossParams } from './params';
import { crossoverStrategy } from './strategy';
import { defineTemplate } from './template';

const schema = movingAverageCrossParams('exponential moving average');

export const emaCross = defineTemplate({
  id: 'ema_cross',
  name: 'EMA crossover',
  description: 'Trades the crossovers of a fast and a slow exponential moving average of the close (α = 2/(n+1), seeded with the simple mean).',
  schema,
  createStrategy(params) {
    const fast = new Ema(params.fast);
    const slow = new Ema(params.slow);
    return crossoverStrategy(params.side, (close) => fast.update(close) - slow.update(close));
  },
});
