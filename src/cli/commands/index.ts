import type { AdminCommand } from '../command';
import { createApiKey } from './create-api-key';
import { grantPlan } from './grant-plan';
import { importSeries } from './import-series';
import { setPaperBalance } from './set-paper-balance';

/** Every operator command; each feature adds its own module here. */
export const ADMIN_COMMANDS: AdminCommand[] = [grantPlan, createApiKey, setPaperBalance, importSeries];
