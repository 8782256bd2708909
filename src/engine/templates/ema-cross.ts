import { Ema } from '../indicators/ema';
import { paramsObject, period } from './params';
import { crossoverStrategy } from './strategy';
import { defineTemplate } from './template';

const schema = paramsObject({
  fast: period(1, 'Length of the fast exponential moving average, in bars.'),
  slow: period(2, 'Length of the slow exponential moving average, in bars.'),
}).refine((params) => params.fast < params.slow, { path: ['slow'], message: 'must be greater than fast' });

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
