import { EXIT_REASONS, EXIT_STYLES } from './exit-reasons';
import type { Trade } from './report-types';

/** What each exit marker on the candle chart means, with how many of the symbol's trades ended that way. */
export function MarkerLegend({ trades, symbol }: { trades: Trade[]; symbol: string }) {
  const shown = trades.filter((trade) => trade.symbol === symbol);
  const counts = EXIT_REASONS.map((reason) => ({ reason, count: shown.filter((trade) => trade.exitReason === reason).length })).filter(
    ({ count }) => count > 0,
  );
  return (
    <ul class="marker-legend" data-testid="marker-legend" aria-label={`Exit markers on the ${symbol} chart`}>
      <li>
        <span class="swatch" aria-hidden="true" style={{ background: '#38bdf8' }} /> Long / Short: entry
      </li>
      {counts.map(({ reason, count }) => (
        <li key={reason} data-reason={reason} data-count={count}>
          <span class="swatch" aria-hidden="true" style={{ background: EXIT_STYLES[reason].color }} />{' '}
          {`${EXIT_STYLES[reason].marker}: ${EXIT_STYLES[reason].label} (${count})`}
        </li>
      ))}
    </ul>
  );
}
