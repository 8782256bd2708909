import { isDatabaseUnavailable } from '../db/database-unavailable';

const RETRY_EVERY_MS = 250;

/**
 * Runs `work` again while it fails only because the database is unreachable,
 * for at most `withinMs` and until `signal` (the process stopping) aborts: a
 * worker's bookkeeping (a finished job's result) is recorded once PostgreSQL
 * is back instead of being lost with a restart.
 */
export async function retryWhileDatabaseUnavailable<T>(work: () => Promise<T>, withinMs: number, signal?: AbortSignal): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || signal?.aborted || Date.now() + RETRY_EVERY_MS > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
    }
  }
}
