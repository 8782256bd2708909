import 'reflect-metadata';
import { Client } from 'pg';
import { migrate, openDatabase, type Orm } from '../../src/db/orm';
import { LIVENESS_LOCK_NAMESPACE } from '../../src/db/process-liveness';
import { createLogger } from '../../src/observability/logger';
import { DeliveryOutcomesStore } from '../../src/services/webhooks/delivery-outcomes.store';
import { DeliveryQueueStore, MAX_IN_FLIGHT_PER_WEBHOOK } from '../../src/services/webhooks/delivery-queue.store';
import { WebhooksStore } from '../../src/services/webhooks/webhooks.store';
import { createTestDatabase } from '../support/test-service';
import { waitFor } from '../support/wait';

/** The webhook store against the real ORM, migrations and embedded PostgreSQL, without the HTTP server around it. */
describe('webhooks store', () => {
  let database: { url: string; drop(): Promise<void> };
  let orm: Orm;
  let store: WebhooksStore;
  let queue: DeliveryQueueStore;
  let outcomes: DeliveryOutcomesStore;
  const owner = { userId: 1, apiKeyId: 1, scopes: [] };
  let counter = 0;

  const newWebhook = async () => {
    counter += 1;
    const created = await store.insertWebhook(
      {
        id: `wh_${String(counter).padStart(6, '0')}`,
        userId: owner.userId,
        apiKeyId: owner.apiKeyId,
        url: `https://example.com/${counter}`,
        events: ['*'],
        description: null,
        secretSealed: 'sealed',
        balanceLowThreshold: null,
      },
      25,
    );
    if (typeof created === 'string') throw new Error(created);
    return created;
  };

  /** Inserts a pending delivery `id` (its event `evt_…` alike) and claims it as `workerId`, whose liveness lock the caller holds. */
  const insertAndClaim = async (webhookId: string, id: string, workerId: number) => {
    await orm.em
      .getConnection()
      .execute(
        `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, body, status, next_attempt_at) VALUES (?, ?, ?, 'webhook.test', '{}', 'pending', now())`,
        [id, webhookId, id.replace(/^dlv_/, 'evt_')],
      );
    const [claimed] = (await queue.claim(50, 3600, workerId)).filter((delivery) => delivery.id === id);
    if (!claimed) throw new Error(`${id} was not claimed`);
    return claimed;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = await openDatabase(database.url, { statementTimeoutMs: 10_000, connectTimeoutMs: 5_000 }, createLogger('warn'));
    await migrate(orm);
    store = new WebhooksStore(orm);
    queue = new DeliveryQueueStore(orm);
    outcomes = new DeliveryOutcomesStore(orm);
  });
  afterAll(async () => {
    await orm.close(true);
    await database.drop();
  });

  it('an edit waits for the row lock the dispatcher holds, then applies, instead of finding nothing (defect 1)', async () => {
    const webhook = await newWebhook();
    const dispatcher = new Client({ connectionString: database.url });
    await dispatcher.connect();
    try {
      await dispatcher.query('BEGIN');
      // What the probe claim does to a webhook row: it stays locked until the dispatcher's transaction ends.
      const held = await dispatcher.query('SELECT id FROM webhooks WHERE id = $1 FOR UPDATE SKIP LOCKED', [webhook.id]);
      expect(held.rowCount).toBe(1);

      let settled = false;
      const edit = store
        .transaction(async (tx) => {
          const locked = await tx.lockWebhook(owner, webhook.id);
          if (locked) locked.description = 'edited';
          return locked;
        })
        .finally(() => (settled = true));
      await waitFor(
        "the edit waits for the dispatcher's lock",
        async () =>
          (
            await orm.em
              .getConnection()
              .execute<{ waiting: string }[]>(
                "SELECT count(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
              )
          )[0]!.waiting !== '0',
      );
      expect(settled).toBe(false);

      await dispatcher.query('COMMIT');
      const edited = await edit;
      expect(edited).toMatchObject({ id: webhook.id, description: 'edited' });
      expect((await store.findWebhook(owner, webhook.id))?.description).toBe('edited');
    } finally {
      await dispatcher.end();
    }
  });

  it('a queue claim skips a webhook row an edit holds', async () => {
    const webhook = await newWebhook();
    await orm.em.fork().nativeUpdate('Webhook', { id: webhook.id }, { status: 'paused', pauseReason: 'failures', nextProbeAt: new Date(0) });
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const edit = store.transaction(async (tx) => {
      await tx.lockWebhook(owner, webhook.id);
      locked();
      await holding;
    });
    await isLocked;
    const started = Date.now();
    expect(await queue.claim(10, 3600, 0)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1000);
    release();
    await edit;
  });

  it('pruning deletes the attempts older than 30 days and keeps the rest', async () => {
    const webhook = await newWebhook();
    const sql = orm.em.getConnection();
    await sql.execute(
      `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, body, status) VALUES ('dlv_prune', ?, 'evt_prune', 'webhook.test', '{}', 'failed')`,
      [webhook.id],
    );
    for (const days of [31, 30.5, 29, 0])
      await sql.execute(`INSERT INTO webhook_attempts (delivery_id, attempted_at, error) VALUES ('dlv_prune', now() - ? * interval '1 day', ?)`, [
        days,
        `${days} days`,
      ]);
    expect(await store.pruneAttempts(1)).toBe(2);
    expect((await store.attemptsOf(['dlv_prune'])).map((attempt) => attempt.error)).toEqual(['0 days', '29 days']);
  });

  it('recover requeues exactly the failures since the given time, and the queue hands them out oldest first', async () => {
    const webhook = await newWebhook();
    const sql = orm.em.getConnection();
    const since = new Date(Date.now() - 60_000);
    const rows: [string, string, number, number | null][] = [
      // id, status, created seconds ago, failed seconds ago
      ['dlv_rec_old', 'failed', 300, 120],
      ['dlv_rec_2', 'failed', 30, 10],
      ['dlv_rec_3', 'failed', 50, 5],
      ['dlv_rec_1', 'failed', 40, 20],
      ['dlv_rec_ok', 'delivered', 45, null],
    ];
    for (const [id, status, created, failed] of rows) {
      await sql.execute(
        `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, body, status, created_at, failed_at)
         VALUES (?, ?, ?, 'webhook.test', '{}', ?, now() - ? * interval '1 second', now() - ? * interval '1 second')`,
        [id, webhook.id, `evt_${id}`, status, created, failed],
      );
    }
    expect(await store.transaction((tx) => tx.requeueFailedSince(webhook.id, since, 'pending'))).toBe(3);
    // A live claimer: what it holds stays its own (a dead one's claims would be taken over at once).
    const worker = new Client({ connectionString: database.url });
    await worker.connect();
    try {
      await worker.query('SELECT pg_advisory_lock($1, $2)', [LIVENESS_LOCK_NAMESPACE, 7]);
      const claimed: string[] = [];
      for (let index = 0; index < 4; index += 1) claimed.push(...(await queue.claim(1, 3600, 7)).map((delivery) => delivery.id));
      // Ids sort otherwise than ages, so only the order by creation time passes.
      expect(claimed).toEqual(['dlv_rec_3', 'dlv_rec_1', 'dlv_rec_2']);
    } finally {
      await worker.end();
    }
  });
  it('a webhook over its in-flight bound (test deliveries are not claimed through the queue) gets nothing more, and the claim still serves the others', async () => {
    const [busy, idle] = [await newWebhook(), await newWebhook()];
    const sql = orm.em.getConnection();
    const worker = new Client({ connectionString: database.url });
    await worker.connect();
    try {
      await worker.query('SELECT pg_advisory_lock($1, $2)', [LIVENESS_LOCK_NAMESPACE, 8]);
      for (let index = 0; index < MAX_IN_FLIGHT_PER_WEBHOOK + 1; index += 1) {
        await sql.execute(
          `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, body, status, next_attempt_at, locked_until, locked_by)
           VALUES (?, ?, ?, 'webhook.test', '{}', 'sending', now(), now() + interval '1 minute', 8)`,
          [`dlv_busy_${index}`, busy.id, `evt_busy_${index}`],
        );
      }
      for (const [id, webhook] of [
        ['dlv_busy_due', busy],
        ['dlv_idle_due', idle],
      ] as const) {
        await sql.execute(
          `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, body, status, next_attempt_at) VALUES (?, ?, ?, 'webhook.test', '{}', 'pending', now())`,
          [id, webhook.id, `evt_${id}`],
        );
      }
      // Earlier tests' rows may be due as well: only these two webhooks' matter here.
      const claimed = (await queue.claim(50, 3600, 8)).filter((delivery) => [busy.id, idle.id].includes(delivery.webhook_id)).map((delivery) => delivery.id);
      expect(claimed).toEqual(['dlv_idle_due']);
    } finally {
      await worker.end();
    }
  });
  it('a success batch does not wait for a fan-out inserting deliveries of the same webhook, so the two cannot deadlock', async () => {
    const webhook = await newWebhook();
    const worker = new Client({ connectionString: database.url });
    const fanOut = new Client({ connectionString: database.url });
    await Promise.all([worker.connect(), fanOut.connect()]);
    try {
      await worker.query('SELECT pg_advisory_lock($1, $2)', [LIVENESS_LOCK_NAMESPACE, 10]);
      const claimed = await insertAndClaim(webhook.id, 'dlv_keyshare', 10);
      // A fan-out's insert holds the foreign key's KEY SHARE lock on the webhook row until it commits.
      await fanOut.query('BEGIN');
      await fanOut.query(
        `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, body, status, next_attempt_at) VALUES ('dlv_keyshare_new', $1, 'evt_keyshare_new', 'webhook.test', '{}', 'pending', now())`,
        [webhook.id],
      );
      let settled = false;
      const recorded = outcomes
        .recordSuccesses([{ delivery: claimed, attempt: { responseStatus: 200, timeMs: 3, error: null, responseBody: 'ok' } }])
        .finally(() => (settled = true));
      await waitFor('the success batch is recorded while the fan-out is open', () => settled, { timeoutMs: 5_000 });
      await recorded;
      await fanOut.query('COMMIT');
      expect((await store.attemptsOf(['dlv_keyshare'])).map((attempt) => attempt.response_status)).toEqual([200]);
    } finally {
      await fanOut.query('ROLLBACK').catch(() => undefined);
      await Promise.all([worker.end(), fanOut.end()]);
    }
  });
  it('the claim and the success batch commit asynchronously for themselves only: every pooled connection stays synchronous for the fan-out', async () => {
    const webhook = await newWebhook();
    const sql = orm.em.getConnection();
    const worker = new Client({ connectionString: database.url });
    await worker.connect();
    try {
      await worker.query('SELECT pg_advisory_lock($1, $2)', [LIVENESS_LOCK_NAMESPACE, 9]);
      const claimed = await insertAndClaim(webhook.id, 'dlv_async', 9);
      await outcomes.recordSuccesses([{ delivery: claimed, attempt: { responseStatus: 200, timeMs: 3, error: null, responseBody: 'ok' } }]);
      // As many at once as the pool holds connections, so the ones that ran the claim and the batch are asked too.
      const settings = await Promise.all(Array.from({ length: 20 }, () => sql.execute<{ synchronous_commit: string }[]>('SHOW synchronous_commit')));
      expect(new Set(settings.map(([row]) => row?.synchronous_commit))).toEqual(new Set(['on']));
      expect((await store.attemptsOf(['dlv_async'])).map((attempt) => attempt.response_status)).toEqual([200]);
    } finally {
      await worker.end();
    }
  });
});
