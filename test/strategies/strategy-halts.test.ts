import type { StoredGuard } from '../../src/entities/strategy.entity';
import { Strategy } from '../../src/entities/strategy.entity';
import { recordEvent } from '../../src/events/outbox.store';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import { SignedStrategyHaltsDocument } from '../graphql/generated';
import { graphql } from '../support/http';
import { bearer, newAccount } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, strategyBody, type TradingWorld } from '../support/trading-world';

const DAY_MS = 86_400_000;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** Jest's asymmetric matcher is typed `any`; this gives it a type. */
const isoTime = (): unknown => expect.stringMatching(ISO);

/** A guard memory as the runtime stores it; `changes` set the halt under test. */
function guard(changes: Partial<StoredGuard>): StoredGuard {
  return {
    peak: 1059,
    day: 0,
    dayEquity: 1000,
    lastEquity: 900,
    stopped: false,
    haltedUntil: null,
    cooldownUntil: null,
    entryWaiting: false,
    closing: null,
    ...changes,
  };
}

/**
 * `halts` on a strategy's record (contract §19): what the stored protection
 * memory holds back now, with the `strategy.protection_triggered` that
 * tripped it. The memory and the event are written as the runtime writes them
 * (protections-dry-run.test.ts trips them for real), so each case is exact.
 */
describe('a strategy’s halts (contract §19)', () => {
  let world: TradingWorld;
  let service: TestService;

  beforeAll(async () => {
    world = await startTradingWorld();
    service = await startTestService(world.env);
  });
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  /** A strategy on BTCUSDT and ETHUSDT whose stored memory is `state`, with a trip event per entry of `trips`. */
  async function halted(email: string, state: Record<string, StoredGuard>, trips: Record<string, unknown>[]) {
    const owner = await newAccount(service.url, world, email);
    const { body } = await owner.call<StrategyRecord>(
      'POST',
      '/v1/strategies',
      strategyBody({ symbols: ['BTCUSDT', 'ETHUSDT'], params: { fast: 2, slow: 3, max_drawdown_pct: 10, daily_loss_pct: 5 } }),
    );
    const em = service.service.orm.em.fork();
    const strategy = await em.findOneOrFail(Strategy, { id: body.id });
    strategy.protectionState = state;
    strategy.status = 'paused';
    for (const data of trips)
      await recordEvent(em, { userId: strategy.userId, type: 'strategy.protection_triggered', data: { strategy_id: body.id, ...data } });
    await em.flush();
    return { owner, id: body.id };
  }

  it('a max drawdown is a halt until a new deploy, with the latest trip’s equity, threshold and time, on REST and GraphQL', async () => {
    const { owner, id } = await halted('halt-mdd@example.com', { BTCUSDT: guard({ stopped: true }), ETHUSDT: guard({}) }, [
      { reason: 'max_drawdown', equity: '850', threshold: '900', symbol: 'BTCUSDT' },
      { reason: 'max_drawdown', equity: '799', threshold: '953.1', symbol: 'BTCUSDT' },
    ]);
    const rest = await owner.call<StrategyRecord>('GET', `/v1/strategies/${id}`);
    expect(rest.status).toBe(200);
    expect(rest.body.halts).toEqual([{ symbol: 'BTCUSDT', reason: 'max_drawdown', until: null, triggered_at: isoTime(), equity: '799', threshold: '953.1' }]);
    const events = await owner.call<{ data: { type: string; timestamp: string }[] }>('GET', `/v1/strategies/${id}/events`);
    expect(rest.body.halts[0]?.triggered_at).toBe(events.body.data.at(-1)?.timestamp);

    const answer = await graphql(service.url, SignedStrategyHaltsDocument, { id }, bearer(owner.token));
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.signedStrategy.halts).toEqual([
      { symbol: 'BTCUSDT', reason: 'max_drawdown', until: null, triggeredAt: rest.body.halts[0]?.triggered_at, equity: '799', threshold: '953.1' },
    ]);
    const list = await owner.call<{ data: StrategyRecord[] }>('GET', '/v1/strategies');
    expect(list.body.data.map((record) => record.halts)).toEqual([rest.body.halts]);
  });

  it('a daily loss is a halt until the stored next 00:00 UTC while that is ahead; one whose day has ended is no halt', async () => {
    const tomorrow = (Math.floor(Date.now() / DAY_MS) + 1) * DAY_MS;
    const { owner, id } = await halted(
      'halt-daily@example.com',
      { BTCUSDT: guard({ haltedUntil: Date.now() - 1000 }), ETHUSDT: guard({ haltedUntil: tomorrow }) },
      [{ reason: 'daily_loss', equity: '470', threshold: '475', symbol: 'ETHUSDT' }],
    );
    const { body } = await owner.call<StrategyRecord>('GET', `/v1/strategies/${id}`);
    expect(body.halts).toEqual([
      {
        symbol: 'ETHUSDT',
        reason: 'daily_loss',
        until: new Date(tomorrow).toISOString(),
        triggered_at: isoTime(),
        equity: '470',
        threshold: '475',
      },
    ]);
  });

  it('a strategy whose memory holds no halt, or that has none yet, has no halts', async () => {
    const { owner, id } = await halted('halt-none@example.com', { BTCUSDT: guard({ cooldownUntil: Date.now() + DAY_MS }) }, []);
    expect((await owner.call<StrategyRecord>('GET', `/v1/strategies/${id}`)).body.halts).toEqual([]);
    const fresh = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
    expect(fresh.body.halts).toEqual([]);
  });
});
