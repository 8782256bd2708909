import { DAY_MS } from './timeframes';

const MAX_DECIMALS = 8;
const ZERO = 48;
const DOT = 46;

/**
 * The one place where the engine's float64 numbers become wire decimals
 * (contract §7): at most 8 decimals, no exponent notation, no trailing zeros,
 * and "0" for anything undefined (NaN, ±Infinity) or rounding to zero.
 * `toFixed` rounds the exact binary value and never uses exponents below 1e21.
 */
export function formatDecimal(value: number): string {
  if (!Number.isFinite(value)) return '0';
  if (Math.abs(value) >= 1e21) return expandExponent(value);
  const fixed = value.toFixed(MAX_DECIMALS);
  let end = fixed.length;
  while (fixed.charCodeAt(end - 1) === ZERO) end--;
  if (fixed.charCodeAt(end - 1) === DOT) end--;
  const trimmed = fixed.slice(0, end);
  return trimmed === '-0' ? '0' : trimmed;
}

/** Integers of 1e21 and more, from their shortest digits ("2.5e+22" → "25" and 21 zeros). */
function expandExponent(value: number): string {
  const [mantissa = '', exponent] = Math.abs(value).toString().split('e+');
  const [whole, fraction = ''] = mantissa.split('.');
  const digits = whole + fraction + '0'.repeat(Number(exponent) - fraction.length);
  return value < 0 ? `-${digits}` : digits;
}

/** Wire decimal → float64 for the simulation; `undefined` when it is not a finite decimal. */
export function parseDecimal(text: string): number | undefined {
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text.trim())) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function padded(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/**
 * ISO 8601 instants (`toISOString` form) for many nearby times: the date part
 * is formatted once per UTC day, which makes writing 10⁵ trades ~4× cheaper.
 */
export class InstantFormatter {
  private day = NaN;
  private datePrefix = '';

  format(time: number): string {
    const day = Math.floor(time / DAY_MS);
    if (day !== this.day) {
      this.day = day;
      this.datePrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    }
    const milliseconds = time - day * DAY_MS;
    const seconds = Math.floor(milliseconds / 1000);
    return `${this.datePrefix}${padded(Math.floor(seconds / 3600), 2)}:${padded(Math.floor(seconds / 60) % 60, 2)}:${padded(seconds % 60, 2)}.${padded(milliseconds % 1000, 3)}Z`;
  }
}
