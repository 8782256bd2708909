import Decimal from 'decimal.js';
import { z } from 'zod';

/**
 * Money, prices and quantities arrive as decimal strings (spec "Conventions")
 * and are stored as `numeric(36,18)`: 18 digits before the point and 18 after.
 * A longer value is refused here as a validation error, so it never reaches
 * PostgreSQL as a numeric overflow (a 500).
 */
const STORABLE_DECIMAL = /^\d{1,18}(\.\d{1,18})?$/;

export function decimalInput(message: string, options: { positive?: boolean } = {}) {
  return z
    .string()
    .refine(
      (value) => STORABLE_DECIMAL.test(value) && (!options.positive || new Decimal(value).gt(0)),
      `${message} with at most 18 digits before and after the point`,
    );
}
