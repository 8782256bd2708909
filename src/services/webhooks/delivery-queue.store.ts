import type { Orm } from '../../db/orm';
import { LIVE_WORKERS_SQL } from '../../db/process-liveness';
import { nativeQuery } from '../../db/native-query';
import type { Webhook } from '../../entities/webhook.entity';
import { WEBHOOK_STATUS_EVENTS, type EventType } from '../../events/event-types';
import { recordEvent } from '../../events/outbox.store';

/**
 * The delivery queue: every statement that turns events into deliveries and
 * claims them for attempts, over `webhook_deliveries`, the probe columns of
 * `webhooks` and the outbox. Recording the attempts' outcomes (which move the
 * webhook's state machine) is `delivery-outcomes.store.ts`'s; registrations,
 * listings and a user's edits are `webhooks.store.ts`'s. Queue claims take
 * rows with FOR UPDATE SKIP LOCKED, so any number of worker processes share
 * the work without coordination. Parameters are sent as bound values, and the
 * statements run hundreds of times a second are prepared (issue 16).
 */
export const DELIVERIES_CHANNEL = 'webhook_deliveries';
/** Longer than a whole attempt (8 s deadline plus signing and bookkeeping), so only a dead process's lease lapses. */
export const LEASE_SECONDS = 15;
/**
 * At most this many attempts in flight per webhook, across processes: a
 * receiver 100 ms away can take 80 deliveries a second, and one that answers
 * slowly holds at most a sixteenth of a process's slots. With 4, a healthy
 * receiver 100 ms away got at most 40 a second, and the benchmark's burst to
 * 10 webhooks ran with 40 requests in flight: claims and success batches of
 * about 12 rows, 0.17 statements per delivery; with 8 (and 128 per process)
 * 0.09-0.10, and 2,634-3,363 deliveries/s against 2,036-2,607 (issue 16).
 */
export const MAX_IN_FLIGHT_PER_WEBHOOK = 8;
/** Attempts in flight at once in one process, over all webhooks. */
export const MAX_IN_FLIGHT_PER_PROCESS = 16 * MAX_IN_FLIGHT_PER_WEBHOOK;

/** A delivery claimed for one attempt, with what the attempt needs of its webhook (read in the same statement). */
export interface ClaimedDelivery {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  body: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret_sealed: string;
  /** The secret before a rotation, during its 24 h grace period only: deliveries then carry both signatures. */
  previous_secret_sealed: string | null;
}

const CLAIMED_COLUMNS = `d.id, d.webhook_id, d.event_id, d.event_type, d.body, d.attempts, d.created_at, w.url, w.secret_sealed,
  CASE WHEN w.previous_secret_expires_at > now() THEN w.previous_secret_sealed END AS previous_secret_sealed`;

const ENVELOPE_SQL = `json_build_object(
  'id', e.id, 'type', e.type,
  'timestamp', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'data', e.data)::text`;

const NEW_DELIVERY_ID = `'dlv_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20)`;

/** Pending and due, or being sent by a process that died (its liveness lock is gone) or whose lease lapsed. */
const DUE = `((d.status = 'pending' AND d.next_attempt_at <= now())
  OR (d.status = 'sending' AND (d.locked_until < now() OR (d.locked_by IS NOT NULL AND d.locked_by::oid NOT IN (SELECT worker FROM live_workers)))))`;

/**
 * Commits the statement it is part of without waiting for its WAL to reach
 * the disk (`synchronous_commit = off` for that statement's own transaction
 * only: `set_config(…, true)` is `SET LOCAL`, and a statement outside a
 * transaction is its own). Used only by the claim and the success batch,
 * whose loss is safe: the commit is visible at once and is lost only if the
 * PostgreSQL server itself crashes within the WAL writer's delay (≤ 3 ×
 * wal_writer_delay, 600 ms by default), and then the database is exactly as if
 * the worker had been killed just before sending the statement, which the
 * kill -9 rule already covers: a lost claim leaves the delivery due as it was,
 * a lost success leaves it `sending` under a liveness lock that died with the
 * server, so it is sent again (same `webhook-id`, at-least-once) and that
 * attempt is logged. What is lost is the attempt-log row of the attempt that
 * reached the receiver, never a delivery. WAL is flushed in order, so any
 * synchronous commit after it (every fan-out and every recorded event) makes
 * it durable too. Never used for the fan-out of deliveries nor for a statement
 * that records an outbox event, whose loss would lose a delivery.
 * Measured: PostgreSQL CPU per delivery 374-448 µs, from 456-610 µs (issue 16).
 */
export const ASYNC_COMMIT = `set_config('synchronous_commit', 'off', true)`;

export class DeliveryQueueStore {
  constructor(private readonly orm: Orm) {}

  /** The queue's hot statements, run as prepared statements: parsed once per connection, and their plans may be reused. */
  private prepared<T>(name: string, sql: string, params: unknown[] = []): Promise<T[]> {
    return nativeQuery<T>(this.orm.em, sql, params, name);
  }

  /**
   * Records a synthetic event for one webhook and its delivery, already
   * claimed for an immediate attempt in this process (the test endpoint), in
   * one transaction. The event is marked fanned out: the dispatcher must not
   * deliver it a second time.
   */
  async insertTestDelivery(webhook: Webhook, event: { id: string; type: EventType; data: Record<string, unknown> }): Promise<ClaimedDelivery> {
    return this.orm.em.fork().transactional(async (em) => {
      const envelope = await recordEvent(em, { id: event.id, userId: webhook.userId, type: event.type, data: event.data, webhookId: webhook.id });
      await nativeQuery(em, 'UPDATE outbox_events SET fanned_out_at = now() WHERE id = ?', [envelope.id]);
      const [row] = await nativeQuery<ClaimedDelivery>(
        em,
        // The body comes from the recorded event through ENVELOPE_SQL, as the fan-out's do: one serializer, the same bytes for the same event.
        `WITH inserted AS (
           INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, body, status, attempts, next_attempt_at, locked_until, last_attempt_at)
           SELECT ${NEW_DELIVERY_ID}, ?, e.id, e.type, ${ENVELOPE_SQL}, 'sending', 1, now(), now() + make_interval(secs => ?), now()
           FROM outbox_events e WHERE e.id = ?
           RETURNING *
         )
         SELECT ${CLAIMED_COLUMNS} FROM inserted d JOIN webhooks w ON w.id = d.webhook_id`,
        [webhook.id, LEASE_SECONDS, envelope.id],
      );
      // The webhook row was just read and a delete of it would cascade to this insert: one row always comes back.
      if (!row) throw new Error('the test delivery was not inserted');
      return row;
    });
  }

  /** Turns recorded events into deliveries: one per matching webhook (or the targeted one), held for paused webhooks, none for broken ones. */
  async fanOut(batch: number): Promise<number> {
    const rows = await this.prepared<{ count: string }>(
      'webhook_fan_out',
      `WITH events AS (
         -- The body is built once per event, not once per webhook it goes to.
         SELECT e.id, e.user_id, e.type, e.data, e.webhook_id, e.created_at, ${ENVELOPE_SQL} AS body FROM outbox_events e
         WHERE e.fanned_out_at IS NULL ORDER BY e.created_at LIMIT ? FOR UPDATE SKIP LOCKED
       ), marked AS (
         UPDATE outbox_events o SET fanned_out_at = now() FROM events e WHERE o.id = e.id RETURNING o.id
       ), inserted AS (
         -- created_at is the event's, so deliveries fanned out together keep the order their events happened in.
         INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, body, status, next_attempt_at, created_at)
         SELECT ${NEW_DELIVERY_ID}, w.id, e.id, e.type, e.body,
                CASE WHEN w.status = 'active' THEN 'pending' ELSE 'held' END, now(), e.created_at
         FROM events e JOIN webhooks w ON w.user_id = e.user_id
         WHERE w.status <> 'broken'
           AND (e.webhook_id = w.id OR (e.webhook_id IS NULL AND e.type <> 'webhook.test' AND (
                w.events @> jsonb_build_array(e.type) OR w.events @> '["*"]'::jsonb
                OR w.events @> jsonb_build_array(split_part(e.type, '.', 1) || '.*'))
                -- An event about a webhook (contract §16) never goes to that webhook, and its status events only to active ones.
                AND (e.data->>'webhook_id') IS DISTINCT FROM w.id
                AND (w.status = 'active' OR e.type NOT IN (${WEBHOOK_STATUS_EVENTS.map((type) => `'${type}'`).join(', ')}))))
         ON CONFLICT (webhook_id, event_id) DO NOTHING
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM marked) AS count, (SELECT count(*) FROM inserted) AS inserted`,
      [batch],
    );
    return Number(rows[0]?.count ?? 0);
  }

  /**
   * Claims up to `limit` deliveries for attempts under a lease, in one
   * statement: first one probe for each webhook paused by failures whose probe
   * time has come (its oldest held delivery), then due deliveries of active
   * webhooks, oldest due first. Each active webhook's queue is walked in due
   * order only as far as its free in-flight slots, so the cost follows what is
   * claimed, not the backlog. A lapsed lease or a dead claimer makes a row due
   * again, and a dead claimer's attempts stop counting against the webhook's
   * in-flight bound at once, not when their lease lapses. Attempts in flight
   * are counted per webhook, an index scan each: every claim and success
   * leaves a dead entry in the `sending` index until a vacuum, and an index
   * scan marks those it meets so later claims skip them, where one count over
   * the whole index (a bitmap scan) visited every dead row again each time.
   */
  claim(limit: number, probeIntervalSeconds: number, workerId: number): Promise<ClaimedDelivery[]> {
    return this.prepared<ClaimedDelivery>(
      'webhook_claim',
      `WITH live_workers AS MATERIALIZED (
         ${LIVE_WORKERS_SQL}
       ), probed AS (
         SELECT id FROM webhooks
         WHERE status = 'paused' AND pause_reason = 'failures' AND next_probe_at <= now()
         ORDER BY next_probe_at LIMIT ? FOR UPDATE SKIP LOCKED
       ), rescheduled AS (
         UPDATE webhooks w SET next_probe_at = now() + make_interval(secs => ?) FROM probed p WHERE w.id = p.id RETURNING w.id
       ), probes AS (
         SELECT DISTINCT ON (d.webhook_id) d.id FROM webhook_deliveries d JOIN rescheduled r ON r.id = d.webhook_id
         WHERE d.status = 'held' ORDER BY d.webhook_id, d.created_at
       ), candidates AS (
         SELECT c.id, c.next_attempt_at, c.created_at
         FROM webhooks w
         CROSS JOIN LATERAL (
           SELECT count(*) AS sending FROM webhook_deliveries s
           WHERE s.webhook_id = w.id AND s.status = 'sending' AND s.locked_until >= now()
             AND (s.locked_by IS NULL OR s.locked_by::oid IN (SELECT worker FROM live_workers))
         ) f
         CROSS JOIN LATERAL (
           SELECT d.id, d.next_attempt_at, d.created_at FROM webhook_deliveries d
           WHERE d.webhook_id = w.id AND d.status IN ('pending', 'sending') AND ${DUE}
           ORDER BY d.next_attempt_at, d.created_at, d.id
           -- A webhook can be over its bound (a test delivery is inserted already sending, probes skip the bound): LIMIT must not go negative.
           LIMIT greatest(? - f.sending, 0)
         ) c
         WHERE w.status = 'active' AND f.sending < ?
       ), due AS (
         SELECT d.id FROM webhook_deliveries d JOIN candidates c ON c.id = d.id
         WHERE ${DUE}
         ORDER BY c.next_attempt_at, c.created_at, c.id LIMIT greatest(? - (SELECT count(*) FROM probes), 0)
         FOR UPDATE OF d SKIP LOCKED
       ), claimed AS (
         SELECT id FROM probes UNION ALL SELECT id FROM due
       ), commit_mode AS (
         SELECT ${ASYNC_COMMIT}
       )
       UPDATE webhook_deliveries d
          SET status = 'sending', locked_until = now() + make_interval(secs => ?), locked_by = ?, attempts = d.attempts + 1, last_attempt_at = now()
         FROM claimed, webhooks w, commit_mode WHERE d.id = claimed.id AND w.id = d.webhook_id
       RETURNING ${CLAIMED_COLUMNS}`,
      [limit, probeIntervalSeconds, MAX_IN_FLIGHT_PER_WEBHOOK, MAX_IN_FLIGHT_PER_WEBHOOK, limit, LEASE_SECONDS, workerId],
    );
  }

  /** Soonest time a pending delivery or a probe becomes due, so the dispatcher can sleep until then (each webhook's queue read at its head). */
  async nextDueAt(): Promise<Date | undefined> {
    const [row] = await this.prepared<{ next: Date | null }>(
      'webhook_next_due',
      `SELECT least(
         (SELECT min(head.next_attempt_at) FROM webhooks w CROSS JOIN LATERAL (
            SELECT d.next_attempt_at FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.status = 'pending'
            ORDER BY d.next_attempt_at LIMIT 1) head
           WHERE w.status = 'active'),
         (SELECT min(next_probe_at) FROM webhooks WHERE status = 'paused' AND pause_reason = 'failures')) AS next`,
    );
    return row?.next ? new Date(row.next) : undefined;
  }
}
