import { randomInt } from 'node:crypto';
import type { Logger } from '../observability/logger';
import { ReconnectingClient } from './reconnecting-client';

/** Advisory-lock namespace of live worker processes (first key of the two-key form). */
export const LIVENESS_LOCK_NAMESPACE = 727_002;

/**
 * A worker process proves it is alive by holding a session advisory lock
 * keyed by its `workerId` on a connection of its own. Work it claims carries
 * that id; when the process dies, PostgreSQL drops the session and the lock,
 * and other processes may take the work over at once (see `isHeldSql`)
 * instead of waiting for a lease to lapse.
 *
 * A database restart drops the lock of a live process too: the lock is taken
 * again, under the same id so the process keeps its work, on a new session,
 * and background loops wait for `whenHeld()` before they claim anything, so
 * this process never takes over its own work as if it were a dead one's.
 * After such a reconnect `whenHeld()` also waits out a grace period longer
 * than any live process needs to take its own lock again: until then the
 * others' work looks abandoned (PostgreSQL forgot every lock), and claiming
 * it would move a strategy or a job between two live processes.
 */
export class ProcessLiveness {
  readonly workerId = randomInt(1, 2 ** 31 - 1);
  private readonly connection: ReconnectingClient;
  private held = false;
  private everHeld = false;
  private graceTimer?: NodeJS.Timeout;
  private waiters: (() => void)[] = [];
  /** Every live process retries at least this often, so all have their locks back within it (plus a margin for the attempt itself). */
  private readonly takeoverGraceMs: number;

  constructor(databaseUrl: string, maxReconnectDelayMs: number, logger: Logger) {
    this.takeoverGraceMs = 2 * maxReconnectDelayMs + 500;
    this.connection = new ReconnectingClient(
      {
        databaseUrl,
        purpose: 'liveness',
        maxReconnectDelayMs,
        prepare: async (client) => {
          // Not the waiting form: after a network cut the old session may still hold the lock until PostgreSQL notices it is gone,
          // and this attempt must then fail and be retried rather than hang with work paused behind it.
          const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [LIVENESS_LOCK_NAMESPACE, this.workerId]);
          if (!rows[0]?.locked) throw new Error('the liveness lock is still held by an earlier session of this process');
        },
        onDown: () => {
          this.held = false;
          clearTimeout(this.graceTimer);
        },
        onUp: () => {
          if (!this.everHeld) return this.markHeld();
          this.graceTimer = setTimeout(() => this.markHeld(), this.takeoverGraceMs);
          this.graceTimer.unref();
        },
      },
      logger,
    );
  }

  start(): Promise<void> {
    return this.connection.start();
  }

  async stop(): Promise<void> {
    clearTimeout(this.graceTimer);
    await this.connection.stop();
    this.held = false;
    // Loops parked on whenHeld() are being stopped too; let them see it.
    this.waiters.splice(0).forEach((resume) => resume());
  }

  private markHeld(): void {
    this.held = true;
    this.everHeld = true;
    this.waiters.splice(0).forEach((resume) => resume());
  }

  /** Resolves at once while the lock is held, else when it is held again (or the process stops). */
  whenHeld(): Promise<void> {
    if (this.held) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}

/**
 * SQL: the ids (as `worker`, an oid) of the live workers. A statement that
 * checks many rows reads it once, as a materialized CTE: each `isHeldSql`
 * subquery scans the whole lock table (`pg_lock_status`) on its own.
 */
export const LIVE_WORKERS_SQL = `SELECT l.objid AS worker FROM pg_locks l
  WHERE l.locktype = 'advisory' AND l.granted AND l.classid = ${LIVENESS_LOCK_NAMESPACE}::oid AND l.objsubid = 2`;

/** SQL: whether the worker whose id is in `column` is alive. */
export function isHeldSql(column: string): string {
  return `EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted
            AND l.classid = ${LIVENESS_LOCK_NAMESPACE}::oid AND l.objid = ${column}::oid AND l.objsubid = 2)`;
}
