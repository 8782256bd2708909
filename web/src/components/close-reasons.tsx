import type { CloseReason } from '../graphql/generated';

/**
 * What each contract §11 close reason means to a reader. Keyed by the
 * schema's `CloseReason` enum, so the type check fails when the service
 * gains a reason this table does not name.
 */
export const CLOSE_REASON_LABELS: Record<CloseReason, string> = {
  signal: 'Strategy signal',
  pause: 'Closed on pause',
  stop_loss: 'Stop-loss',
  take_profit: 'Take-profit',
  liquidation: 'Liquidation',
  trailing_stop: 'Trailing stop',
  protection: 'Protection (drawdown or daily loss)',
  external: 'Closed on the exchange',
  manual: 'Closed by hand',
};

/** The exits a risk rule made rather than the strategy (contract §19), marked apart in the positions table. */
const RULE_EXITS = new Set<CloseReason>(['trailing_stop', 'protection', 'liquidation']);

/** A position's close reason as words, with a marker class for the exits a risk rule made; a dash while it is open. */
export function CloseReasonLabel({ reason }: { reason: CloseReason | null }) {
  if (!reason) return <>–</>;
  return (
    <span class={RULE_EXITS.has(reason) ? `close-reason rule-exit ${reason}` : 'close-reason'} data-close-reason={reason}>
      {CLOSE_REASON_LABELS[reason]}
    </span>
  );
}
