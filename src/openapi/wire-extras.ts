import type { JsonSchema } from './record-schemas';

/**
 * The one REST field whose shape differs from its GraphQL field: the equity
 * curve is `[time, equity]` pairs on REST (the record as stored) and objects
 * in GraphQL (BacktestResultFields.equityCurve). It is described here.
 */
export const EquityPointWire: JsonSchema = {
  type: 'array',
  prefixItems: [
    { type: 'string', description: 'ISO 8601 instant (00:00 UTC)' },
    { type: 'string', description: 'Equity, a decimal string' },
  ],
  minItems: 2,
  maxItems: 2,
};
