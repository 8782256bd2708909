import { isDatabaseUnavailable } from '../db/database-unavailable';
import type { Logger } from '../observability/logger';

/** A database outage is expected and repaired by reconnecting: one line without a stack; anything else is a fault worth its stack. */
export function logRoundFailure(logger: Logger, worker: string, error: unknown): void {
  if (isDatabaseUnavailable(error)) logger.warn({ worker, reason: (error as Error).message }, 'database unavailable; background work retries');
  else logger.error({ err: error, worker }, 'background round failed');
}
