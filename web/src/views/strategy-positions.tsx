import { useState } from 'preact/hooks';
import { execute } from '../api/graphql-client';
import { CLOSE_REASON_LABELS, CloseReasonLabel } from '../components/close-reasons';
import { formatDecimal, formatPrice, formatTime } from '../components/format';
import { ErrorMessage } from '../components/messages';
import { PagedTable } from '../components/paged-table';
import { useCursorPages } from '../components/use-cursor-pages';
import { StrategyPositionsDocument } from '../graphql/generated';
import type { Session } from '../session';
import { usePositionClose } from './strategy-position-close';

const FILTERS = { all: 'Open and closed', open: 'Open', closed: 'Closed' } as const;

/**
 * A strategy's positions (contract §11), newest first, open and closed or one
 * of them, with its trade history in the closed ones; an open one can be
 * closed by hand (contract §20). `onClosed` follows a close made here.
 */
export function StrategyPositions({
  session,
  strategyId,
  name,
  revision,
  onClosed,
}: {
  session: Session;
  strategyId: string;
  name: string;
  revision: number;
  onClosed: () => void;
}) {
  const [filter, setFilter] = useState<keyof typeof FILTERS>('all');
  const positions = useCursorPages(
    async (cursor) =>
      (await execute(session.credentials, StrategyPositionsDocument, { id: strategyId, status: filter === 'all' ? undefined : filter, cursor })).signedStrategy
        .positions,
    [strategyId, filter, revision],
  );
  const close = usePositionClose(session, strategyId, () => {
    positions.reload();
    onClosed();
  });
  return (
    <section class="panel" aria-labelledby="positions-title">
      <h3 id="positions-title">Positions of {name}</h3>
      <div class="field inline-field">
        <label for="positions-status">Show</label>
        <select id="positions-status" value={filter} onChange={(event) => setFilter(event.currentTarget.value as keyof typeof FILTERS)}>
          {Object.entries(FILTERS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <ErrorMessage>{positions.error}</ErrorMessage>
      {close.panel}
      <PagedTable
        caption={`Positions of ${name} (${FILTERS[filter].toLowerCase()}, newest first)`}
        rows={positions.rows}
        rowKey={(row) => row.id}
        pageSize={20}
        csvName={`${strategyId}-positions.csv`}
        empty={positions.loading ? 'Loading positions…' : 'No positions yet.'}
        columns={[
          { label: 'Symbol', value: (row) => row.symbol },
          { label: 'Side', value: (row) => row.side },
          { label: 'Quantity', value: (row) => row.quantity, numeric: true },
          { label: 'Opened', value: (row) => row.openedAt, render: (row) => formatTime(row.openedAt) },
          { label: 'Entry price', value: (row) => row.entryPrice, numeric: true, render: (row) => formatPrice(row.entryPrice) },
          { label: 'Closed', value: (row) => row.closedAt ?? '', render: (row) => (row.closedAt ? formatTime(row.closedAt) : 'open') },
          { label: 'Exit price', value: (row) => row.exitPrice ?? '', numeric: true, render: (row) => formatPrice(row.exitPrice) },
          { label: 'Fees', value: (row) => formatDecimal(Number(row.entryFee) + Number(row.exitFee ?? 0), 4), numeric: true },
          { label: 'Funding', value: (row) => row.funding, numeric: true, render: (row) => formatDecimal(row.funding, 4) },
          { label: 'PnL', value: (row) => row.pnl ?? '', numeric: true, render: (row) => formatDecimal(row.pnl) },
          {
            label: 'Close reason',
            value: (row) => (row.closeReason ? CLOSE_REASON_LABELS[row.closeReason] : ''),
            render: (row) => <CloseReasonLabel reason={row.closeReason} />,
          },
          { label: 'Mode', value: (row) => (row.dryRun ? 'dry run' : 'live') },
          {
            label: 'Actions',
            value: () => '',
            render: (row) =>
              row.closedAt ? null : (
                <button type="button" onClick={() => close.ask(row)} aria-label={`Close the ${row.symbol} position`}>
                  Close
                </button>
              ),
          },
        ]}
      />
      {positions.hasMore && (
        <button type="button" onClick={() => void positions.more()}>
          Load older positions
        </button>
      )}
    </section>
  );
}
