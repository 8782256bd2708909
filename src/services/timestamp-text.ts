/** PostgreSQL's text of a `timestamptz` in UTC (DateStyle ISO): "2026-01-01 12:00:00.123456+00", the fraction optional. */
const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A stored `timestamptz` (MikroORM's driver hands them over as text) as the
 * wire's ISO-8601 instant, exactly as `new Date(text).toISOString()` writes
 * it: milliseconds, the rest of the fraction cut off. A dashboard page has
 * over a thousand of them, and V8's parser of PostgreSQL's format was a
 * measured share of its CPU time; the text is rearranged instead. Any other
 * shape (another session time zone, years past 9999) goes through Date.
 */
export function isoTimestamp(text: string): string {
  const parts = UTC_TIMESTAMP.exec(text);
  if (!parts) return new Date(text).toISOString();
  const fraction = parts[3] ?? '';
  const millis = fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0');
  return `${parts[1]}T${parts[2]}.${millis}Z`;
}
