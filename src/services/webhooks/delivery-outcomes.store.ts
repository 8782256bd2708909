import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../../db/orm';
import { nativeQuery } from '../../db/native-query';
import type { WEBHOOK_STATUS_EVENTS } from '../../events/event-types';
import { recordEvent, recordEventsCtes } from '../../events/outbox.store';
import { ASYNC_COMMIT, DELIVERIES_CHANNEL, type ClaimedDelivery } from './delivery-queue.store';
import { BREAK_AFTER_FAILURES, PAUSE_AFTER_FAILURES } from './webhook-rules';

/**
 * The outcomes of attempts: every statement that records what a claimed
 * delivery's attempt got back, in its attempt log and its status, and moves
 * its webhook's state machine (counter, pause, break, resume) with the
 * operational events that go with it (contract §10, §16). Claims and fan-out
 * are `delivery-queue.store.ts`'s.
 */
/** What one attempt got back, as the attempt log keeps it. */
export interface AttemptOutcome {
  responseStatus: number | null;
  timeMs: number | null;
  error: string | null;
  /** At most the first 1,024 characters of the answer. */
  responseBody: string | null;
}

export interface WebhookOutcome {
  status: 'active' | 'paused' | 'broken';
  pause_reason: 'manual' | 'failures' | null;
  consecutive_failures: number;
  previous_status: 'active' | 'paused' | 'broken';
  id: string;
  user_id: number;
  url: string;
}

/** Records an operational event about a webhook (contract §16); fan-out sends it to the account's other active webhooks only. */
export function recordStatusEvent(
  em: EntityManager,
  webhook: { id: string; user_id: number; url: string; consecutive_failures: number },
  type: (typeof WEBHOOK_STATUS_EVENTS)[number],
  reason: 'failures' | 'delivered' | 'reactivated',
) {
  return recordEvent(em, {
    userId: webhook.user_id,
    type,
    data: { webhook_id: webhook.id, url: webhook.url, consecutive_failures: webhook.consecutive_failures, reason },
  });
}

export class DeliveryOutcomesStore {
  constructor(private readonly orm: Orm) {}

  /**
   * Records 2xx attempts, many in one statement: each delivery is done with
   * its attempt logged, its webhook's counter resets, and a webhook paused by
   * failures resumes with its held backlog released (the dispatchers woken),
   * telling the account's other webhooks it recovered. One statement with no
   * transaction around it is atomic alone and costs one round trip where
   * BEGIN, the statement and COMMIT took three (the transaction machinery was
   * the largest database cost in the worker's profile). Webhook rows are
   * locked in id order, so two processes recording overlapping batches cannot
   * deadlock, and FOR NO KEY UPDATE (what the UPDATE takes anyway: no key
   * changes) lets a fan-out insert deliveries of those webhooks meanwhile. Its
   * foreign-key checks take KEY SHARE locks in no set order, which FOR UPDATE
   * waited for (a ~30 ms fan-out stalled every batch started during it) and
   * could deadlock with, failing the batch and leaving its deliveries
   * `sending`, their slots taken, until their lease lapsed. The deliveries
   * are also matched by `id = ANY (ARRAY(…))`: the prepared statement's
   * generic plan takes jsonb_to_recordset for 100 rows and, planned while the
   * table was small, joined them by a sequential scan of every delivery kept
   * (issue 16: 3-8 ms per batch at 15,000 rows); the array condition makes it
   * a primary-key lookup at any table size.
   */
  async recordSuccesses(successes: readonly { delivery: ClaimedDelivery; attempt: AttemptOutcome }[]): Promise<void> {
    const input = successes.map(({ delivery, attempt }) => ({
      id: delivery.id,
      response_status: attempt.responseStatus,
      response_time_ms: attempt.timeMs,
      response_body: attempt.responseBody,
    }));
    await nativeQuery(
      this.orm.em,
      `WITH input AS (
           SELECT * FROM jsonb_to_recordset(?::jsonb) AS i(id text, response_status int, response_time_ms int, response_body text)
         ), delivered AS (
           UPDATE webhook_deliveries d SET status = 'delivered', locked_until = NULL, locked_by = NULL, next_attempt_at = NULL, failed_at = NULL,
                  response_status = i.response_status, response_time_ms = i.response_time_ms, error = NULL
             FROM input i WHERE d.id = i.id AND d.id = ANY (ARRAY(SELECT id FROM input))
           RETURNING d.id, d.webhook_id, i.response_status, i.response_time_ms, i.response_body
         ), attempt AS (
           INSERT INTO webhook_attempts (delivery_id, response_status, response_time_ms, error, response_body)
           SELECT id, response_status, response_time_ms, NULL, response_body FROM delivered
         ), old AS (
           SELECT id, pause_reason FROM webhooks WHERE id IN (SELECT webhook_id FROM delivered) ORDER BY id FOR NO KEY UPDATE
         ), webhook AS (
           UPDATE webhooks w SET consecutive_failures = 0, last_delivery_at = now(), last_success_at = now(), updated_at = now(),
                  status = CASE WHEN w.pause_reason = 'failures' THEN 'active' ELSE w.status END,
                  pause_reason = CASE WHEN w.pause_reason = 'failures' THEN NULL ELSE w.pause_reason END,
                  next_probe_at = CASE WHEN w.pause_reason = 'failures' THEN NULL ELSE w.next_probe_at END
             FROM old WHERE w.id = old.id
           RETURNING w.id, w.user_id, w.url, w.consecutive_failures, old.pause_reason = 'failures' AS resumed
         ), released AS (
           UPDATE webhook_deliveries d SET status = 'pending', next_attempt_at = now()
             FROM webhook WHERE webhook.resumed AND d.webhook_id = webhook.id AND d.status = 'held'
           RETURNING d.webhook_id
         ), ${recordEventsCtes(`SELECT user_id, 'webhook.recovered' AS type,
                  jsonb_build_object('webhook_id', id, 'url', url, 'consecutive_failures', consecutive_failures, 'reason', 'delivered') AS data
             FROM webhook WHERE resumed`)}
         -- A batch that resumes a webhook records an outbox event (webhook.recovered): that one commits synchronously.
         SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM webhook WHERE resumed) THEN ${ASYNC_COMMIT} END AS commit_mode,
                (SELECT announced FROM announced_events) AS recovered,
                (SELECT count(pg_notify('${DELIVERIES_CHANNEL}', id)) FROM webhook WHERE resumed) AS resumed`,
      [JSON.stringify(input)],
      'webhook_record_successes',
    );
  }

  /**
   * Records a failed attempt and moves the state machine (contract §10):
   * PAUSE_AFTER_FAILURES in a row pause an active webhook (its deliveries are held for probes), BREAK_AFTER_FAILURES
   * break it (nothing more is attempted), and either change is told to the
   * account's other webhooks (§16). Otherwise the delivery is retried after
   * `retryDelaySeconds`, or given up when that is undefined.
   */
  async recordFailure(
    delivery: ClaimedDelivery,
    attempt: AttemptOutcome & { error: string },
    retryDelaySeconds: number | undefined,
    probeIntervalSeconds: number,
  ): Promise<WebhookOutcome | undefined> {
    return this.orm.em.fork().transactional(async (em) => {
      const [outcome] = await nativeQuery<WebhookOutcome>(
        em,
        `UPDATE webhooks w SET consecutive_failures = CASE WHEN w.status = 'broken' THEN w.consecutive_failures ELSE w.consecutive_failures + 1 END,
                last_delivery_at = now(), updated_at = now(),
                status = CASE WHEN w.status = 'broken' OR w.consecutive_failures + 1 >= rules.break_at THEN 'broken'
                              WHEN w.consecutive_failures + 1 >= rules.pause_at AND w.status = 'active' THEN 'paused' ELSE w.status END,
                pause_reason = CASE WHEN w.status = 'broken' OR w.consecutive_failures + 1 >= rules.break_at THEN NULL
                                    WHEN w.consecutive_failures + 1 >= rules.pause_at AND w.status = 'active' THEN 'failures' ELSE w.pause_reason END,
                next_probe_at = CASE WHEN w.status <> 'broken' AND w.consecutive_failures + 1 < rules.break_at AND (w.pause_reason = 'failures' OR (w.consecutive_failures + 1 >= rules.pause_at AND w.status = 'active'))
                                     THEN now() + make_interval(secs => ?) ELSE NULL END
           FROM webhooks old, (SELECT ?::int AS pause_at, ?::int AS break_at) rules WHERE w.id = ? AND old.id = w.id
         RETURNING w.id, w.user_id, w.url, w.status, w.pause_reason, w.consecutive_failures, old.status AS previous_status`,
        [probeIntervalSeconds, PAUSE_AFTER_FAILURES, BREAK_AFTER_FAILURES, delivery.webhook_id],
      );
      const status = outcome?.status ?? 'broken';
      const next =
        status === 'broken' || retryDelaySeconds === undefined
          ? { status: 'failed', delay: null }
          : status === 'paused'
            ? { status: 'held', delay: null }
            : { status: 'pending', delay: retryDelaySeconds };
      await nativeQuery(
        em,
        `UPDATE webhook_deliveries SET status = ?, locked_until = NULL, locked_by = NULL,
                next_attempt_at = CASE WHEN ?::float8 IS NULL THEN NULL ELSE now() + make_interval(secs => ?::float8) END,
                failed_at = CASE WHEN ?::text = 'failed' THEN now() END,
                response_status = ?, response_time_ms = ?, error = ? WHERE id = ?`,
        [next.status, next.delay, next.delay, next.status, attempt.responseStatus, attempt.timeMs, attempt.error, delivery.id],
      );
      await nativeQuery(
        em,
        `INSERT INTO webhook_attempts (delivery_id, response_status, response_time_ms, error, response_body)
         SELECT id, ?::int, ?::int, ?::text, ?::text FROM webhook_deliveries WHERE id = ?`,
        [attempt.responseStatus, attempt.timeMs, attempt.error, attempt.responseBody, delivery.id],
      );
      if (!outcome) return undefined;
      if (status === 'broken') {
        await nativeQuery(
          em,
          `UPDATE webhook_deliveries SET status = 'failed', failed_at = now(), locked_until = NULL, next_attempt_at = NULL, error = coalesce(error, 'webhook broken')
            WHERE webhook_id = ? AND status IN ('pending', 'held')`,
          [delivery.webhook_id],
        );
        if (outcome.previous_status !== 'broken') await recordStatusEvent(em, outcome, 'webhook.broken', 'failures');
      } else if (status === 'paused' && outcome.previous_status === 'active') {
        await nativeQuery(em, `UPDATE webhook_deliveries SET status = 'held', next_attempt_at = NULL WHERE webhook_id = ? AND status = 'pending'`, [
          delivery.webhook_id,
        ]);
        await recordStatusEvent(em, outcome, 'webhook.paused', 'failures');
      }
      return outcome;
    });
  }
}
