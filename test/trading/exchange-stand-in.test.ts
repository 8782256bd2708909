import { ExchangeTradingClient } from '../../src/upstream/exchange-trading-client';
import { ExchangeAccountStandIn } from '../stand-ins/exchange-account';

/** The stand-in refuses what the real exchange refuses, so a service test against it can fail for the right reasons. */
describe('the exchange stand-in is as strict as the exchange on trading calls', () => {
  let exchange: ExchangeAccountStandIn;
  const credentials = { apiKey: 'STRICT-KEY', apiSecret: 'strict-secret' };
  let client: ExchangeTradingClient;
  const order = (params: Record<string, string | boolean>) =>
    client.send(credentials, 'POST', '/fapi/v1/order', { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', newOrderRespType: 'RESULT', ...params });

  beforeAll(async () => {
    exchange = await new ExchangeAccountStandIn().start();
    exchange.addAccount(credentials.apiKey, credentials.apiSecret);
    exchange.setMarkPrice('BTCUSDT', '67000');
    client = new ExchangeTradingClient(exchange.url, 2_000);
  });
  afterAll(() => exchange.stop());

  it.each([
    ['a quantity off the step', { quantity: '0.0015' }, -1111],
    ['a zero quantity', { quantity: '0.000' }, -4003],
    ['a conditional type on /fapi/v1/order', { quantity: '0.01', type: 'STOP_MARKET' }, -4120],
    ['a reduce-only order without a position', { quantity: '0.01', side: 'SELL', reduceOnly: true }, -2022],
  ])('refuses %s', async (_case, params, code) => {
    const answer = await order(params);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code });
  });

  it('refuses an entry below MIN_NOTIONAL unless it is reduce-only', async () => {
    exchange.setMarkPrice('XRPUSDT', '0.52');
    const small = await client.send(credentials, 'POST', '/fapi/v1/order', { symbol: 'XRPUSDT', side: 'BUY', type: 'MARKET', quantity: '5' });
    expect(small.body).toMatchObject({ code: -4164 });
    exchange.setPosition(credentials.apiKey, 'XRPUSDT', '20');
    const reduce = await client.send(credentials, 'POST', '/fapi/v1/order', {
      symbol: 'XRPUSDT',
      side: 'SELL',
      type: 'MARKET',
      quantity: '5',
      reduceOnly: true,
    });
    expect(reduce.status).toBe(200);
    expect(exchange.positionOf(credentials.apiKey, 'XRPUSDT')).toBe('15');
  });

  it('refuses a client order id used before, and finds an order by its client id with its trades', async () => {
    expect((await order({ quantity: '0.01', newClientOrderId: 'once' })).status).toBe(200);
    expect((await order({ quantity: '0.01', newClientOrderId: 'once' })).body).toMatchObject({ code: -4015 });
    const found = await client.findOrder(credentials, 'BTCUSDT', 'once');
    expect(found).toMatchObject({ clientOrderId: 'once', status: 'FILLED', executedQty: '0.01', avgPrice: '67000' });
    expect(await client.findOrder(credentials, 'BTCUSDT', 'never-sent')).toBeNull();
    const trades = await client.tradesOf(credentials, 'BTCUSDT', found!.orderId);
    expect(trades).toEqual([expect.objectContaining({ qty: '0.01', price: '67000', commission: '0.268', commissionAsset: 'USDT' })]);
  });

  it('answers an order without newOrderRespType=RESULT as NEW with nothing executed, as the exchange does', async () => {
    const answer = await client.send(credentials, 'POST', '/fapi/v1/order', { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '0.01' });
    expect(answer.body).toMatchObject({ status: 'NEW', executedQty: '0' });
  });

  it('bounds leverage per symbol', async () => {
    exchange.maxLeverage.set('ETHUSDT', 50);
    await expect(client.setLeverage(credentials, 'ETHUSDT', 50)).resolves.toBeUndefined();
    const refused = await client.send(credentials, 'POST', '/fapi/v1/leverage', { symbol: 'ETHUSDT', leverage: 51 });
    expect(refused).toEqual({ status: 400, body: { code: -4028, msg: 'Leverage 51 is not valid' } });
  });

  it('fires a closing STOP_MARKET on the Algo Order API when the mark price crosses it, at the mark price', async () => {
    exchange.setMarkPrice('SOLUSDT', '150');
    exchange.setPosition(credentials.apiKey, 'SOLUSDT', '2');
    const offTick = await client.send(credentials, 'POST', '/fapi/v1/algoOrder', {
      algoType: 'CONDITIONAL',
      symbol: 'SOLUSDT',
      side: 'SELL',
      type: 'STOP_MARKET',
      triggerPrice: '147.0005',
      closePosition: true,
      clientAlgoId: 'stop-off-tick',
    });
    expect(offTick.body).toMatchObject({ code: -4014 });
    const stop = await client.placeClosingAlgoOrder(credentials, {
      symbol: 'SOLUSDT',
      side: 'SELL',
      type: 'STOP_MARKET',
      triggerPrice: '147',
      clientAlgoId: 'stop-1',
    });
    expect(stop).toMatchObject({ clientAlgoId: 'stop-1', algoStatus: 'NEW' });
    exchange.setMarkPrice('SOLUSDT', '148');
    expect(await client.findAlgoOrder(credentials, 'stop-1')).toMatchObject({ algoStatus: 'NEW' });
    exchange.setMarkPrice('SOLUSDT', '146.5');
    const fired = await client.findAlgoOrder(credentials, 'stop-1');
    expect(fired).toMatchObject({ algoStatus: 'FINISHED' });
    expect(exchange.positionOf(credentials.apiKey, 'SOLUSDT')).toBe('0');
    const [trade] = await client.tradesOf(credentials, 'SOLUSDT', fired!.actualOrderId!);
    expect(trade).toMatchObject({ price: '146.5', qty: '2' });
    expect(await client.cancelAlgoOrder(credentials, 'stop-1')).toBeNull();
  });
});
