import Decimal from 'decimal.js';

/** PostgreSQL's text of a numeric: digits, optionally a point and more digits, no leading zero before a digit. */
const CANONICAL_NUMERIC = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/**
 * A stored `numeric` as a wire decimal: the fraction's trailing zeros
 * dropped, as `new Decimal(text).toFixed()` writes it ("0.010000" → "0.01",
 * "100.000" → "100"). PostgreSQL answers in that canonical shape, so the
 * zeros are trimmed from the text itself: a dashboard page has thousands of
 * such values, and parsing each into a Decimal was a measured share of its
 * CPU time. Anything else goes through Decimal.
 */
export function numericText(value: string): string {
  if (!CANONICAL_NUMERIC.test(value)) return new Decimal(value).toFixed();
  let end = value.length;
  if (value.includes('.')) {
    while (value.charCodeAt(end - 1) === 48) end -= 1;
    if (value.charCodeAt(end - 1) === 46) end -= 1;
  }
  const trimmed = end === value.length ? value : value.slice(0, end);
  return trimmed === '-0' ? '0' : trimmed;
}
