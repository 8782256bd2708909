import { formatDecimal, formatPercent } from '../format';
import { formatTradeStat } from '../metrics';
import { PagedTable } from '../paged-table';
import type { Report } from './report-types';

/** Report §18's per-symbol rows, in the job's symbol order. */
export function SymbolTable({ rows }: { rows: Report['perSymbol'] }) {
  return (
    <PagedTable
      caption="Per symbol"
      rows={rows}
      rowKey={(row) => row.symbol}
      columns={[
        { label: 'Symbol', value: (row) => row.symbol },
        { label: 'Trades', value: (row) => row.trades, numeric: true },
        { label: 'Win rate', value: (row) => row.winRate, numeric: true, render: (row) => formatTradeStat(row.trades, () => formatPercent(row.winRate)) },
        { label: 'PnL', value: (row) => row.pnl, numeric: true, render: (row) => formatDecimal(row.pnl) },
        { label: 'Fees', value: (row) => row.fees, numeric: true, render: (row) => formatDecimal(row.fees) },
        { label: 'Funding', value: (row) => row.funding, numeric: true, render: (row) => formatDecimal(row.funding) },
      ]}
    />
  );
}
