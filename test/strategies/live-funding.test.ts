import Decimal from 'decimal.js';
import { Strategy } from '../../src/entities/strategy.entity';
import { AccountStreamStore } from '../../src/services/strategies/account-stream/account-stream.store';
import { STAND_IN_COMMISSION_RATE } from '../stand-ins/exchange-account';
import { defined } from '../support/defined';
import { fastClock } from '../support/fast-clock';
import { request } from '../support/http';
import { closedPosition, closeEvents, connectionsOf, positionOf, protectedLong, STREAM_RUNTIME_ENV } from '../support/live-stream';
import { waitFor } from '../support/wait';
import { startLiveTrading, type LiveTrading } from '../support/live-trading';
import type { TestService } from '../support/test-service';
import type { TradingWorld } from '../support/trading-world';

/** 8 hours of the exchange’s clock pass in 1 second: a funding time every second. */
const clock = fastClock(28_800);
const QUIET_MS = 800;

describe('funding on live positions, from the exchange (contract §20)', () => {
  let world: TradingWorld;
  let service: TestService;
  let stop: LiveTrading['stop'];

  beforeAll(async () => {
    ({ world, service, stop } = await startLiveTrading('live-funding', clock.now, STREAM_RUNTIME_ENV));
    world.exchange.now = clock.now;
  });
  afterAll(async () => {
    world.exchange.stopFunding();
    world.exchange.userStreams.duplicateEvents = false;
    world.exchange.userStreams.refuseConnections = false;
    await stop();
  });

  it('records each funding time’s fee once on the position and in its pnl, across duplicates, a reconnect and a gap the income history fills', async () => {
    const run = await protectedLong(service, world, 'LTCUSDT', {}, 0);
    const charged = () => world.exchange.incomeOf(run.apiKey).filter((row) => row.symbol === 'LTCUSDT');
    /** What the position paid: the exchange's income is what the account received. */
    const paid = () => charged().reduce((sum, row) => sum.minus(row.income), new Decimal(0));
    const recorded = async () => new Decimal((await positionOf(run)).funding);

    // every event twice: the fee is still added once
    world.exchange.userStreams.duplicateEvents = true;
    world.exchange.chargeFunding();
    await waitFor('two funding charges', () => charged().length >= 2);
    world.exchange.stopFunding();
    world.exchange.userStreams.duplicateEvents = false;
    // the stand-in charged the position's amount × the mark price × the rate its funding history lists
    for (const row of charged()) {
      const { body } = await request<{ fundingRate: string; markPrice: string }[]>(
        world.market.url,
        'GET',
        `/fapi/v1/fundingRate?symbol=LTCUSDT&startTime=${row.time}&endTime=${row.time}`,
      );
      const { fundingRate, markPrice } = defined(body[0], `the funding of ${row.time}`);
      expect(row.income).toBe(new Decimal(2).mul(markPrice).mul(fundingRate).neg().toFixed(8));
    }
    expect(paid().isZero()).toBe(false);
    await waitFor('the funding recorded as charged', async () => (await recorded()).eq(paid()));

    // a reconnect reads the income history again: nothing is added twice
    world.exchange.userStreams.drop(run.apiKey);
    await waitFor('the stream reconnected', () => connectionsOf(world, run.apiKey) === 2 && world.exchange.userStreams.open(run.apiKey) === 1);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect((await recorded()).eq(paid())).toBe(true);

    // a funding time while no socket listens: the reconciliation after the reconnect picks it up from the income history
    world.exchange.userStreams.refuseConnections = true;
    world.exchange.userStreams.drop(run.apiKey);
    const before = charged().length;
    world.exchange.chargeFunding();
    await waitFor('another funding charge', () => charged().length > before);
    world.exchange.stopFunding();
    world.exchange.userStreams.refuseConnections = false;
    await waitFor('the funding recorded as charged', async () => (await recorded()).eq(paid()));

    // the close takes the funding off the pnl
    world.exchange.closeByHand(run.apiKey, 'LTCUSDT');
    const { position } = await closedPosition(run);
    const exitFee = new Decimal(2).mul(position.exit_price!).mul(STAND_IN_COMMISSION_RATE);
    const gross = new Decimal(position.exit_price!).minus(100).mul(2);
    expect(position.funding).toBe(paid().toFixed());
    expect(new Decimal(position.pnl!).eq(gross.minus('0.08').minus(exitFee).minus(paid()))).toBe(true);
    expect(await closeEvents(run)).toHaveLength(1);
  }, 40_000);

  it('two stream owners recording the same fee at once (a takeover meeting the old owner) add it once', async () => {
    const run = await protectedLong(service, world, 'ADAUSDT', {}, 0);
    const { userId } = defined((await service.service.orm.em.fork().findOne(Strategy, { id: run.id })) ?? undefined, 'the strategy');
    const fee = { symbol: 'ADAUSDT', time: new Date(), income: '-0.25', tranId: 42 };
    const owners = [new AccountStreamStore(service.service.orm), new AccountStreamStore(service.service.orm)];
    const recorded = await Promise.all(owners.map((owner) => owner.recordFunding(userId, fee)));
    expect(recorded.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect((await positionOf(run)).funding).toBe('0.25');
  });
});
