import { createHash, randomBytes } from 'node:crypto';

const PLAN_KEY = /^pk_[0-9a-f]{32}$/;

/** A new data key: `pk_` + 32 hex (contract §4). */
export function generatePlanKey(): string {
  return `pk_${randomBytes(16).toString('hex')}`;
}

/** Plan keys are high-entropy random values, so a plain SHA-256 is enough to store them (no slow hash needed). */
export function hashPlanKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function looksLikePlanKey(value: string): boolean {
  return PLAN_KEY.test(value);
}
