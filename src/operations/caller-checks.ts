import { hasScope, type Caller } from '../auth/caller';
import { AppError } from '../errors/app-error';
import type { WeightBudget } from '../auth/weight-budget';
import type { OperationRule } from './operation';

export const USED_WEIGHT_HEADER = 'X-Service-Used-Weight-1m';

/**
 * What every edge does with an authenticated caller before the operation runs,
 * in this order: spend the weight (429 RATE_LIMITED + Retry-After), then check
 * the scope (403). Weight first, so probing operations the key may not use
 * still costs budget. App-token callers are users, not integrations: they
 * spend no key weight (the per-IP limit holds them) and hold every scope.
 */
export async function admitCaller(
  budget: Pick<WeightBudget, 'spend'>,
  caller: Caller,
  rules: readonly OperationRule[],
  setHeader: (name: string, value: string) => void,
): Promise<void> {
  if (caller.apiKeyId === null) return;
  const weight = rules.reduce((total, rule) => total + rule.weight, 0);
  const spend = await budget.spend(caller.apiKeyId, Math.max(weight, 1));
  setHeader(USED_WEIGHT_HEADER, String(spend.used));
  if (!spend.allowed) {
    setHeader('Retry-After', String(spend.retryAfterSeconds));
    throw new AppError('RATE_LIMITED', 'request weight budget exhausted', { retryAfterSeconds: spend.retryAfterSeconds });
  }
  for (const rule of rules) {
    if (rule.scope && !hasScope(caller, rule.scope)) throw new AppError('INSUFFICIENT_PERMISSION', `the API key lacks the scope ${rule.scope}`);
  }
}
