import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../../db/orm';
import { isHeldSql } from '../../db/process-liveness';

/**
 * Every SQL statement of webhook delivery, in one place so the queue can be
 * read and reviewed as a whole. Rows are claimed with FOR UPDATE SKIP LOCKED,
 * so any number of worker processes share the work without coordination.
 */
export const DELIVERIES_CHANNEL = 'webhook_deliveries';
/** Longer than a whole attempt (8 s deadline plus signing and bookkeeping), so only a dead process's lease lapses. */
export const LEASE_SECONDS = 15;
/** At most this many attempts in flight per webhook, across processes, so one slow receiver cannot take every slot. */
export const MAX_IN_FLIGHT_PER_WEBHOOK = 4;

/** A delivery claimed for one attempt, with what the attempt needs of its webhook (read in the same statement). */
export interface ClaimedDelivery {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  body: string;
  attempts: number;
  url: string;
  secret_sealed: string;
}

const CLAIMED_COLUMNS = 'd.id, d.webhook_id, d.event_id, d.event_type, d.body, d.attempts, w.url, w.secret_sealed';

export interface WebhookOutcome {
  status: 'active' | 'paused' | 'broken';
  pause_reason: 'manual' | 'failures' | null;
  consecutive_failures: number;
  previous_status: 'active' | 'paused' | 'broken';
}

const ENVELOPE_SQL = `json_build_object(
  'id', e.id, 'type', e.type,
  'timestamp', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'data', e.data)::text`;

const NEW_DELIVERY_ID = `'dlv_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20)`;

/** Pending and due, or being sent by a process that died (its liveness lock is gone) or whose lease lapsed. */
const DUE = `((d.status = 'pending' AND d.next_attempt_at <= now())
  OR (d.status = 'sending' AND (d.locked_until < now() OR (d.locked_by IS NOT NULL AND NOT ${isHeldSql('d.locked_by')}))))`;

export class DeliveryStore {
  constructor(private readonly orm: Orm) {}

  private execute<T>(sql: string, params: unknown[] = [], em?: EntityManager): Promise<T[]> {
    const manager = em ?? this.orm.em;
    return manager.getConnection().execute<T[]>(sql, params, 'all', manager.getTransactionContext());
  }

  /** A statement that always answers one row (an INSERT … RETURNING). */
  private async executeOne<T>(sql: string, params: unknown[], em: EntityManager): Promise<T> {
    const [row] = await this.execute<T>(sql, params, em);
    if (row === undefined) throw new Error('the statement answered no row');
    return row;
  }

  /** Turns recorded events into deliveries: one per matching webhook (or the targeted one), held for paused webhooks, none for broken ones. */
  async fanOut(batch: number): Promise<number> {
    const rows = await this.execute<{ count: string }>(
      `WITH events AS (
         SELECT id, user_id, type, data, webhook_id, created_at FROM outbox_events
         WHERE fanned_out_at IS NULL ORDER BY created_at LIMIT ? FOR UPDATE SKIP LOCKED
       ), marked AS (
         UPDATE outbox_events o SET fanned_out_at = now() FROM events e WHERE o.id = e.id RETURNING o.id
       ), inserted AS (
         INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, body, status, next_attempt_at)
         SELECT ${NEW_DELIVERY_ID}, w.id, e.id, e.type, ${ENVELOPE_SQL},
                CASE WHEN w.status = 'active' THEN 'pending' ELSE 'held' END, now()
         FROM events e JOIN webhooks w ON w.user_id = e.user_id
         WHERE w.status <> 'broken'
           AND (e.webhook_id = w.id OR (e.webhook_id IS NULL AND e.type <> 'webhook.test' AND (
                w.events @> jsonb_build_array(e.type) OR w.events @> '["*"]'::jsonb
                OR w.events @> jsonb_build_array(split_part(e.type, '.', 1) || '.*'))))
         ON CONFLICT (webhook_id, event_id) DO NOTHING
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM marked) AS count, (SELECT count(*) FROM inserted) AS inserted`,
      [batch],
    );
    return Number(rows[0]?.count ?? 0);
  }

  /**
   * Claims due deliveries of active webhooks under a lease; a lapsed lease or a dead claimer makes a row due again,
   * and a dead claimer's attempts stop counting against the webhook's in-flight bound at once, not when their lease lapses.
   */
  claimDue(limit: number, workerId: number): Promise<ClaimedDelivery[]> {
    return this.execute<ClaimedDelivery>(
      `WITH in_flight AS (
         SELECT webhook_id, count(*) AS sending FROM webhook_deliveries
         WHERE status = 'sending' AND locked_until >= now() AND (locked_by IS NULL OR ${isHeldSql('locked_by')})
         GROUP BY webhook_id
       ), ranked AS (
         SELECT d.id, d.webhook_id, d.next_attempt_at,
                row_number() OVER (PARTITION BY d.webhook_id ORDER BY d.next_attempt_at) AS rank
         FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
         WHERE w.status = 'active' AND ${DUE}
       ), due AS (
         SELECT d.id FROM webhook_deliveries d
         JOIN ranked r ON r.id = d.id LEFT JOIN in_flight f ON f.webhook_id = r.webhook_id
         WHERE r.rank + coalesce(f.sending, 0) <= ? AND ${DUE}
         ORDER BY r.next_attempt_at LIMIT ?
         FOR UPDATE OF d SKIP LOCKED
       )
       UPDATE webhook_deliveries d
          SET status = 'sending', locked_until = now() + make_interval(secs => ?), locked_by = ?, attempts = d.attempts + 1, last_attempt_at = now()
         FROM due, webhooks w WHERE d.id = due.id AND w.id = d.webhook_id
       RETURNING ${CLAIMED_COLUMNS}`,
      [MAX_IN_FLIGHT_PER_WEBHOOK, limit, LEASE_SECONDS, workerId],
    );
  }

  /** Claims one probe for each webhook paused by failures whose probe time has come: its oldest held delivery. */
  claimProbes(intervalSeconds: number, limit: number, workerId: number): Promise<ClaimedDelivery[]> {
    return this.execute<ClaimedDelivery>(
      `WITH probed AS (
         SELECT id FROM webhooks
         WHERE status = 'paused' AND pause_reason = 'failures' AND next_probe_at <= now()
         ORDER BY next_probe_at LIMIT ? FOR UPDATE SKIP LOCKED
       ), rescheduled AS (
         UPDATE webhooks w SET next_probe_at = now() + make_interval(secs => ?) FROM probed p WHERE w.id = p.id RETURNING w.id
       ), oldest AS (
         SELECT DISTINCT ON (d.webhook_id) d.id FROM webhook_deliveries d JOIN rescheduled r ON r.id = d.webhook_id
         WHERE d.status = 'held' ORDER BY d.webhook_id, d.created_at
       )
       UPDATE webhook_deliveries d
          SET status = 'sending', locked_until = now() + make_interval(secs => ?), locked_by = ?, attempts = d.attempts + 1, last_attempt_at = now()
         FROM oldest, webhooks w WHERE d.id = oldest.id AND w.id = d.webhook_id
       RETURNING ${CLAIMED_COLUMNS}`,
      [limit, intervalSeconds, LEASE_SECONDS, workerId],
    );
  }

  /** Inserts a delivery already claimed for an immediate attempt in this process (the test endpoint). */
  async insertClaimed(em: EntityManager, webhookId: string, event: { id: string; type: string; body: string }): Promise<ClaimedDelivery> {
    const row = await this.executeOne<ClaimedDelivery>(
      `WITH inserted AS (
         INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, body, status, attempts, next_attempt_at, locked_until, last_attempt_at)
         VALUES (${NEW_DELIVERY_ID}, ?, ?, ?, ?, 'sending', 1, now(), now() + make_interval(secs => ?), now())
         RETURNING *
       )
       SELECT d.id, d.webhook_id, d.event_id, d.event_type, d.body, d.attempts, w.url, w.secret_sealed
       FROM inserted d JOIN webhooks w ON w.id = d.webhook_id`,
      [webhookId, event.id, event.type, event.body, LEASE_SECONDS],
      em,
    );
    return row;
  }

  /**
   * Records a 2xx in one statement: the delivery is done, the counter resets,
   * and a webhook paused by failures resumes with its held backlog released.
   */
  async recordSuccess(delivery: ClaimedDelivery, responseStatus: number, timeMs: number): Promise<void> {
    await this.execute(
      `WITH delivered AS (
         UPDATE webhook_deliveries SET status = 'delivered', locked_until = NULL, locked_by = NULL, next_attempt_at = NULL,
                response_status = ?, response_time_ms = ?, error = NULL
          WHERE id = ? RETURNING webhook_id
       ), webhook AS (
         UPDATE webhooks w SET consecutive_failures = 0, last_delivery_at = now(), last_success_at = now(), updated_at = now(),
                status = CASE WHEN w.pause_reason = 'failures' THEN 'active' ELSE w.status END,
                pause_reason = CASE WHEN w.pause_reason = 'failures' THEN NULL ELSE w.pause_reason END,
                next_probe_at = CASE WHEN w.pause_reason = 'failures' THEN NULL ELSE w.next_probe_at END
           FROM delivered, webhooks old WHERE w.id = delivered.webhook_id AND old.id = w.id
         RETURNING w.id, old.pause_reason = 'failures' AS resumed
       ), released AS (
         UPDATE webhook_deliveries d SET status = 'pending', next_attempt_at = now()
           FROM webhook WHERE webhook.resumed AND d.webhook_id = webhook.id AND d.status = 'held'
         RETURNING d.webhook_id
       )
       SELECT pg_notify(?, id) FROM webhook WHERE resumed`,
      [responseStatus, timeMs, delivery.id, DELIVERIES_CHANNEL],
    );
  }

  /**
   * Records a failed attempt and moves the state machine (contract §10): 20 in
   * a row pause an active webhook (its deliveries are held for probes), 50
   * break it (nothing more is attempted). Otherwise the delivery is retried
   * after `retryDelaySeconds`, or given up when that is undefined.
   */
  async recordFailure(
    delivery: ClaimedDelivery,
    failure: { responseStatus: number | null; timeMs: number | null; error: string },
    retryDelaySeconds: number | undefined,
    probeIntervalSeconds: number,
  ): Promise<WebhookOutcome | undefined> {
    return this.orm.em.fork().transactional(async (em) => {
      const [outcome] = await this.execute<WebhookOutcome>(
        `UPDATE webhooks w SET consecutive_failures = CASE WHEN w.status = 'broken' THEN w.consecutive_failures ELSE w.consecutive_failures + 1 END,
                last_delivery_at = now(), updated_at = now(),
                status = CASE WHEN w.status = 'broken' OR w.consecutive_failures + 1 >= 50 THEN 'broken'
                              WHEN w.consecutive_failures + 1 >= 20 AND w.status = 'active' THEN 'paused' ELSE w.status END,
                pause_reason = CASE WHEN w.status = 'broken' OR w.consecutive_failures + 1 >= 50 THEN NULL
                                    WHEN w.consecutive_failures + 1 >= 20 AND w.status = 'active' THEN 'failures' ELSE w.pause_reason END,
                next_probe_at = CASE WHEN w.status <> 'broken' AND w.consecutive_failures + 1 < 50 AND (w.pause_reason = 'failures' OR (w.consecutive_failures + 1 >= 20 AND w.status = 'active'))
                                     THEN now() + make_interval(secs => ?) ELSE NULL END
           FROM webhooks old WHERE w.id = ? AND old.id = w.id
         RETURNING w.status, w.pause_reason, w.consecutive_failures, old.status AS previous_status`,
        [probeIntervalSeconds, delivery.webhook_id],
        em,
      );
      const status = outcome?.status ?? 'broken';
      const next =
        status === 'broken' || retryDelaySeconds === undefined
          ? { status: 'failed', delay: null }
          : status === 'paused'
            ? { status: 'held', delay: null }
            : { status: 'pending', delay: retryDelaySeconds };
      await this.execute(
        `UPDATE webhook_deliveries SET status = ?, locked_until = NULL, locked_by = NULL,
                next_attempt_at = CASE WHEN ?::float8 IS NULL THEN NULL ELSE now() + make_interval(secs => ?::float8) END,
                response_status = ?, response_time_ms = ?, error = ? WHERE id = ?`,
        [next.status, next.delay, next.delay, failure.responseStatus, failure.timeMs, failure.error, delivery.id],
        em,
      );
      if (status === 'broken') {
        await this.execute(
          `UPDATE webhook_deliveries SET status = 'failed', locked_until = NULL, next_attempt_at = NULL, error = coalesce(error, 'webhook broken')
            WHERE webhook_id = ? AND status IN ('pending', 'held')`,
          [delivery.webhook_id],
          em,
        );
      } else if (status === 'paused' && outcome?.previous_status === 'active') {
        await this.execute(
          `UPDATE webhook_deliveries SET status = 'held', next_attempt_at = NULL WHERE webhook_id = ? AND status = 'pending'`,
          [delivery.webhook_id],
          em,
        );
      }
      return outcome;
    });
  }

  /** Soonest time a pending delivery or a probe becomes due, so the dispatcher can sleep until then. */
  async nextDueAt(): Promise<Date | undefined> {
    const [row] = await this.execute<{ next: Date | null }>(
      `SELECT least(
         (SELECT min(d.next_attempt_at) FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
           WHERE d.status = 'pending' AND w.status = 'active'),
         (SELECT min(next_probe_at) FROM webhooks WHERE status = 'paused' AND pause_reason = 'failures')) AS next`,
    );
    return row?.next ? new Date(row.next) : undefined;
  }
}
