/** Display helpers: the API's decimals are strings and stay exact until they are shown. */

export function formatDecimal(value: string | number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || value === '') return '–';
  const number = Number(value);
  return Number.isFinite(number) ? number.toLocaleString('en-US', { maximumFractionDigits: digits }) : String(value);
}

export function formatPercent(fraction: string | number | null | undefined, digits = 2): string {
  if (fraction === null || fraction === undefined || fraction === '') return '–';
  return `${(Number(fraction) * 100).toFixed(digits)}%`;
}

export function formatTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '–';
  const date = new Date(typeof value === 'string' && !/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? `${value}Z` : value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().replace('T', ' ').slice(0, 16);
}

/** `snake_case` or `camelCase` as words: `position_size` → `Position size`. */
export function humanize(name: string): string {
  const words = name
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An exact decimal string with its integer digits grouped by thousands (`67000.5` → `67,000.5`), no rounding. */
export function formatPrice(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '–';
  const [whole = '', fraction] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
