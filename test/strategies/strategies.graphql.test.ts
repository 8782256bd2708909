import { print } from 'graphql';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import {
  CreateSignedStrategyDocument,
  DeleteSignedStrategyDocument,
  DeployStrategyDocument,
  PauseStrategyDocument,
  SignedStrategiesDocument,
  SignedStrategyDocument,
  UpdateSignedStrategyDocument,
  type TemplateId,
} from '../graphql/generated';
import { graphql, type GraphQLAnswer } from '../support/http';
import { bearer, newAccount, signature } from '../support/identity';
import { anyString, matching, objectContaining } from '../support/matchers';
import { subscribeStrategyEvents, type StrategySubscriber } from '../support/strategy-subscriber';
import { storeOpenPosition } from '../support/stored-positions';
import { startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, strategyBody, type TradingWorld } from '../support/trading-world';

describe('strategies over GraphQL and the strategy status WebSocket (contract §9)', () => {
  let world: TradingWorld;
  let service: TestService;
  let counter = 0;
  const subscribers: StrategySubscriber[] = [];
  const account = () => newAccount(service.url, world, `gql${(counter += 1)}@example.com`);
  const subscribe = async (params: Record<string, unknown>, strategyId: string) => {
    const subscriber = await subscribeStrategyEvents(service.url, params, strategyId);
    subscribers.push(subscriber);
    return subscriber;
  };
  const keyParams = (key: { api_key: string; api_secret: string }) => {
    const timestamp = String(Date.now());
    return { apiKey: key.api_key, timestamp, signature: signature(key.api_secret, timestamp, 'GET', '/graphql') };
  };

  beforeAll(async () => {
    world = await startTradingWorld();
    service = await startTestService(world.env);
  });
  afterAll(async () => {
    await Promise.all(subscribers.map((subscriber) => subscriber.close()));
    await service.stop();
    await world.stop();
  });

  it('creates, reads, lists, updates, deploys, pauses and deletes through the same rules as REST', async () => {
    const { token } = await account();
    const auth = bearer(token);
    const created = await graphql(
      service.url,
      CreateSignedStrategyDocument,
      {
        input: { name: 'gql', templateId: 'ema_cross', params: { fast: 3, slow: 7 }, symbols: ['ETHUSDT'], timeframe: 'H4', capital: '300' },
      },
      auth,
    );
    expect(created.errors).toBeUndefined();
    const strategy = created.data!.createSignedStrategy;
    expect(strategy).toMatchObject({
      status: 'draft',
      leverage: 1,
      capital: '300',
      deployedAt: null,
      stats: { openPositions: 0, totalPnl: '0', totalTrades: 0, winRate: '0' },
    });
    expect((await graphql(service.url, SignedStrategiesDocument, { status: 'draft' }, auth)).data!.signedStrategies.data.map((row) => row.id)).toEqual([
      strategy.id,
    ]);
    const updated = await graphql(service.url, UpdateSignedStrategyDocument, { id: strategy.id, input: { name: 'renamed' } }, auth);
    expect(updated.data!.updateSignedStrategy.name).toBe('renamed');
    const deployed = await graphql(service.url, DeployStrategyDocument, { id: strategy.id, input: { dryRun: true, capital: '200' } }, auth);
    expect(deployed.data!.deployStrategy).toMatchObject({ status: 'deployed', capital: '300', deployedAt: anyString() });
    const again = await graphql(service.url, DeployStrategyDocument, { id: strategy.id, input: { dryRun: true } }, auth);
    expect(again.errors?.[0]?.extensions?.code).toBe('INVALID_STATE');
    const paused = await graphql(service.url, PauseStrategyDocument, { id: strategy.id }, auth);
    expect(paused.data!.pauseStrategy.status).toBe('paused');
    const deleted = await graphql(service.url, DeleteSignedStrategyDocument, { id: strategy.id }, auth);
    expect(deleted.data!.deleteSignedStrategy.status).toBe('stopped');
  });

  it('charges a signing key the REST weights: list 5, get 2, create 5, update 5, deploy 10, pause 5, delete 5', async () => {
    const { call } = await account();
    const used = async (document: Parameters<typeof print>[0], variables: Record<string, unknown>) => {
      const response = await call<GraphQLAnswer>('POST', '/graphql', { query: print(document), variables });
      expect(response.body.errors).toBeUndefined();
      return [Number(response.headers.get('x-service-used-weight-1m')), response.body.data] as const;
    };
    const input = { name: 'w', templateId: 'sma_cross', params: { fast: 2, slow: 3 }, symbols: ['BTCUSDT'], timeframe: 'H1', capital: '100' };
    const [afterCreate, created] = await used(CreateSignedStrategyDocument, { input });
    const id = (created as { createSignedStrategy: { id: string } }).createSignedStrategy.id;
    const steps = [
      afterCreate,
      (await used(SignedStrategiesDocument, {}))[0],
      (await used(SignedStrategyDocument, { id }))[0],
      (await used(UpdateSignedStrategyDocument, { id, input: { name: 'x' } }))[0],
      (await used(DeployStrategyDocument, { id, input: { dryRun: true } }))[0],
      (await used(PauseStrategyDocument, { id }))[0],
      (await used(DeleteSignedStrategyDocument, { id }))[0],
    ];
    expect(steps).toEqual([5, 10, 12, 17, 27, 32, 37]);
  });

  it.each([
    // Template ids are an enum: an unknown one is an ill-typed variable, refused before anything runs.
    ['an unknown template', 'BAD_USER_INPUT', { templateId: 'nope' as TemplateId }],
    ['leverage 21', 'INVALID_PARAMETER', { leverage: 21 }],
  ])('refuses %s with extensions.code %s', async (_case, code, overrides) => {
    const { token } = await account();
    const input = {
      name: 'x',
      templateId: 'sma_cross' as TemplateId,
      params: { fast: 2, slow: 3 },
      symbols: ['BTCUSDT'],
      timeframe: 'H1' as const,
      capital: '100',
      ...overrides,
    };
    const result = await graphql(service.url, CreateSignedStrategyDocument, { input }, bearer(token));
    expect(result.errors?.[0]?.extensions?.code).toBe(code);
  });

  it("answers NOT_FOUND for another account's strategy and UNAUTHENTICATED without credentials", async () => {
    const owner = await account();
    const { body } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
    const other = await account();
    const result = await graphql(service.url, SignedStrategyDocument, { id: body.id }, bearer(other.token));
    expect(result.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const anonymous = await graphql(service.url, SignedStrategyDocument, { id: body.id });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("streams strategy.deployed and strategy.paused to the owner's subscriber in the contract envelope; another account or key gets NOT_FOUND and nothing", async () => {
    const owner = await account();
    const other = await account();
    const { body } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody());
    const mine = await subscribe({ authorization: `Bearer ${owner.token}` }, body.id);
    const byKey = await subscribe(keyParams(owner.key), body.id);
    const theirs = await subscribe({ authorization: `Bearer ${other.token}` }, body.id);
    const otherKey = await subscribe(keyParams((await account()).key), body.id);
    await owner.call('POST', `/v1/strategies/${body.id}/deploy`, { dry_run: true });
    await owner.call('POST', `/v1/strategies/${body.id}/pause`, {});
    const paused = await mine.waitFor((event) => event.type === 'strategy.paused');
    expect(mine.events.map((event) => event.type)).toEqual(['strategy.deployed', 'strategy.paused']);
    expect(mine.events[0]).toEqual({
      id: matching(/^evt_[0-9a-f]+$/),
      type: 'strategy.deployed',
      timestamp: matching(/^\d{4}-\d{2}-\d{2}T/),
      data: objectContaining({ strategy_id: body.id, dry_run: true }),
    });
    expect(paused.data).toMatchObject({ strategy_id: body.id, close_positions: false });
    await byKey.waitFor((event) => event.type === 'strategy.paused');
    expect(theirs.events).toEqual([]);
    expect(otherKey.events).toEqual([]);
    for (const stranger of [theirs, otherKey]) expect(stranger.errors).toEqual([objectContaining({ extensions: objectContaining({ code: 'NOT_FOUND' }) })]);
  });

  it('streams the position-close events of pause with close_positions before the pause response returns', async () => {
    world.market.scriptCloses('XRPUSDT', () => 2);
    const owner = await account();
    const { body } = await owner.call<StrategyRecord>('POST', '/v1/strategies', strategyBody({ symbols: ['XRPUSDT'] }));
    await owner.call('POST', `/v1/strategies/${body.id}/deploy`, { dry_run: true });
    for (const [index, side] of (['long', 'short'] as const).entries()) {
      await storeOpenPosition(service, {
        id: `pos_ws_${index}`,
        strategyId: body.id,
        symbol: 'XRPUSDT',
        side,
        quantity: '100',
        entryPrice: '1.5',
        entryFee: '0.075',
      });
      // one open position per symbol is the rule; close the first before opening the second
      if (index === 0)
        await service.service.orm.em
          .fork()
          .getConnection()
          .execute(`UPDATE strategy_positions SET closed_at = now(), exit_price = 1.5, exit_fee = 0, pnl = 0 WHERE id = 'pos_ws_0'`);
    }
    const subscriber = await subscribe({ authorization: `Bearer ${owner.token}` }, body.id);
    const order: string[] = [];
    subscriber.onEvent = (event) => order.push(event.type);
    const response = await owner.call<StrategyRecord>('POST', `/v1/strategies/${body.id}/pause`, { close_positions: true });
    order.push('response');
    expect(response.body.stats.open_positions).toBe(0);
    expect(order[0]).toBe('strategy.position_closed');
    expect(order.indexOf('strategy.position_closed')).toBeLessThan(order.indexOf('response'));
    const closed = subscriber.events.find((event) => event.type === 'strategy.position_closed')!;
    expect(closed.data).toMatchObject({ position_id: 'pos_ws_1', side: 'short', exit_price: '2', reason: 'pause', dry_run: true });
  });
});
