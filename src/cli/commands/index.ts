import type { AdminCommand } from '../command';
import { createApiKey } from './create-api-key';
import { createAppToken } from './create-app-token';
import { grantPlan } from './grant-plan';
import { importSeries } from './import-series';
import { setPaperBalance } from './set-paper-balance';

/** Every operator command; each feature adds its own module here. */
export const ADMIN_COMMANDS: AdminCommand[] = [grantPlan, createApiKey, createAppToken, setPaperBalance, importSeries];
