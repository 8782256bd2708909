import { z } from 'zod';
import { generatePlanKey, hashPlanKey, looksLikePlanKey } from '../../auth/plan-keys';
import type { Orm } from '../../db/orm';
import { PlanKey } from '../../entities/plan-key.entity';
import { User, type PlanLevel } from '../../entities/user.entity';
import { AppError } from '../../errors/app-error';
import { parseOrReject } from '../../errors/validation';
import { hasActivePlan, newUserData, normaliseEmail } from '../identity/users.service';

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

/** Plans and their data keys (contract §4). */
export class PlansService {
  constructor(private readonly orm: Orm) {}

  /** Sets the user's plan to end `days` from now (0 ends it at once) and issues a new key; earlier keys keep working while the plan is active. */
  async grant(input: { email: string; plan: string; days: string | number }): Promise<PlanGrant> {
    const { email, plan, days } = parseOrReject(grantSchema, input);
    const expiresAt = new Date(Date.now() + days * DAY_MS);
    const key = generatePlanKey();
    await this.orm.em.fork().transactional(async (em) => {
      const user = (await em.findOne(User, { email: normaliseEmail(email) })) ?? em.create(User, newUserData(email));
      user.plan = plan;
      user.planExpiresAt = expiresAt;
      await em.flush();
      em.create(PlanKey, { userId: user.id, keyHash: hashPlanKey(key), createdAt: new Date() });
    });
    return { data_api_key: key, plan, expires_at: expiresAt.toISOString() };
  }

  /** 401 when the key is missing or unknown, 403 when its user has no active plan at `level` or above. Returns the user id. */
  async requirePlan(key: string | undefined, level: PlanLevel): Promise<number> {
    if (!key) throw new AppError('UNAUTHENTICATED', 'missing X-Data-API-Key');
    const em = this.orm.em.fork();
    const planKey = looksLikePlanKey(key) ? await em.findOne(PlanKey, { keyHash: hashPlanKey(key) }) : null;
    if (!planKey) throw new AppError('UNAUTHENTICATED', 'invalid X-Data-API-Key');
    const user = await em.findOneOrFail(User, { id: planKey.userId });
    if (!hasActivePlan(user) || PLAN_LEVELS.indexOf(user.plan as PlanLevel) < PLAN_LEVELS.indexOf(level)) {
      throw new AppError('PLAN_REQUIRED', `an active ${level} plan or above is required`);
    }
    return user.id;
  }
}
