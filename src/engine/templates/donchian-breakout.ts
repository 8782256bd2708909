import { channelBefore } from './close-indicators';
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
  createStrategy(params, feed) {
    // The channels are those of the bars before this one.
    const entryHigh = feed(channelBefore('highest', params.entry_period));
    const entryLow = feed(channelBefore('lowest', params.entry_period));
    const exitHigh = feed(channelBefore('highest', params.exit_period));
    const exitLow = feed(channelBefore('lowest', params.exit_period));
    const intent = new PositionIntent(params.side);
    return {
      onBar(open, high, low, close, volume) {
        return intent.update(
          close > entryHigh(open, high, low, close, volume),
          close < entryLow(open, high, low, close, volume),
          close < exitLow(open, high, low, close, volume),
          close > exitHigh(open, high, low, close, volume),
        );
      },
    };
  },
});
