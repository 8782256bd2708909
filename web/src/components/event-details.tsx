import { CLOSE_REASON_LABELS } from './close-reasons';
import { humanize } from './format';

/** Fields every event of a strategy repeats, already said by the feed's heading. */
const SAID_ALREADY = new Set(['strategy_id']);

/** Why something happened, and where: shown before the figures. */
const LEADING = new Set(['reason', 'symbol']);

/** Names whose plain humanized form would mislead: a protection's `threshold` is the equity level it trips at. */
const FIELD_LABELS: Record<string, string> = { threshold: 'Trips at equity', equity: 'Equity at the close' };

/** The `reason` of `strategy.position_closed` (a close reason) and of `strategy.protection_triggered` (the rule), in words. */
const REASON_LABELS: Record<string, string> = {
  ...CLOSE_REASON_LABELS,
  max_drawdown: 'Max drawdown (max_drawdown_pct)',
  daily_loss: 'Daily loss (daily_loss_pct)',
};

function shown(name: string, value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (name === 'reason' && typeof value === 'string') return REASON_LABELS[value] ?? value;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** An event's data as "Label value" pairs, instead of its raw JSON. */
export function EventDetails({ data }: { data: Readonly<Record<string, unknown>> }) {
  const fields = Object.entries(data)
    .filter(([name]) => !SAID_ALREADY.has(name))
    .sort(([a], [b]) => Number(LEADING.has(b)) - Number(LEADING.has(a)));
  if (fields.length === 0) return null;
  return (
    <dl class="event-details">
      {fields.map(([name, value]) => (
        <div key={name}>
          <dt>{FIELD_LABELS[name] ?? humanize(name)}</dt>
          <dd>{shown(name, value)}</dd>
        </div>
      ))}
    </dl>
  );
}
