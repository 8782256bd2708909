import { humanize } from './format';

/** Fields every event of a strategy repeats, already said by the feed's heading. */
const SAID_ALREADY = new Set(['strategy_id']);

function shown(value: unknown): string {
  if (value === null || value === undefined) return '–';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** An event's data as "Label value" pairs, instead of its raw JSON. */
export function EventDetails({ data }: { data: Readonly<Record<string, unknown>> }) {
  const fields = Object.entries(data).filter(([name]) => !SAID_ALREADY.has(name));
  if (fields.length === 0) return null;
  return (
    <dl class="event-details">
      {fields.map(([name, value]) => (
        <div key={name}>
          <dt>{humanize(name)}</dt>
          <dd>{shown(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
