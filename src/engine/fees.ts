import { parseDecimal } from './wire-format';
import { EngineError } from './engine-error';
import type { BacktestConfig } from './types';

/** Fractions of notional charged per fill. */
export interface FeeRates {
  /** Market orders: signal fills, stop-losses, liquidations and the close at `end`. */
  taker: number;
  /** Resting limit orders: take-profits. */
  maker: number;
  /** Fraction by which a market fill's price moves against the order (contract §13 `slippage_bps`); limit fills have none. */
  slippage: number;
}

const BPS = 1e-4;

/** Contract §7: the tiered model's rates, also the fallback of `match_exchange`. */
export const TIERED_RATES = { taker: 5 * BPS, maker: 2 * BPS };

function nonNegativeDecimal(text: string | undefined, field: string): number {
  const value = text === undefined ? undefined : parseDecimal(text);
  if (value === undefined || value < 0) throw new EngineError('INVALID_PARAMETER', `${field}: must be a non-negative decimal`, field);
  return value;
}

/** The fill costs of a configuration: fee rates of its fee model and its slippage. */
export function feeRates(config: Pick<BacktestConfig, 'feeModel' | 'feeBps' | 'exchangeFees' | 'slippageBps'>): FeeRates {
  return { ...commissionRates(config), slippage: nonNegativeDecimal(config.slippageBps ?? '0', 'slippage_bps') * BPS };
}

function commissionRates(config: Pick<BacktestConfig, 'feeModel' | 'feeBps' | 'exchangeFees'>): Omit<FeeRates, 'slippage'> {
  switch (config.feeModel) {
    case 'none':
      return { taker: 0, maker: 0 };
    case 'fixed_bps': {
      const rate = nonNegativeDecimal(config.feeBps ?? '5', 'fee_bps') * BPS;
      return { taker: rate, maker: rate };
    }
    case 'tiered_maker_taker':
      return TIERED_RATES;
    case 'match_exchange':
      if (!config.exchangeFees) return TIERED_RATES;
      return {
        taker: nonNegativeDecimal(config.exchangeFees.takerRate, 'exchange_fees.taker_rate'),
        maker: nonNegativeDecimal(config.exchangeFees.makerRate, 'exchange_fees.maker_rate'),
      };
    default:
      throw new EngineError('INVALID_PARAMETER', `fee_model: unknown fee model ${String(config.feeModel)}`, 'fee_model');
  }
}
