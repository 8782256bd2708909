import { RollingExtreme } from '../indicators/rolling-extreme';
import { paramsObject, period } from './params';
import { PositionIntent } from './strategy';
import { defineTemplate } from './template';

const schema = paramsObject({
  entry_period: period(1, 'Entry channel length: a close beyond the extreme of this many previous bars enters, in bars.', 20),
  exit_period: period(1, 'Exit channel length: a close beyond the opposite extreme of this many previous bars exits, in bars.', 10),
});

export const donchianBreakout = defineTemplate({
  id: 'donchian_breakout',
  name: 'Donchian breakout',
  description:
    'Goes long when the close exceeds the highest high of the previous `entry_period` bars and leaves below the lowest low of the previous `exit_period` bars; shorts mirror it.',
  schema,
  createStrategy(params) {
    const entryHigh = new RollingExtreme(params.entry_period, 'highest');
    const entryLow = new RollingExtreme(params.entry_period, 'lowest');
    const exitHigh = new RollingExtreme(params.exit_period, 'highest');
    const exitLow = new RollingExtreme(params.exit_period, 'lowest');
    const intent = new PositionIntent(params.side);
    return {
      onBar(_open, high, low, close) {
        // The channels are those of the bars before this one: read before this bar joins them.
        const position = intent.update(close > entryHigh.value(), close < entryLow.value(), close < exitLow.value(), close > exitHigh.value());
        entryHigh.push(high);
        entryLow.push(low);
        exitHigh.push(high);
        exitLow.push(low);
        return position;
      },
    };
  },
});
