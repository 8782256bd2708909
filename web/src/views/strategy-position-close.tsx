import { useEffect, useRef, useState } from 'preact/hooks';
import { errorMessage, execute } from '../api/graphql-client';
import { CLOSE_REASON_LABELS } from '../components/close-reasons';
import { formatDecimal, formatPrice } from '../components/format';
import { ErrorMessage, Notice } from '../components/messages';
import { CloseStrategyPositionDocument, type CloseStrategyPositionMutation } from '../graphql/generated';
import type { Session } from '../session';

/** The open position the user asked to close, as the positions table shows it. */
export interface ClosingPosition {
  id: string;
  symbol: string;
  side: string;
  quantity: string;
  dryRun: boolean;
}

type Closed = CloseStrategyPositionMutation['closeStrategyPosition'];

/**
 * Closing one position by hand (contract §20, `closeStrategyPosition`): the
 * table's Close button asks first — on a live strategy it sends a market
 * order — then shows the closed position's exit price and pnl, or the
 * service's refusal (INVALID_STATE when nothing is left to close).
 */
export function usePositionClose(session: Session, strategyId: string, onClosed: () => void) {
  const [asking, setAsking] = useState<ClosingPosition>();
  const [busy, setBusy] = useState(false);
  const [closed, setClosed] = useState<Closed>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    setAsking(undefined);
    setClosed(undefined);
    setError(undefined);
  }, [strategyId]);

  function ask(position: ClosingPosition) {
    setClosed(undefined);
    setError(undefined);
    setAsking(position);
  }

  async function confirm() {
    if (!asking) return;
    setBusy(true);
    try {
      setClosed((await execute(session.credentials, CloseStrategyPositionDocument, { strategyId, symbol: asking.symbol })).closeStrategyPosition);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
      setAsking(undefined);
      onClosed();
    }
  }

  const panel = (
    <>
      {asking && <ConfirmClose position={asking} busy={busy} onConfirm={() => void confirm()} onCancel={() => setAsking(undefined)} />}
      <ErrorMessage>{error && `Could not close the position: ${error}`}</ErrorMessage>
      <Notice>
        {closed && (
          <span data-testid="closed-position">
            Closed {closed.symbol} at {formatPrice(closed.exitPrice)}
            {closed.closeReason && ` (${CLOSE_REASON_LABELS[closed.closeReason]})`}, PnL {formatDecimal(closed.pnl)}.
          </span>
        )}
      </Notice>
    </>
  );
  return { ask, panel };
}

/** Asks before closing, saying what the close sends; the confirm button takes the focus so Enter confirms and Escape cancels. */
function ConfirmClose({ position, busy, onConfirm, onCancel }: { position: ClosingPosition; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), [position.id]);
  return (
    <div
      class="message confirm"
      role="alertdialog"
      aria-labelledby="close-confirm-text"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p id="close-confirm-text">
        Close the {position.side} {position.quantity} {position.symbol} now?{' '}
        {position.dryRun
          ? 'This dry run closes it at the last price, with its fees.'
          : 'This sends a reduce-only market order to the exchange; the fill price may differ from the last price.'}{' '}
        The strategy stays deployed and may open a position again on its next signal.
      </p>
      <div class="actions">
        <button ref={button} type="button" class="primary" disabled={busy} onClick={onConfirm}>
          {busy ? 'Closing…' : `Close ${position.symbol} at market`}
        </button>
        <button type="button" disabled={busy} onClick={onCancel}>
          Keep it open
        </button>
      </div>
    </div>
  );
}
