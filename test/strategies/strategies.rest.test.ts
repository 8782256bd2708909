import { Strategy, type StrategyStatus } from '../../src/entities/strategy.entity';
import { StrategyPosition } from '../../src/entities/strategy-position.entity';
import { OutboxEvent } from '../../src/entities/outbox-event.entity';
import type { SignedErrorBody } from '../../src/rest/error-responses';
import type { StrategyRecord } from '../../src/services/strategies/strategy-records';
import type { Page } from '../../src/services/webhooks/webhook-records';
import { newAccount, type SignedClient } from '../support/identity';
import { storeOpenPosition } from '../support/stored-positions';
import { startTestService, type TestService } from '../support/test-service';
import { startTradingWorld, strategyBody, type TradingWorld } from '../support/trading-world';
import { defined } from '../support/defined';
import { anyString, containing, matching, objectContaining } from '../support/matchers';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('signed-API strategies (contract §8, spec "Strategy deployment" and its state table)', () => {
  let world: TradingWorld;
  let service: TestService;
  let call: SignedClient;
  let counter = 0;
  const account = () => newAccount(service.url, world, `strat${(counter += 1)}@example.com`);
  const em = () => service.service.orm.em.fork();
  const setStatus = (id: string, status: StrategyStatus) => em().nativeUpdate(Strategy, { id }, { status });
  const create = async (overrides: Record<string, unknown> = {}, client = call) => {
    const response = await client<StrategyRecord>('POST', '/v1/strategies', strategyBody(overrides));
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    world = await startTradingWorld();
    service = await startTestService(world.env);
    call = (await account()).call;
  });
  afterAll(async () => {
    await service.stop();
    await world.stop();
  });

  describe('create, get, list, update, delete', () => {
    it('creates a strategy in draft with its settings, empty stats and no deployed_at', async () => {
      const response = await call<StrategyRecord>('POST', '/v1/strategies', strategyBody({ symbols: ['btcusdt', 'ETHUSDT'], leverage: undefined }));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: matching(/^strat_[0-9a-f]{16}$/),
        name: 'BTC trend',
        template_id: 'sma_cross',
        params: { fast: 2, slow: 3, side: 'long', position_size: 1 },
        symbols: ['BTCUSDT', 'ETHUSDT'],
        timeframe: '1h',
        capital: '1000',
        leverage: 1,
        slippage_bps: '0',
        status: 'draft',
        created_at: matching(ISO),
        updated_at: matching(ISO),
        stats: { open_positions: 0, total_pnl: '0', total_trades: 0, win_rate: '0' },
        halts: [],
      });
      expect((await call('GET', `/v1/strategies/${response.body.id}`)).body).toEqual(response.body);
    });

    it.each([
      ['an unknown template', { template_id: 'moon_shot' }, 'template_id'],
      ['params the template refuses', { params: { fast: 5, slow: 3 } }, 'params.slow'],
      ['an unknown param', { params: { fast: 2, slow: 3, speed: 1 } }, 'params.speed'],
      ['an unknown timeframe', { timeframe: '2m' }, 'timeframe'],
      ['a non-numeric capital', { capital: 'lots' }, 'capital'],
      ['a zero capital', { capital: '0' }, 'capital'],
      ['leverage 0', { leverage: 0 }, 'leverage'],
      ['leverage 21', { leverage: 21 }, 'leverage'],
      ['no symbols', { symbols: [] }, 'symbols'],
      ['a malformed symbol', { symbols: ['BTC/USDT'] }, 'symbols.0'],
      ['no name', { name: undefined }, 'name'],
    ])('refuses %s with 400 INVALID_PARAMETER naming the field', async (_case, overrides, field) => {
      const response = await call('POST', '/v1/strategies', strategyBody(overrides));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { code: 'INVALID_PARAMETER', message: containing(field), field } });
    });

    it("lists the key's strategies newest first with a cursor and a status filter", async () => {
      const own = (await account()).call;
      const ids = [];
      for (let index = 0; index < 3; index += 1) ids.push((await create({ name: `s${index}` }, own)).id);
      await setStatus(defined(ids[1], 'the second strategy'), 'paused');
      const first = await own<Page<StrategyRecord>>('GET', '/v1/strategies?limit=2');
      expect(first.status).toBe(200);
      expect(first.body.data.map((row) => row.id)).toEqual([ids[2], ids[1]]);
      const second = await own('GET', `/v1/strategies?limit=2&cursor=${first.body.next_cursor}`);
      expect(second.body).toEqual({ data: [objectContaining({ id: ids[0] })], next_cursor: null });
      const paused = await own<Page<StrategyRecord>>('GET', '/v1/strategies?status=paused');
      expect(paused.body.data.map((row) => row.id)).toEqual([ids[1]]);
      const mixed = await own<SignedErrorBody>('GET', `/v1/strategies?status=draft&cursor=${first.body.next_cursor}`);
      expect(mixed.status).toBe(400);
      expect(mixed.body.error).toMatchObject({ code: 'INVALID_PARAMETER', field: 'cursor' });
      const badStatus = await own<SignedErrorBody>('GET', '/v1/strategies?status=running');
      expect(badStatus.body.error).toMatchObject({ code: 'INVALID_PARAMETER', field: 'status' });
    });

    it("answers 404 NOT_FOUND for another key's strategy and for a missing one, on every route", async () => {
      const { id } = await create();
      const other = (await account()).call;
      const routes: [string, string][] = [
        ['GET', `/v1/strategies/${id}`],
        ['PATCH', `/v1/strategies/${id}`],
        ['DELETE', `/v1/strategies/${id}`],
        ['POST', `/v1/strategies/${id}/deploy`],
        ['POST', `/v1/strategies/${id}/pause`],
        ['GET', '/v1/strategies/strat_0000000000000000'],
      ];
      for (const [method, path] of routes) {
        const response = await other<Partial<SignedErrorBody>>(method, path, method === 'GET' || method === 'DELETE' ? undefined : { dry_run: true });
        expect([method, path, response.status, response.body.error?.code]).toEqual([method, path, 404, 'NOT_FOUND']);
      }
      expect((await other<Page<StrategyRecord>>('GET', '/v1/strategies')).body.data).toEqual([]);
    });

    it('updates the settings, validating them as on create', async () => {
      const { id } = await create();
      const response = await call('PATCH', `/v1/strategies/${id}`, {
        name: 'renamed',
        params: { fast: 3, slow: 8 },
        capital: '2500.50',
        leverage: 5,
        timeframe: '4h',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ name: 'renamed', params: { fast: 3, slow: 8 }, capital: '2500.5', leverage: 5, timeframe: '4h', status: 'draft' });
      const bad = await call<SignedErrorBody>('PATCH', `/v1/strategies/${id}`, { params: { fast: 9, slow: 8 } });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: 'INVALID_PARAMETER', field: 'params.slow' });
    });

    it('refuses to update a deployed or deleted strategy with 409 INVALID_STATE', async () => {
      const { id } = await create();
      for (const status of ['deployed', 'stopped'] as const) {
        await setStatus(id, status);
        const response = await call<SignedErrorBody>('PATCH', `/v1/strategies/${id}`, { name: 'x' });
        expect(response.status).toBe(409);
        expect(response.body.error.code).toBe('INVALID_STATE');
      }
    });

    it('deletes by stopping: the strategy stays readable, cannot be deployed, and backtests naming it are refused', async () => {
      const { id } = await create();
      const response = await call('DELETE', `/v1/strategies/${id}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id, status: 'stopped' });
      expect((await call<StrategyRecord>('GET', `/v1/strategies/${id}`)).body.status).toBe('stopped');
      const deploy = await call<SignedErrorBody>('POST', `/v1/strategies/${id}/deploy`, { dry_run: true });
      expect([deploy.status, deploy.body.error.code]).toEqual([409, 'INVALID_STATE']);
      const { strategies } = service.service.services;
      const caller = { userId: (await em().findOneOrFail(Strategy, { id })).userId, apiKeyId: null, scopes: [] };
      await expect(strategies.configForBacktest(caller, id)).rejects.toMatchObject({ code: 'INVALID_STATE' });
      await expect(strategies.configForBacktest(caller, 'strat_missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('gives backtests the stored settings of a usable strategy', async () => {
      const { id } = await create({ capital: '1500', leverage: 3 });
      const owner = await em().findOneOrFail(Strategy, { id });
      const config = await service.service.services.strategies.configForBacktest({ userId: owner.userId, apiKeyId: owner.apiKeyId, scopes: [] }, id);
      expect(config).toEqual({
        template_id: 'sma_cross',
        params: { fast: 2, slow: 3, side: 'long', position_size: 1 },
        symbols: ['BTCUSDT'],
        timeframe: '1h',
        capital: '1500',
        leverage: 3,
      });
      await expect(service.service.services.strategies.configForBacktest({ userId: owner.userId, apiKeyId: -1, scopes: [] }, id)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    });

    it('refuses to delete a deployed strategy with 409 INVALID_STATE', async () => {
      const { id } = await create();
      await setStatus(id, 'deployed');
      const response = await call<SignedErrorBody>('DELETE', `/v1/strategies/${id}`);
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('INVALID_STATE');
      expect((await call<StrategyRecord>('GET', `/v1/strategies/${id}`)).body.status).toBe('deployed');
    });

    it('charges the listed weights: create 5, list 5, get 2, update 5, deploy 10, pause 5, delete 5', async () => {
      const own = (await account()).call;
      const used = (response: { headers: Headers }) => Number(response.headers.get('x-service-used-weight-1m'));
      const created = await own<StrategyRecord>('POST', '/v1/strategies', strategyBody());
      const id = created.body.id;
      const steps = [
        await own('GET', '/v1/strategies'),
        await own('GET', `/v1/strategies/${id}`),
        await own('PATCH', `/v1/strategies/${id}`, { name: 'w' }),
        await own('POST', `/v1/strategies/${id}/deploy`, { dry_run: true }),
        await own('POST', `/v1/strategies/${id}/pause`, {}),
        await own('DELETE', `/v1/strategies/${id}`),
      ];
      expect([created, ...steps].map(used)).toEqual([5, 10, 12, 17, 27, 32, 37]);
    });
  });

  describe('deploy and pause: the state table', () => {
    it.each([
      ['draft', 'deploy', 200, 'deployed'],
      ['paused', 'deploy', 200, 'deployed'],
      ['deployed', 'deploy', 409, 'deployed'],
      ['stopped', 'deploy', 409, 'stopped'],
      ['error', 'deploy', 409, 'error'],
      ['deployed', 'pause', 200, 'paused'],
      ['draft', 'pause', 409, 'draft'],
      ['paused', 'pause', 409, 'paused'],
      ['stopped', 'pause', 409, 'stopped'],
      ['error', 'pause', 409, 'error'],
    ] as const)('%s + %s → %i, status %s', async (from, action, status, next) => {
      const { id } = await create();
      await setStatus(id, from);
      const response = await call('POST', `/v1/strategies/${id}/${action}`, action === 'deploy' ? { dry_run: true } : {});
      expect(response.status).toBe(status);
      if (status === 409) expect(response.body).toEqual({ error: { code: 'INVALID_STATE', message: containing(from) } });
      else expect(response.body).toMatchObject({ status: next });
      expect((await call<StrategyRecord>('GET', `/v1/strategies/${id}`)).body.status).toBe(next);
    });

    it('sets deployed_at on deploy and updated_at on pause', async () => {
      const { id, updated_at: createdUpdatedAt } = await create();
      const before = Date.now();
      const deployed = await call<StrategyRecord>('POST', `/v1/strategies/${id}/deploy`, { dry_run: true });
      expect(deployed.body.deployed_at).toMatch(ISO);
      expect(Date.parse(deployed.body.deployed_at!)).toBeGreaterThanOrEqual(before - 5);
      const paused = await call<StrategyRecord>('POST', `/v1/strategies/${id}/pause`);
      expect(paused.status).toBe(200);
      expect(Date.parse(paused.body.updated_at)).toBeGreaterThan(Date.parse(createdUpdatedAt));
      expect(paused.body.deployed_at).toBe(deployed.body.deployed_at);
    });

    it('applies capital and leverage overrides to the run only, never to the stored strategy', async () => {
      const { id } = await create({ capital: '1000', leverage: 2 });
      const response = await call('POST', `/v1/strategies/${id}/deploy`, { capital: '750', leverage: 10, dry_run: true });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ capital: '1000', leverage: 2, status: 'deployed' });
      const run = await em().findOneOrFail(Strategy, { id });
      expect([Number(run.runCapital), run.runLeverage, run.runDry]).toEqual([750, 10, true]);
      expect((await call('GET', `/v1/strategies/${id}`)).body).toMatchObject({ capital: '1000', leverage: 2 });
    });

    it('resumes a paused strategy with the params changed while it was paused', async () => {
      const { id } = await create();
      await call('POST', `/v1/strategies/${id}/deploy`, { dry_run: true });
      await call('POST', `/v1/strategies/${id}/pause`);
      expect((await call('PATCH', `/v1/strategies/${id}`, { params: { fast: 4, slow: 9 } })).status).toBe(200);
      const resumed = await call('POST', `/v1/strategies/${id}/deploy`, { dry_run: true });
      expect(resumed.body).toMatchObject({ status: 'deployed', params: { fast: 4, slow: 9 } });
    });

    it.each([
      ['capital below the template minimum', { capital: '9.99', dry_run: true }, 'capital'],
      ['a non-numeric capital', { capital: 'all', dry_run: true }, 'capital'],
      ['leverage 0', { leverage: 0, dry_run: true }, 'leverage'],
      ['leverage 21', { leverage: 21, dry_run: true }, 'leverage'],
      ['a non-boolean dry_run', { dry_run: 'yes' }, 'dry_run'],
    ])('refuses a deploy with %s: 400 INVALID_PARAMETER naming the field, status unchanged', async (_case, body, field) => {
      const { id } = await create();
      const response = await call('POST', `/v1/strategies/${id}/deploy`, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { code: 'INVALID_PARAMETER', message: anyString(), field } });
      expect((await call<StrategyRecord>('GET', `/v1/strategies/${id}`)).body.status).toBe('draft');
    });

    it('refuses a dry run above the paper balance (10000 USDT by default) with 402 INSUFFICIENT_FUNDS', async () => {
      const { id } = await create({ capital: '10000.01' });
      const response = await call('POST', `/v1/strategies/${id}/deploy`, { dry_run: true });
      expect(response.status).toBe(402);
      expect(response.body).toEqual({ error: { code: 'INSUFFICIENT_FUNDS', message: containing('10000') } });
      const fits = await call('POST', `/v1/strategies/${id}/deploy`, { dry_run: true, capital: '10000' });
      expect(fits.status).toBe(200);
    });

    it('refuses a live deployment without a registered exchange key with 409 INVALID_STATE', async () => {
      const { id } = await create();
      const response = await call<SignedErrorBody>('POST', `/v1/strategies/${id}/deploy`, {});
      expect(response.status).toBe(409);
      expect(response.body.error).toMatchObject({ code: 'INVALID_STATE', message: containing('exchange key') });
    });

    it("checks a live deployment against the exchange account's quote balance with a signed request (502 when it cannot be read)", async () => {
      const user = await account();
      world.exchange.addAccount('LIVE-KEY-1', 'live-secret-1');
      const registered = await service.service.services.exchangeKeys.register(
        (await em().findOneOrFail(Strategy, { id: (await create({}, user.call)).id })).userId,
        { api_key: 'LIVE-KEY-1', api_secret: 'live-secret-1' },
      );
      expect(registered.success).toBe(true);
      world.exchange.balances = { USDT: '1000' };
      const tooMuch = await create({ capital: '1000.5' }, user.call);
      const refused = await user.call<SignedErrorBody>('POST', `/v1/strategies/${tooMuch.id}/deploy`, {});
      expect(refused.status).toBe(402);
      expect(refused.body.error).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: containing('exchange USDT balance 1000') });
      const balanceCall = world.exchange.accepted.filter((entry) => entry.path === '/fapi/v2/balance').at(-1);
      expect(balanceCall).toMatchObject({ apiKey: 'LIVE-KEY-1', method: 'GET' });
      world.exchange.failing = true;
      const unreadable = await user.call('POST', `/v1/strategies/${tooMuch.id}/deploy`, { capital: '999' }).finally(() => {
        world.exchange.failing = false;
      });
      expect(unreadable.status).toBe(502);
      expect(unreadable.body).toEqual({ error: { code: 'UPSTREAM_FAILED', message: containing('balance') } });
      const enough = await user.call<StrategyRecord>('POST', `/v1/strategies/${tooMuch.id}/deploy`, { capital: '999' });
      expect(enough.status).toBe(200);
      expect(enough.body.capital).toBe('1000.5');
    });

    it('pause with close_positions closes open positions at the market price first and sets open_positions to 0', async () => {
      world.market.scriptCloses('SOLUSDT', () => 150);
      const { id } = await create({ symbols: ['SOLUSDT'], capital: '1000' });
      await call('POST', `/v1/strategies/${id}/deploy`, { dry_run: true });
      await storeOpenPosition(service, {
        id: 'pos_test_open_1',
        strategyId: id,
        symbol: 'SOLUSDT',
        side: 'long',
        quantity: '10',
        entryPrice: '100',
        entryFee: '0.5',
        openedAt: new Date(Date.now() - 60_000),
      });
      expect((await call<StrategyRecord>('GET', `/v1/strategies/${id}`)).body.stats.open_positions).toBe(1);
      const response = await call('POST', `/v1/strategies/${id}/pause`, { close_positions: true });
      expect(response.status).toBe(200);
      // exit 10 × 150 with a 5 bps taker fee of 0.75; pnl = 500 − 0.5 − 0.75
      expect(response.body).toMatchObject({ status: 'paused', stats: { open_positions: 0, total_trades: 1, total_pnl: '498.75', win_rate: '1' } });
      const closed = await em().findOneOrFail(StrategyPosition, { id: 'pos_test_open_1' });
      expect([Number(closed.exitPrice), Number(closed.pnl)]).toEqual([150, 498.75]);
      const events = await em().find(
        OutboxEvent,
        { type: { $in: ['strategy.position_closed', 'strategy.paused'] }, data: { strategy_id: id } },
        { orderBy: { createdAt: 'asc', id: 'asc' } },
      );
      expect(events.map((event) => event.type)).toEqual(['strategy.position_closed', 'strategy.paused']);
      expect(events[0]?.data).toMatchObject({ position_id: 'pos_test_open_1', exit_price: '150', pnl: '498.75', reason: 'pause' });
    });

    it('pause without close_positions keeps positions open', async () => {
      const { id } = await create();
      await call('POST', `/v1/strategies/${id}/deploy`, { dry_run: true });
      await storeOpenPosition(service, {
        id: 'pos_test_open_2',
        strategyId: id,
        symbol: 'BTCUSDT',
        side: 'short',
        quantity: '1',
        entryPrice: '100',
        entryFee: '0.05',
      });
      const response = await call('POST', `/v1/strategies/${id}/pause`, {});
      expect(response.body).toMatchObject({ status: 'paused', stats: { open_positions: 1, total_trades: 0 } });
    });

    it('records strategy.deployed and strategy.paused events for the account', async () => {
      const { id } = await create();
      await call('POST', `/v1/strategies/${id}/deploy`, { dry_run: true, capital: '500' });
      await call('POST', `/v1/strategies/${id}/pause`, {});
      const events = await em().find(OutboxEvent, { data: { strategy_id: id } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
      expect(events.map((event) => event.type)).toEqual(['strategy.deployed', 'strategy.paused']);
      expect(events[0]?.data).toMatchObject({ strategy_id: id, capital: '500', leverage: 2, dry_run: true, symbols: ['BTCUSDT'], timeframe: '1h' });
      expect(events[0]?.id).toMatch(/^evt_[0-9a-f]+$/);
    });
  });
});
