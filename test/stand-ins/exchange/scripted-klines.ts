import { intervalMs, isInterval } from './kline-walk';

/** The close of the bar with this index (open time ÷ interval length), in the quote currency. */
export type CloseScript = (barIndex: number) => number;

/**
 * Klines whose closes a test chooses, so a template trades when the test
 * wants it to: each bar opens at the previous bar's close. The bar that
 * contains `now` is the forming one, as on the exchange.
 */
export function scriptedKlines(script: CloseScript, query: URLSearchParams, now: number): unknown[][] {
  const interval = query.get('interval') ?? '1m';
  const length = intervalMs(isInterval(interval) ? interval : '1m');
  const limit = Math.min(Number(query.get('limit') ?? 500), 1500);
  const last = Math.floor(Math.min(Number(query.get('endTime') ?? now), now) / length);
  const startTime = query.get('startTime');
  const first = startTime === null ? last - limit + 1 : Math.max(Math.ceil(Number(startTime) / length), last - limit + 1);
  const rows: unknown[][] = [];
  for (let index = first; index <= last; index += 1) {
    const open = script(index - 1);
    const close = script(index);
    const openTime = index * length;
    rows.push([
      openTime,
      open.toFixed(2),
      Math.max(open, close).toFixed(2),
      Math.min(open, close).toFixed(2),
      close.toFixed(2),
      '100.000',
      openTime + length - 1,
      (100 * close).toFixed(4),
      10,
      '50.000',
      (50 * close).toFixed(4),
      '0',
    ]);
  }
  return rows;
}
