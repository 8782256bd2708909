import { RollingWindow } from '../indicators/rolling-window';
import { paramsObject, period } from './params';
import { crossoverStrategy } from './strategy';
import { defineTemplate } from './template';

const schema = paramsObject({
  fast: period(1, 'Length of the fast simple moving average, in bars.'),
  slow: period(2, 'Length of the slow simple moving average, in bars.'),
}).refine((params) => params.fast < params.slow, { path: ['slow'], message: 'must be greater than fast' });

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
