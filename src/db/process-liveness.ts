import { randomInt } from 'node:crypto';
import { Client } from 'pg';
import type { Logger } from '../observability/logger';

/** Advisory-lock namespace of live worker processes (first key of the two-key form). */
export const LIVENESS_LOCK_NAMESPACE = 727_002;

/**
 * A worker process proves it is alive by holding a session advisory lock
 * keyed by its `workerId` on a connection of its own. Work it claims carries
 * that id; when the process dies, PostgreSQL drops the session and the lock,
 * and other processes may take the work over at once (see `isHeldSql`)
 * instead of waiting for a lease to lapse.
 */
export class ProcessLiveness {
  readonly workerId = randomInt(1, 2 ** 31 - 1);
  private client?: Client;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl });
    client.on('error', (error) => this.logger.warn({ err: error }, 'liveness connection lost; claimed work falls back to its lease'));
    await client.connect();
    await client.query('SELECT pg_advisory_lock($1, $2)', [LIVENESS_LOCK_NAMESPACE, this.workerId]);
    this.client = client;
  }

  async stop(): Promise<void> {
    await this.client?.end().catch(() => undefined);
  }
}

/** SQL: whether the worker whose id is in `column` is alive. */
export function isHeldSql(column: string): string {
  return `EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted
            AND l.classid = ${LIVENESS_LOCK_NAMESPACE}::oid AND l.objid = ${column}::oid AND l.objsubid = 2)`;
}
