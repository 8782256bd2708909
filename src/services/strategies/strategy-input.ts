import { z } from 'zod';
import { decimalInput } from '../decimal-input';
import { TIMEFRAMES, validateTemplateParams } from '../../engine';
import { AppError } from '../../errors/app-error';

/** Input rules shared by strategy create, update and deploy (contract §8, spec "Limits"). */
export const MAX_SYMBOLS = 10;

export const decimalString = decimalInput('must be a positive decimal string', { positive: true });
/** Spec "Limits": deploy leverage 1 to 20 (the backtest engine accepts more). */
export const MAX_STRATEGY_LEVERAGE = 20;
export const leverage = z.int().min(1).max(MAX_STRATEGY_LEVERAGE);
export const symbols = z
  .array(z.string().regex(/^[A-Za-z0-9]{2,30}$/, 'must be a futures symbol such as BTCUSDT'))
  .min(1, 'must not be empty')
  .max(MAX_SYMBOLS)
  .transform((list) => [...new Set(list.map((symbol) => symbol.toUpperCase()))]);
export const timeframe = z.enum(TIMEFRAMES);
/** Contract §20: a dry run's market fills move against the order by this many basis points (default 0). */
export const slippageBps = decimalInput('must be a non-negative decimal string');
export const name = z.string().trim().min(1).max(200);

/** Template params with defaults applied, or 400 naming `template_id` or `params.<name>`. */
export function checkedParams(templateId: string, params: unknown): Record<string, unknown> {
  const validation = validateTemplateParams(templateId, params ?? {});
  if (!validation.ok) throw new AppError('INVALID_PARAMETER', validation.error.message, { field: validation.error.field });
  return { ...validation.params };
}

/** The quote currency of a run: the symbols' common suffix (USDT unless they are all USDC-quoted). */
export function quoteAsset(symbolList: string[]): string {
  return symbolList.every((symbol) => symbol.endsWith('USDC')) ? 'USDC' : 'USDT';
}
