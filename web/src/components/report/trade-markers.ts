import { TIMEFRAME_MS } from '../../api/klines';
import { chartTime, type TradeMarker } from '../charts';
import { EXIT_STYLES } from './exit-reasons';
import type { Trade } from './report-types';

/**
 * An entry arrow and an exit marker per trade of `symbol`, on the bar that
 * holds each time; the exit's shape, colour and text say why it ended
 * (`EXIT_STYLES`). A short's exit sits below the bar, so its arrow points up.
 */
export function tradeMarkers(trades: Trade[], symbol: string, timeframe: string): TradeMarker[] {
  const step = TIMEFRAME_MS[timeframe] ?? 3_600_000;
  const bar = (time: string) => chartTime(Math.floor(new Date(time).getTime() / step) * step);
  return trades
    .filter((trade) => trade.symbol === symbol)
    .flatMap((trade): TradeMarker[] => {
      const long = trade.side.toLowerCase() === 'long';
      const exit = EXIT_STYLES[trade.exitReason];
      return [
        {
          time: bar(trade.entryTime),
          position: long ? 'belowBar' : 'aboveBar',
          shape: long ? 'arrowUp' : 'arrowDown',
          color: '#38bdf8',
          text: long ? 'Long' : 'Short',
        },
        {
          time: bar(trade.exitTime),
          position: long ? 'aboveBar' : 'belowBar',
          shape: exit.shape === 'arrowDown' && !long ? 'arrowUp' : exit.shape,
          color: exit.color,
          text: exit.marker,
        },
      ];
    })
    .sort((a, b) => Number(a.time) - Number(b.time));
}
