import { z } from 'zod';
import { generatePlanKey, hashPlanKey, looksLikePlanKey } from '../../auth/plan-keys';
import type { PlanLevel } from '../../entities/user.entity';
import { AppError } from '../../errors/app-error';
import { parseOrReject } from '../../errors/validation';
import type { UsersService } from '../identity/users.service';
import type { PlanSeriesStore } from './plan-series.store';

export const PLAN_LEVELS = ['basic', 'standard', 'pro'] as const satisfies readonly PlanLevel[];

const DAY_MS = 86_400_000;

export interface PlanGrant {
  data_api_key: string;
  plan: PlanLevel;
  expires_at: string;
}

const grantSchema = z.object({
  email: z.email(),
  plan: z.enum(PLAN_LEVELS),
  days: z.coerce.number().int().min(0).max(36_500),
});

/** Plans and their data keys (contract §4). The plan itself is a column of the user, kept by the users service. */
export class PlansService {
  constructor(
    private readonly users: UsersService,
    private readonly store: PlanSeriesStore,
  ) {}

  /**
   * Sets the user's plan to end `days` from now (0 ends it at once) and issues a new key; earlier keys keep working while the plan is active.
   * The plan is set before the key exists, so a failure between the two leaves no key that works without a plan; running the grant again completes it.
   */
  async grant(input: { email: string; plan: string; days: string | number }): Promise<PlanGrant> {
    const { email, plan, days } = parseOrReject(grantSchema, input);
    const expiresAt = new Date(Date.now() + days * DAY_MS);
    const key = generatePlanKey();
    const userId = await this.users.setPlan(email, plan, expiresAt);
    await this.store.insertPlanKey(userId, hashPlanKey(key));
    return { data_api_key: key, plan, expires_at: expiresAt.toISOString() };
  }

  /** 401 when the key is missing or unknown, 403 when its user has no active plan at `level` or above. Returns the user id. */
  async requirePlan(key: string | undefined, level: PlanLevel): Promise<number> {
    if (!key) throw new AppError('UNAUTHENTICATED', 'missing X-Data-API-Key');
    const userId = looksLikePlanKey(key) ? await this.store.planKeyOwner(hashPlanKey(key)) : null;
    if (userId === null) throw new AppError('UNAUTHENTICATED', 'invalid X-Data-API-Key');
    const plan = await this.users.activePlan(userId);
    if (plan === null || PLAN_LEVELS.indexOf(plan) < PLAN_LEVELS.indexOf(level)) {
      throw new AppError('PLAN_REQUIRED', `an active ${level} plan or above is required`);
    }
    return userId;
  }
}
