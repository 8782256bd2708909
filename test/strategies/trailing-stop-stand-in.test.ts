import { ExchangeTradingClient } from '../../src/upstream/exchange-trading-client';
import { ExchangeAccountStandIn } from '../stand-ins/exchange-account';

/** The stand-in takes TRAILING_STOP_MARKET as the exchange does (contract §19), so the live trailing stop can fail for the right reasons. */
describe('the exchange stand-in’s trailing stops on the Algo Order API', () => {
  let exchange: ExchangeAccountStandIn;
  const credentials = { apiKey: 'TRAIL-KEY', apiSecret: 'trail-secret' };
  let client: ExchangeTradingClient;
  let ids = 0;
  const trailing = (params: Record<string, string | boolean>) =>
    client.send(credentials, 'POST', '/fapi/v1/algoOrder', {
      algoType: 'CONDITIONAL',
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'TRAILING_STOP_MARKET',
      quantity: '0.01',
      callbackRate: '1.5',
      reduceOnly: true,
      clientAlgoId: `trail-${(ids += 1)}`,
      ...params,
    });

  beforeAll(async () => {
    exchange = await new ExchangeAccountStandIn().start();
    exchange.addAccount(credentials.apiKey, credentials.apiSecret);
    exchange.setMarkPrice('BTCUSDT', '60000');
    exchange.setPosition(credentials.apiKey, 'BTCUSDT', '0.02');
    client = new ExchangeTradingClient(exchange.url, 2_000);
  });
  afterAll(() => exchange.stop());

  it.each([
    ['a callbackRate below 0.1', { callbackRate: '0.05' }, -4071],
    ['a callbackRate above 10', { callbackRate: '10.1' }, -4071],
    ['a callbackRate off the 0.1 step', { callbackRate: '1.25' }, -4071],
    ['no callbackRate', { callbackRate: '' }, -1102],
    ['a quantity off the step', { quantity: '0.0015' }, -1111],
    ['closePosition (the exchange takes it only on STOP_MARKET / TAKE_PROFIT_MARKET)', { closePosition: true, reduceOnly: '' }, -1106],
    ['a reduce-only order on the side that would grow the position', { side: 'BUY' }, -2022],
  ])('refuses %s', async (_case, params: Record<string, string | boolean>, code) => {
    const cleaned = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
    const answer = await client.send(credentials, 'POST', '/fapi/v1/algoOrder', {
      algoType: 'CONDITIONAL',
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'TRAILING_STOP_MARKET',
      clientAlgoId: `bad-${(ids += 1)}`,
      ...(params.callbackRate === '' ? {} : { callbackRate: '1.5' }),
      ...(params.reduceOnly === '' ? {} : { reduceOnly: true }),
      quantity: '0.01',
      ...cleaned,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code });
  });

  it('refuses reduceOnly together with closePosition', async () => {
    const answer = await client.send(credentials, 'POST', '/fapi/v1/algoOrder', {
      algoType: 'CONDITIONAL',
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'STOP_MARKET',
      triggerPrice: '59000',
      closePosition: true,
      reduceOnly: true,
      clientAlgoId: 'both-flags',
    });
    expect(answer.body).toMatchObject({ code: -1106 });
  });

  it('follows the best mark since placement and fires, reduce-only for its quantity, once the mark falls back by the callback rate', async () => {
    const placed = await trailing({ clientAlgoId: 'follow-me' });
    expect(placed.status).toBe(200);
    exchange.setMarkPrice('BTCUSDT', '62000');
    exchange.setMarkPrice('BTCUSDT', '61100'); // 1.45 % below 62000: still waiting
    expect(await client.findAlgoOrder(credentials, 'follow-me')).toMatchObject({ algoStatus: 'NEW' });
    exchange.setMarkPrice('BTCUSDT', '61070'); // 62000 × 0.985 = 61070
    expect(await client.findAlgoOrder(credentials, 'follow-me')).toMatchObject({ algoStatus: 'FINISHED' });
    expect(exchange.algoOrdersOf(credentials.apiKey).find((algo) => algo.clientAlgoId === 'follow-me')).toMatchObject({ actualPrice: '61070' });
    expect(exchange.positionOf(credentials.apiKey, 'BTCUSDT')).toBe('0.01');
  });
});
