import type { SignedErrorBody } from '../../src/rest/error-responses';
import { randomBytes } from 'node:crypto';
import { print } from 'graphql';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { EntityManager } from '@mikro-orm/postgresql';
import { StrategyPosition, type CloseReason } from '../../src/entities/strategy-position.entity';
import { Strategy } from '../../src/entities/strategy.entity';
import { recordEvent } from '../../src/events/outbox.store';
import type { EventPage, PositionPage } from '../../src/services/strategies/strategy-history';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import {
  BacktestJobsWithStrategyDocument,
  StrategiesWithHistoryDocument,
  StrategyEventsAfterDocument,
  StrategyPositionsPageDocument,
  WatchBacktestJobStrategyDocument,
} from '../graphql/generated';
import { graphql } from '../support/http';
import { bearer, newAccount } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, strategyBody, type TradingWorld } from '../support/trading-world';
import { waitFor } from '../support/wait';

const HOUR = 3_600_000;

/** The `{"error": {code, message}}` body of a `/v1` failure. */
/** Waits (up to 5 s) until `condition` holds; the caller asserts it afterwards. */
const userIdOf = (account: { user: unknown }) => Number((account.user as { id: unknown }).id);
const REASONS: CloseReason[] = ['signal', 'pause', 'stop_loss', 'take_profit', 'liquidation'];

describe('strategy history (contract §11): positions and events over REST, GraphQL and the subscription', () => {
  let world: TradingWorld;
  let service: TestService;
  let counter = 0;
  const account = () => newAccount(service.url, world, `history${(counter += 1)}@example.com`);

  beforeAll(async () => {
    world = await startTradingWorld();
    // no runtime: the positions and events below are the only ones
    service = await startTestService({ ...world.env, ROLE: 'api' });
  });
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  /** `count` positions of a strategy, one hour apart (the newest last); every third one still open. */
  async function seedPositions(strategyId: string, count: number): Promise<void> {
    const em = service.service.orm.em.fork();
    const start = Date.UTC(2026, 0, 1);
    for (let index = 0; index < count; index += 1) {
      const open = index === count - 1;
      em.create(StrategyPosition, {
        id: `pos_${randomBytes(8).toString('hex')}`,
        strategyId,
        symbol: 'BTCUSDT',
        side: index % 2 === 0 ? 'long' : 'short',
        quantity: '0.010000000000000000',
        entryPrice: '67000.5',
        entryFee: '0.268',
        openedAt: new Date(start + index * HOUR),
        exitPrice: open ? null : '67100',
        exitFee: open ? null : '0.2684',
        pnl: open ? null : '0.4586',
        closedAt: open ? null : new Date(start + index * HOUR + 60_000),
        closeReason: open ? null : REASONS[index % REASONS.length]!,
        dryRun: true,
      });
    }
    await em.flush();
  }

  async function seedEvents(strategyId: string, userId: number, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const event = await service.service.orm.em
        .fork()
        .transactional((em: EntityManager) => recordEvent(em, { userId, type: 'strategy.position_opened', data: { strategy_id: strategyId, index } }));
      ids.push(event.id);
    }
    return ids;
  }

  /** `perStrategy` cancelled jobs created from each strategy, one minute apart (the highest number newest), ids `bt_<strategy id tail><n>`. */
  async function seedJobs(userId: number, strategyIds: string[], perStrategy: number): Promise<void> {
    const rows = strategyIds.flatMap((strategyId) =>
      Array.from({ length: perStrategy }, (_, index) => [
        `bt_${strategyId.slice(-6)}${index}`,
        userId,
        strategyId,
        new Date(Date.UTC(2026, 0, 1) + index * 60_000),
      ]),
    );
    await service.service.orm.em
      .fork()
      .getConnection()
      .execute(
        `INSERT INTO backtest_jobs (id, user_id, status, template_id, config, strategy_id, submitted_at)
         VALUES ${rows.map(() => `(?, ?, 'cancelled', 'sma_cross', '{}'::jsonb, ?, ?)`).join(', ')}`,
        rows.flat(),
      );
  }

  describe('GET /v1/strategies/{id}/positions', () => {
    it('pages positions newest first with a cursor, filters by status, and carries close_reason (null while open)', async () => {
      const owner = await account();
      const { body } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      await seedPositions(body.id, 7);
      const first = await owner.call<PositionPage>('GET', `/v1/strategies/${body.id}/positions?limit=4`);
      expect(first.status).toBe(200);
      expect(first.body.data).toHaveLength(4);
      const newest = first.body.data[0];
      expect(newest?.id).toMatch(/^pos_[0-9a-f]+$/);
      expect({ ...newest, id: 'pos' }).toEqual({
        id: 'pos',
        strategy_id: body.id,
        symbol: 'BTCUSDT',
        side: 'long',
        quantity: '0.01',
        entry_price: '67000.5',
        entry_fee: '0.268',
        opened_at: new Date(Date.UTC(2026, 0, 1) + 6 * HOUR).toISOString(),
        exit_price: null,
        exit_fee: null,
        funding: '0',
        pnl: null,
        closed_at: null,
        close_reason: null,
        dry_run: true,
      });
      expect(first.body.data[1]).toMatchObject({ exit_price: '67100', exit_fee: '0.2684', pnl: '0.4586', close_reason: REASONS[5 % REASONS.length] });
      const second = await owner.call<PositionPage>('GET', `/v1/strategies/${body.id}/positions?limit=4&cursor=${first.body.next_cursor}`);
      expect(second.body.data).toHaveLength(3);
      expect(second.body.next_cursor).toBeNull();
      const openedAt = [...first.body.data, ...second.body.data].map((row) => row.opened_at);
      expect(openedAt).toEqual([...openedAt].sort().reverse());
      expect((await owner.call<PositionPage>('GET', `/v1/strategies/${body.id}/positions?status=open`)).body.data).toHaveLength(1);
      const closed = await owner.call<PositionPage>('GET', `/v1/strategies/${body.id}/positions?status=closed`);
      expect(closed.body.data).toHaveLength(6);
      expect(new Set(closed.body.data.map((row) => row.close_reason))).toEqual(new Set(REASONS));
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['status=pending', 'status'],
      ['cursor=not-a-cursor', 'cursor'],
    ])('answers 400 INVALID_PARAMETER for %s', async (query, field) => {
      const owner = await account();
      const { body } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      const response = await owner.call<SignedErrorBody>('GET', `/v1/strategies/${body.id}/positions?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'INVALID_PARAMETER' });
      expect(response.body.error.message).toContain(field);
    });

    it("answers 404 NOT_FOUND for another key's strategy on both history paths, and charges weight 5 each", async () => {
      const owner = await account();
      const other = await account();
      const { body } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      for (const path of [`/v1/strategies/${body.id}/positions`, `/v1/strategies/${body.id}/events`]) {
        const response = await other.call<SignedErrorBody>('GET', path);
        expect(response.status).toBe(404);
        expect(response.body.error.code).toBe('NOT_FOUND');
        const before = Number((await owner.call('GET', `/v1/strategies/${body.id}`)).headers.get('x-service-used-weight-1m'));
        const mine = await owner.call('GET', path);
        expect(mine.status).toBe(200);
        expect(Number(mine.headers.get('x-service-used-weight-1m')) - before).toBe(5);
      }
    });
  });

  describe('GET /v1/strategies/{id}/events', () => {
    it('lists stored events oldest first, after an event id, with next_cursor the last id while more follow', async () => {
      const owner = await account();
      const { body } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      const ids = await seedEvents(body.id, userIdOf(owner), 5);
      const first = await owner.call<EventPage>('GET', `/v1/strategies/${body.id}/events?limit=3`);
      expect(first.status).toBe(200);
      expect(first.body.data.map((event) => event.id)).toEqual(ids.slice(0, 3));
      const oldest = first.body.data[0];
      expect(Date.parse(oldest?.timestamp ?? '')).not.toBeNaN();
      expect({ ...oldest, timestamp: 'at' }).toEqual({
        id: ids[0],
        type: 'strategy.position_opened',
        timestamp: 'at',
        data: { strategy_id: body.id, index: 0 },
      });
      expect(first.body.next_cursor).toBe(ids[2]);
      const rest = await owner.call<EventPage>('GET', `/v1/strategies/${body.id}/events?after=${first.body.next_cursor}`);
      expect(Object.keys(rest.body).sort()).toEqual(['data', 'next_cursor']);
      expect(rest.body.next_cursor).toBeNull();
      expect(rest.body.data.map((event) => event.id)).toEqual(ids.slice(3));
    });

    it.each([['limit=0'], ['limit=501'], ['after=evt_000000000000000000000000']])('answers 400 INVALID_PARAMETER for %s', async (query) => {
      const owner = await account();
      const { body } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      const response = await owner.call<SignedErrorBody>('GET', `/v1/strategies/${body.id}/events?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('INVALID_PARAMETER');
    });

    it("refuses another strategy's event as `after` with 400", async () => {
      const owner = await account();
      const { body: mine } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      const { body: theirs } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      const [foreign] = await seedEvents(theirs.id, userIdOf(owner), 1);
      const response = await owner.call<SignedErrorBody>('GET', `/v1/strategies/${mine.id}/events?after=${foreign}`);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('INVALID_PARAMETER');
    });
  });

  describe('GraphQL', () => {
    it('lists 50 strategies with their 10 latest positions and events and their latest backtest job in at most 6 SQL statements', async () => {
      const owner = await account();
      const em = service.service.orm.em.fork();
      const ids: string[] = [];
      for (let index = 0; index < 50; index += 1) {
        const id = `strat_${randomBytes(8).toString('hex')}`;
        ids.push(id);
        em.create(Strategy, {
          id,
          userId: userIdOf(owner),
          apiKeyId: null,
          name: `dashboard ${index}`,
          templateId: 'sma_cross',
          params: { fast: 2, slow: 3 },
          symbols: ['BTCUSDT'],
          timeframe: '1h',
          capital: '1000',
          leverage: 1,
          status: 'draft',
          deployedAt: null,
          runCapital: null,
          runLeverage: null,
          runDry: null,
          runStartedAt: null,
          lastBars: null,
          protectionState: null,
          consecutiveFailures: 0,
          workerId: null,
          createdAt: new Date(Date.UTC(2026, 0, 1) + index * 1000),
          updatedAt: new Date(),
        });
      }
      await em.flush();
      for (const id of ids) await seedPositions(id, 12);
      for (const id of ids.slice(0, 5)) await seedEvents(id, userIdOf(owner), 12);
      await seedJobs(userIdOf(owner), ids, 2);
      // the subscription bridge reads each recorded event back: let it finish before counting
      await new Promise((resolve) => setTimeout(resolve, 500));

      const statements: string[] = [];
      const knex = service.service.orm.em.getConnection().getKnex();
      const count = (query: { sql: string }) => statements.push(query.sql);
      knex.on('query', count);
      const result = await graphql(
        service.url,
        StrategiesWithHistoryDocument,
        { limit: 50, positionLimit: 10, eventLimit: 10, jobLimit: 1 },
        bearer(owner.token),
      );
      knex.off('query', count);

      expect(result.errors).toBeUndefined();
      const strategies = result.data!.signedStrategies.data;
      expect(strategies).toHaveLength(50);
      for (const strategy of strategies) {
        expect(strategy.positions.data).toHaveLength(10);
        expect(strategy.positions.nextCursor).not.toBeNull();
        expect(strategy.positions.data.every((position) => position.strategyId === strategy.id)).toBe(true);
        expect(strategy.backtestJobs.data.map((job) => job.id)).toEqual([`bt_${strategy.id.slice(-6)}1`]);
        expect(strategy.backtestJobs.nextCursor).not.toBeNull();
      }
      const withEvents = strategies.filter((strategy) => ids.slice(0, 5).includes(strategy.id));
      expect(withEvents.map((strategy) => strategy.events.data.length)).toEqual([10, 10, 10, 10, 10]);
      expect(strategies.filter((strategy) => strategy.events.data.length > 0)).toHaveLength(5);
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.length).toBeLessThanOrEqual(6);
    });

    it('links a job created with strategy_id to its strategy both ways; a job from a plain config has strategy null', async () => {
      const owner = await account();
      const { body: strategy } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody({ name: 'linked' }));
      const range = { start: '2024-01-01T00:00:00Z', end: '2024-01-05T00:00:00Z' };
      const fromStrategy = await owner.call<{ id: string }>('POST', '/v1/backtest/jobs', { strategy_id: strategy.id, ...range });
      const plain = await owner.call<{ id: string }>('POST', '/v1/backtest/jobs', { ...strategyBody(), name: undefined, ...range });
      expect([fromStrategy.status, plain.status]).toEqual([200, 200]);
      expect(Object.keys(fromStrategy.body)).not.toContain('strategy_id');

      const jobs = await graphql(service.url, BacktestJobsWithStrategyDocument, { limit: 10 }, bearer(owner.token));
      expect(jobs.data!.backtestJobs.data).toEqual([
        { id: plain.body.id, strategy: null },
        { id: fromStrategy.body.id, strategy: { id: strategy.id, name: 'linked' } },
      ]);
      const strategies = await graphql(service.url, StrategiesWithHistoryDocument, { limit: 1, jobLimit: 5 }, bearer(owner.token));
      expect(strategies.data!.signedStrategies.data[0]!.backtestJobs).toEqual({ data: [{ id: fromStrategy.body.id, status: 'queued' }], nextCursor: null });
    });

    it('batches BacktestJob.strategy: a list of 40 jobs costs the statements of a list of 2', async () => {
      const owner = await account();
      const { body: strategy } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      const { body: second } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      await seedJobs(userIdOf(owner), [strategy.id, second.id], 20);
      const knex = service.service.orm.em.getConnection().getKnex();
      const statementsOf = async (limit: number) => {
        const statements: string[] = [];
        const count = (query: { sql: string }) => statements.push(query.sql);
        knex.on('query', count);
        const result = await graphql(service.url, BacktestJobsWithStrategyDocument, { limit }, bearer(owner.token));
        knex.off('query', count);
        expect(result.data!.backtestJobs.data).toHaveLength(limit);
        expect(result.data!.backtestJobs.data.every((job) => [strategy.id, second.id].includes(job.strategy!.id))).toBe(true);
        return statements.length;
      };
      const few = await statementsOf(2);
      expect(await statementsOf(40)).toBe(few);
      expect(few).toBeLessThanOrEqual(6);
    });

    it("reads a subscription's nested fields afresh for each event: backtestJob's strategy follows the strategy's changes", async () => {
      const owner = await account();
      const { body: strategy } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      const job = await owner.call<{ id: string }>('POST', '/v1/backtest/jobs', {
        strategy_id: strategy.id,
        start: '2024-01-01T00:00:00Z',
        end: '2024-01-05T00:00:00Z',
      });
      const client = createClient({
        url: `${service.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${owner.token}` },
      });
      const events: unknown[] = [];
      try {
        const ended = new Promise<void>((resolve, reject) => {
          client.subscribe<{ backtestJob: unknown }>(
            { query: print(WatchBacktestJobStrategyDocument), variables: { id: job.body.id } },
            {
              next: (message) => (message.errors ? reject(new Error(JSON.stringify(message.errors))) : events.push(message.data?.backtestJob)),
              error: reject,
              complete: resolve,
            },
          );
        });
        for (const deadline = Date.now() + 10_000; events.length === 0 && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 20));
        expect((await owner.call('DELETE', `/v1/strategies/${strategy.id}`)).status).toBe(200);
        expect((await owner.call('POST', `/v1/backtest/jobs/${job.body.id}/cancel`, {})).status).toBe(200);
        await ended;
      } finally {
        await client.dispose();
      }
      expect(events).toEqual([
        { id: job.body.id, status: 'queued', strategy: { id: strategy.id, status: 'draft' } },
        { id: job.body.id, status: 'cancelled', strategy: { id: strategy.id, status: 'stopped' } },
      ]);
    });

    it('gives the same position pages as REST through SignedStrategy.positions', async () => {
      const owner = await account();
      const { body } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      await seedPositions(body.id, 5);
      const rest = await owner.call<PositionPage>('GET', `/v1/strategies/${body.id}/positions?status=closed&limit=2`);
      const result = await graphql(service.url, StrategyPositionsPageDocument, { id: body.id, status: 'closed', limit: 2 }, bearer(owner.token));
      expect(result.data!.signedStrategy.positions).toEqual({
        data: rest.body.data.map((row) => ({ id: row.id, closeReason: row.close_reason })),
        nextCursor: rest.body.next_cursor,
      });
      const invalid = await graphql(service.url, StrategyPositionsPageDocument, { id: body.id, limit: 500 }, bearer(owner.token));
      expect(invalid.errors![0]!.extensions!.code).toBe('INVALID_PARAMETER');
      // An explicit null is how GraphQL clients send an unset variable: no filter, not an error.
      const unset = await graphql(service.url, StrategyPositionsPageDocument, { id: body.id, status: null, limit: null, cursor: null }, bearer(owner.token));
      expect(unset.errors).toBeUndefined();
      expect(unset.data!.signedStrategy.positions.data).toHaveLength(5);
    });

    it('strategyEvents(after) yields the stored events after `after`, then live ones: none missed or repeated while 1,000 are being recorded', async () => {
      const owner = await account();
      const { body } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      const stored = await seedEvents(body.id, userIdOf(owner), 20);
      const after = stored[4]!;
      const received: string[] = [];
      const client = createClient({
        url: `${service.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${owner.token}` },
      });
      let produced: string[] = [];
      try {
        // recording starts before the subscription does, so events land on both sides of the seam
        const producing = seedEvents(body.id, userIdOf(owner), 1_000).then((ids) => (produced = ids));
        await new Promise((resolve) => setTimeout(resolve, 50));
        const done = new Promise<void>((resolve, reject) => {
          client.subscribe<{ strategyEvents: { id: string } }>(
            { query: print(StrategyEventsAfterDocument), variables: { strategyId: body.id, after } },
            {
              next: (message) => {
                if (message.errors) reject(new Error(JSON.stringify(message.errors)));
                const id = message.data?.strategyEvents.id;
                if (id) received.push(id);
                if (produced.length > 0 && id === produced.at(-1)) resolve();
              },
              error: reject,
              complete: () => undefined,
            },
          );
        });
        await producing;
        await Promise.race([done, new Promise((_, reject) => setTimeout(() => reject(new Error(`received ${received.length}`)), 30_000))]);
      } finally {
        await client.dispose();
      }
      expect(received).toEqual([...stored.slice(5), ...produced]);
    }, 60_000);

    it('stops listening for a subscriber that leaves a quiet strategy at once, not at its next event', async () => {
      const owner = await account();
      const { body } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      const feed = service.service.services.strategyTrading.feed;
      await waitFor('the feed has no subscribers', () => !feed.hasSubscribers());
      const client = createClient({
        url: `${service.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${owner.token}` },
      });
      client.subscribe(
        { query: print(StrategyEventsAfterDocument), variables: { strategyId: body.id } },
        { next: () => undefined, error: () => undefined, complete: () => undefined },
      );
      await waitFor('the feed has a subscriber', () => feed.hasSubscribers());
      expect(feed.hasSubscribers()).toBe(true);
      await client.dispose();
      await waitFor('the feed has no subscribers', () => !feed.hasSubscribers());
      expect(feed.hasSubscribers()).toBe(false);
    });

    it("reads recorded events back only while this process has a subscriber, and a commit's events in one statement", async () => {
      const owner = await account();
      const { body } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      const feed = service.service.services.strategyTrading.feed;
      await waitFor('the feed has no subscribers', () => !feed.hasSubscribers());
      const reads = jest.spyOn(service.service.services.strategies, 'eventPayloads');
      const client = createClient({
        url: `${service.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${owner.token}` },
      });
      try {
        const unheard = await seedEvents(body.id, userIdOf(owner), 3);
        const received: string[] = [];
        client.subscribe<{ strategyEvents: { id: string } }>(
          { query: print(StrategyEventsAfterDocument), variables: { strategyId: body.id } },
          { next: (message) => message.data && received.push(message.data.strategyEvents.id), error: () => undefined, complete: () => undefined },
        );
        await waitFor('the feed has a subscriber', () => feed.hasSubscribers());
        const together = await service.service.orm.em.fork().transactional(async (em: EntityManager) => {
          const ids: string[] = [];
          for (let index = 0; index < 20; index += 1) {
            ids.push((await recordEvent(em, { userId: userIdOf(owner), type: 'strategy.position_opened', data: { strategy_id: body.id, index } })).id);
          }
          return ids;
        });
        await waitFor('every event arrives', () => received.length >= together.length);
        expect(received).toEqual(together);
        const read = reads.mock.calls.flatMap(([ids]) => [...ids]);
        expect(read.filter((id) => unheard.includes(id))).toEqual([]);
        expect(read.filter((id) => together.includes(id))).toEqual(together);
        expect(reads.mock.calls.filter(([ids]) => ids.some((id) => together.includes(id))).length).toBeLessThanOrEqual(2);
      } finally {
        reads.mockRestore();
        await client.dispose();
      }
    });

    it('strategyEvents without strategyId yields the events of all the caller’s strategies and no one else’s', async () => {
      const owner = await account();
      const stranger = await account();
      const { body: first } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      const { body: second } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      const { body: foreign } = await stranger.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      const [start] = await seedEvents(first.id, userIdOf(owner), 1);
      const received: string[] = [];
      const client = createClient({
        url: `${service.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${owner.token}` },
      });
      try {
        client.subscribe<{ strategyEvents: { id: string } }>(
          { query: print(StrategyEventsAfterDocument), variables: { after: start } },
          { next: (message) => message.data && received.push(message.data.strategyEvents.id), error: () => undefined, complete: () => undefined },
        );
        // the server registers the subscription just after acknowledging the connection, and no event marks it
        await new Promise((resolve) => setTimeout(resolve, 300));
        const mine = [
          ...(await seedEvents(second.id, userIdOf(owner), 2)),
          ...(await seedEvents(foreign.id, userIdOf(stranger), 2)),
          ...(await seedEvents(first.id, userIdOf(owner), 1)),
        ];
        const expected = [...mine.slice(0, 2), mine[4]!];
        await waitFor('every expected event', () => received.length >= expected.length);
        // and nothing more: an absence has no event to await
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(received).toEqual(expected);
      } finally {
        await client.dispose();
      }
    });
  });
});
