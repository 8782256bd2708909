import { RollingWindow } from '../indicators/rolling-window';
import { movingAverageCrossParams } from './params';
import { crossoverStrategy } from './strategy';
import { defineTemplate } from './template';

const schema = movingAverageCrossParams('simple moving average');

export const smaCross = defineTemplate({
  id: 'sma_cross',
  name: 'SMA crossover',
  description: 'Trades the crossovers of a fast and a slow simple moving average of the close.',
  schema,
  createStrategy(params) {
    const fast = new RollingWindow(params.fast);
    const slow = new RollingWindow(params.slow);
    return crossoverStrategy(params.side, (close) => {
      fast.push(close);
      slow.push(close);
      return fast.mean() - slow.mean();
    });
  },
});
