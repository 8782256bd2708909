import { EVENT_DEFINITIONS, EVENT_TYPES, EVENT_WILDCARDS } from '../events/event-types';
import { GENERATED_BEGIN, GENERATED_END } from './limits-tables';

/** The generated part of docs/events.md: every type of the event catalogue with its description and `data` fields. */
export function eventsMarkdown(): string {
  const rows = EVENT_TYPES.map((type) => {
    const definition = EVENT_DEFINITIONS[type] as { description: string; dataSchema: { properties?: Record<string, unknown> } };
    const fields = Object.keys(definition.dataSchema.properties ?? {})
      .map((name) => `\`${name}\``)
      .join(', ');
    return `| \`${type}\` | ${definition.description} | ${fields || '–'} |`;
  });
  return [
    GENERATED_BEGIN,
    '',
    '| Type | When | `data` fields |',
    '|---|---|---|',
    ...rows,
    '',
    `Wildcards a webhook may subscribe to: ${EVENT_WILDCARDS.map((wildcard) => `\`${wildcard}\``).join(', ')}.`,
    '',
    GENERATED_END,
  ].join('\n');
}
