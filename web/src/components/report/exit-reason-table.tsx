import { formatDecimal, formatPercent } from '../format';
import { PagedTable } from '../paged-table';
import { EXIT_REASONS, EXIT_STYLES } from './exit-reasons';
import type { ExitReason, Trade } from './report-types';

export interface ExitReasonRow {
  reason: ExitReason;
  trades: number;
  wins: number;
  pnl: number;
}

/** The trades grouped by why they ended, in `EXIT_REASONS` order; a win has pnl > 0, as in the report's win rate. */
export function exitReasonRows(trades: Trade[]): ExitReasonRow[] {
  return EXIT_REASONS.map((reason) => {
    const ended = trades.filter((trade) => trade.exitReason === reason);
    return {
      reason,
      trades: ended.length,
      wins: ended.filter((trade) => Number(trade.pnl) > 0).length,
      pnl: ended.reduce((sum, trade) => sum + Number(trade.pnl), 0),
    };
  }).filter((row) => row.trades > 0);
}

/** Does the strategy earn on its signals or survive on its stops: count, win rate and pnl of each exit reason. */
export function ExitReasonTable({ trades }: { trades: Trade[] }) {
  return (
    <PagedTable
      caption="Exits by reason"
      rows={exitReasonRows(trades)}
      rowKey={(row) => row.reason}
      empty="No trades."
      columns={[
        {
          label: 'Exit reason',
          value: (row) => row.reason,
          render: (row) => (
            <span class="exit-reason">
              <span class="swatch" aria-hidden="true" style={{ background: EXIT_STYLES[row.reason].color }} />
              {EXIT_STYLES[row.reason].label}
            </span>
          ),
        },
        { label: 'Trades', value: (row) => row.trades, numeric: true },
        { label: 'Win rate', value: (row) => row.wins / row.trades, numeric: true, render: (row) => formatPercent(row.wins / row.trades) },
        { label: 'PnL', value: (row) => row.pnl, numeric: true, render: (row) => formatDecimal(row.pnl) },
      ]}
    />
  );
}
