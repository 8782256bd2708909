import { z } from 'zod';
import { rsiOfClose } from './close-indicators';
import { paramsObject, period } from './params';
import { PositionIntent } from './strategy';
import { defineTemplate } from './template';

const level = (description: string, example: number) =>
  z
    .number()
    .gt(0)
    .lt(100)
    .describe(description)
    .meta({ examples: [example] });

const schema = paramsObject({
  period: period(2, "Length of Wilder's RSI, in bars.", 14),
  oversold: level('RSI level below which the market is oversold: long entry, short exit.', 30),
  overbought: level('RSI level above which the market is overbought: short entry, long exit.', 70),
}).refine((params) => params.oversold < params.overbought, { path: ['overbought'], message: 'must be greater than oversold' });

export const rsiReversion = defineTemplate({
  id: 'rsi_reversion',
  name: 'RSI mean reversion',
  description: "Goes long when Wilder's RSI of the close is below `oversold` and leaves when it is above `overbought`; shorts mirror it.",
  schema,
  createStrategy(params, feed) {
    const rsi = feed(rsiOfClose(params.period));
    const intent = new PositionIntent(params.side);
    return {
      onBar(open, high, low, close, volume) {
        const value = rsi(open, high, low, close, volume);
        const oversold = value < params.oversold;
        const overbought = value > params.overbought;
        return intent.update(oversold, overbought, overbought, oversold);
      },
    };
  },
});
