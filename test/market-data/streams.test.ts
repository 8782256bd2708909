import { print } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import {
  ExchangeSymbolsDocument,
  KlinesDocument,
  OpenInterestDocument,
  WatchKlineDocument,
  WatchMarkPriceDocument,
  WatchMarkPriceOnlyDocument,
} from '../graphql/generated';
import { MAX_QUERY_COST } from '../../src/schema/query-limits';
import { graphql, request } from '../support/http';
import { signIn, startOutsideWorld, type OutsideWorld } from '../support/identity';
import { startMarketTestService, type MarketTestService } from '../stand-ins/exchange/market-test-service';
import { waitFor } from '../support/wait';

const MARK_STREAM = 'btcusdt@markPrice@1s';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Subscription<T> {
  values: T[];
  receivedAt: number[];
  errors?: unknown;
  stop(): void;
}

describe('market data for dashboards (contract §15): klines, open interest, symbols and live streams', () => {
  let world: OutsideWorld;
  let market: MarketTestService;
  let token: string;
  const clients: Client[] = [];

  function subscribe<T>(
    document: typeof WatchMarkPriceDocument | typeof WatchMarkPriceOnlyDocument | typeof WatchKlineDocument,
    variables: Record<string, string>,
    field: string,
  ): Subscription<T> {
    const client = createClient({
      url: `${market.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
    clients.push(client);
    const subscription: Subscription<T> = { values: [], receivedAt: [], stop: () => undefined };
    subscription.stop = client.subscribe(
      { query: print(document), variables },
      {
        next: (value) => {
          if (value.errors) subscription.errors = value.errors;
          else {
            subscription.values.push((value.data as Record<string, T>)[field] as T);
            subscription.receivedAt.push(Date.now());
          }
        },
        error: (errors) => {
          subscription.errors = errors;
        },
        complete: () => undefined,
      },
    );
    return subscription;
  }

  beforeAll(async () => {
    world = await startOutsideWorld();
    const { UPSTREAM_FAPI_URL: _accountStandIn, ...identityEnv } = world.env;
    market = await startMarketTestService(identityEnv, undefined, { streamEventEveryMs: 0 });
    ({ token } = await signIn(market.url, world, 'charts@example.com'));
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => Promise.resolve(client.dispose())));
    market.exchange.streams.refuse(false);
    market.exchange.clearFaults();
    await waitFor('every live stream closes', () => market.service.service.services.liveMarket.openStreams().length === 0);
  });
  afterAll(async () => {
    await market.stop();
    await world.stop();
  });

  describe('queries', () => {
    it('klines answers the exchange candles as {openTime, open, high, low, close, volume, closeTime}', async () => {
      const endTime = Date.now() - 10 * 86_400_000;
      const answer = await graphql(market.url, KlinesDocument, { symbol: 'BTCUSDT', interval: '1h', limit: 3, endTime });
      expect(answer.errors).toBeUndefined();
      const upstream = (await request<unknown[][]>(market.exchange.url, 'GET', `/fapi/v1/klines?symbol=BTCUSDT&interval=1h&limit=3&endTime=${endTime}`)).body;
      expect(answer.data!.klines).toEqual(
        upstream.map(([openTime, open, high, low, close, volume, closeTime]) => ({ openTime, open, high, low, close, volume, closeTime })),
      );
    });

    it.each([
      [{ symbol: 'BTCUSDT', interval: '7m' }, 'interval'],
      [{ symbol: 'BTCUSDT', interval: '1h', limit: 1501 }, 'limit'],
    ])('klines with %p is VALIDATION_FAILED naming %s', async (variables, field) => {
      const answer = await graphql(market.url, KlinesDocument, variables);
      expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ loc: [field] }] });
    });

    it('openInterest answers the exchange figure; an unknown symbol is NOT_FOUND', async () => {
      const answer = await graphql(market.url, OpenInterestDocument, { symbol: 'ethusdt' });
      const upstream = (await request<{ openInterest: string }>(market.exchange.url, 'GET', '/fapi/v1/openInterest?symbol=ETHUSDT')).body;
      expect(answer.data!.openInterest).toEqual({ symbol: 'ETHUSDT', openInterest: upstream.openInterest, time: expect.any(Number) as number });
      const unknown = await graphql(market.url, OpenInterestDocument, { symbol: 'NOPEUSDT' });
      expect(unknown.errors![0]).toMatchObject({ message: 'symbol not found', extensions: { code: 'NOT_FOUND' } });
    });

    it('exchangeSymbols lists every contract with typed filters', async () => {
      const answer = await graphql(market.url, ExchangeSymbolsDocument, {});
      const info = (await request<{ symbols: { symbol: string }[] }>(market.exchange.url, 'GET', '/fapi/v1/exchangeInfo')).body;
      expect(answer.data!.exchangeSymbols.map((symbol) => symbol.symbol)).toEqual(info.symbols.map((symbol) => symbol.symbol));
      const btc = answer.data!.exchangeSymbols.find((symbol) => symbol.symbol === 'BTCUSDT')!;
      expect(btc).toMatchObject({ contractType: 'PERPETUAL', baseAsset: 'BTC', quoteAsset: 'USDT', pricePrecision: expect.any(Number) as number });
      expect(btc.filters.find((filter) => filter.filterType === 'LOT_SIZE')).toMatchObject({ minQty: '0.001', stepSize: '0.001', limit: null });
      expect(btc.filters.find((filter) => filter.filterType === 'MAX_NUM_ORDERS')).toMatchObject({ limit: 200, minQty: null });
    });
  });

  describe('subscriptions', () => {
    const markEvent = (price: string, time: number) => ({
      e: 'markPriceUpdate',
      E: time,
      s: 'BTCUSDT',
      p: price,
      P: price,
      i: '64000.00',
      r: '0.00010000',
      T: 1_800_000_000_000,
    });

    it('markPrice yields each event of the exchange stream as {symbol, markPrice, indexPrice, fundingRate, nextFundingTime, time}', async () => {
      const watcher = subscribe<Record<string, unknown>>(WatchMarkPriceDocument, { symbol: 'btcusdt' }, 'markPrice');
      await waitFor('the upstream mark stream connects', () => market.exchange.streams.connections(MARK_STREAM) === 1);
      market.exchange.streams.send(MARK_STREAM, markEvent('65000.10', 1_000));
      market.exchange.streams.send(MARK_STREAM, markEvent('65000.20', 2_000));
      await waitFor('the watcher gets the 2 s mark', () => watcher.values.some((value) => value.time === 2_000));
      expect(watcher.values.filter((value) => value.time === 1_000 || value.time === 2_000)).toEqual([
        { symbol: 'BTCUSDT', markPrice: '65000.10', indexPrice: '64000.00', fundingRate: '0.00010000', nextFundingTime: 1_800_000_000_000, time: 1_000 },
        { symbol: 'BTCUSDT', markPrice: '65000.20', indexPrice: '64000.00', fundingRate: '0.00010000', nextFundingTime: 1_800_000_000_000, time: 2_000 },
      ]);
    });

    it('each event is one graphql-transport-ws `next` message per subscription, with its cost; after `complete` the socket gets no more for that id', async () => {
      const socket = new WebSocket(`${market.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
      const messages: { id?: string; type: string; payload?: { data?: { markPrice?: { markPrice: string } }; extensions?: unknown } }[] = [];
      const texts: string[] = [];
      socket.on('message', (data: Buffer) => {
        texts.push(data.toString());
        messages.push(JSON.parse(data.toString()) as (typeof messages)[number]);
      });
      await new Promise((resolve) => socket.once('open', resolve));
      try {
        socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
        await waitFor('the connection_ack', () => messages.some((message) => message.type === 'connection_ack'));
        const subscribeAs = (id: string) =>
          socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query: print(WatchMarkPriceOnlyDocument), variables: { symbol: 'BTCUSDT' } } }));
        const eventsFor = (id: string, price: string) =>
          messages.filter((message) => message.id === id && message.payload?.data?.markPrice?.markPrice === price);
        subscribeAs('first');
        subscribeAs('second');
        await waitFor('the upstream mark stream connects', () => market.exchange.streams.connections(MARK_STREAM) === 1);
        market.exchange.streams.send(MARK_STREAM, markEvent('65000.30', 3_000));
        await waitFor('both subscribers get 65000.30', () => eventsFor('first', '65000.30').length === 1 && eventsFor('second', '65000.30').length === 1);
        const text = texts.find((candidate) => candidate.startsWith('{"id":"first"') && candidate.includes('65000.30'));
        expect(text).toBe(
          JSON.stringify({
            id: 'first',
            type: 'next',
            payload: { data: { markPrice: { symbol: 'BTCUSDT', markPrice: '65000.30' } }, extensions: { cost: { requested: 3, limit: MAX_QUERY_COST } } },
          }),
        );

        socket.send(JSON.stringify({ id: 'first', type: 'complete' }));
        await sleep(100);
        market.exchange.streams.send(MARK_STREAM, markEvent('65000.40', 4_000));
        await waitFor('the second subscriber gets 65000.40', () => eventsFor('second', '65000.40').length === 1);
        await sleep(100);
        expect(eventsFor('first', '65000.40')).toEqual([]);
        expect(messages.filter((message) => message.type === 'complete' || message.type === 'error')).toEqual([]);
      } finally {
        socket.close();
      }
    });

    it('two subscribers of one symbol share one upstream stream, closed when the last one leaves', async () => {
      const first = subscribe<Record<string, unknown>>(WatchMarkPriceDocument, { symbol: 'BTCUSDT' }, 'markPrice');
      const second = subscribe<Record<string, unknown>>(WatchMarkPriceDocument, { symbol: 'BTCUSDT' }, 'markPrice');
      await waitFor(
        'one upstream and one live stream',
        () => market.exchange.streams.connections(MARK_STREAM) === 1 && market.service.service.services.liveMarket.openStreams().length === 1,
      );
      await sleep(100);
      const acceptedBefore = market.exchange.streams.accepted(MARK_STREAM);
      market.exchange.streams.send(MARK_STREAM, markEvent('65001.00', 3_000));
      await waitFor('both watchers get the 3 s mark', () => [first, second].every((watcher) => watcher.values.some((value) => value.time === 3_000)));
      expect(market.exchange.streams.connections(MARK_STREAM)).toBe(1);
      expect(market.exchange.streams.accepted(MARK_STREAM)).toBe(acceptedBefore);

      first.stop();
      await sleep(200);
      expect(market.exchange.streams.connections(MARK_STREAM)).toBe(1);
      market.exchange.streams.send(MARK_STREAM, markEvent('65002.00', 4_000));
      await waitFor('the second watcher gets the 4 s mark', () => second.values.some((value) => value.time === 4_000));
      second.stop();
      await waitFor('the upstream mark stream closes', () => market.exchange.streams.connections(MARK_STREAM) === 0);
    });

    it('subscribers asking for different fields of one event each get their own selection (results are shared per document only)', async () => {
      const full = subscribe<Record<string, unknown>>(WatchMarkPriceDocument, { symbol: 'BTCUSDT' }, 'markPrice');
      const narrow = subscribe<Record<string, unknown>>(WatchMarkPriceOnlyDocument, { symbol: 'BTCUSDT' }, 'markPrice');
      const twin = subscribe<Record<string, unknown>>(WatchMarkPriceOnlyDocument, { symbol: 'BTCUSDT' }, 'markPrice');
      await waitFor(
        'the upstream mark stream connects and every watcher gets a value',
        () => market.exchange.streams.connections(MARK_STREAM) === 1 && [full, narrow, twin].every((watcher) => watcher.values.length > 0),
      );
      market.exchange.streams.send(MARK_STREAM, markEvent('65009.00', 9_000));
      await waitFor('every watcher gets 65009.00', () =>
        [full, narrow, twin].every((watcher) => watcher.values.some((value) => value.markPrice === '65009.00')),
      );
      expect(full.values.at(-1)).toEqual({
        symbol: 'BTCUSDT',
        markPrice: '65009.00',
        indexPrice: '64000.00',
        fundingRate: '0.00010000',
        nextFundingTime: 1_800_000_000_000,
        time: 9_000,
      });
      expect(narrow.values.at(-1)).toEqual({ symbol: 'BTCUSDT', markPrice: '65009.00' });
      expect(twin.values.at(-1)).toEqual({ symbol: 'BTCUSDT', markPrice: '65009.00' });
    });

    it('stream lost → REST polling at least every 3 s → the stream again once it is back', async () => {
      const watcher = subscribe<Record<string, unknown>>(WatchMarkPriceDocument, { symbol: 'BTCUSDT' }, 'markPrice');
      await waitFor('the upstream mark stream connects', () => market.exchange.streams.connections(MARK_STREAM) === 1);
      const accepted = market.exchange.streams.accepted(MARK_STREAM);

      market.exchange.streams.refuse(true);
      market.exchange.streams.drop(MARK_STREAM);
      const lostAt = Date.now();
      await waitFor('two values polled over REST', () => watcher.receivedAt.filter((at) => at > lostAt).length >= 2, { timeoutMs: 8_000 });
      const times = [lostAt, ...watcher.receivedAt.filter((at) => at > lostAt)];
      expect(Math.max(...times.slice(1).map((at, index) => at - times[index]!))).toBeLessThanOrEqual(3_000);
      expect(market.exchange.calls('/fapi/v1/premiumIndex')).toBeGreaterThanOrEqual(2);

      market.exchange.streams.refuse(false);
      await waitFor('the upstream mark stream reconnects', () => market.exchange.streams.connections(MARK_STREAM) === 1, { timeoutMs: 20_000 });
      expect(market.exchange.streams.accepted(MARK_STREAM)).toBe(accepted + 1);
      // a poll already sent when the stream came back may still be answered
      await sleep(300);
      const pollsAfterRecovery = market.exchange.calls('/fapi/v1/premiumIndex');
      market.exchange.streams.send(MARK_STREAM, markEvent('65003.00', 5_000));
      await waitFor('the watcher gets the 5 s mark', () => watcher.values.some((value) => value.time === 5_000));
      // no poll for longer than the polling period: an absence, so time has to pass
      await sleep(2_100);
      expect(market.exchange.calls('/fapi/v1/premiumIndex')).toBe(pollsAfterRecovery);
    }, 40_000);

    it('kline yields the forming candle on each change, not twice for the same candle, and its close', async () => {
      // 1h: the stand-in's walk of 1m bars since 2019 takes seconds to compute the first time.
      const stream = 'ethusdt@kline_1h';
      const watcher = subscribe<Record<string, unknown>>(WatchKlineDocument, { symbol: 'ETHUSDT', interval: '1h' }, 'kline');
      await waitFor('the upstream stream connects', () => market.exchange.streams.connections(stream) === 1);
      const candle = (close: string, closed: boolean) => ({
        e: 'kline',
        E: 1,
        s: 'ETHUSDT',
        k: { t: 3_600_000, T: 7_199_999, s: 'ETHUSDT', i: '1h', o: '3000.00', h: '3010.00', l: '2990.00', c: close, v: '12.5', x: closed },
      });
      for (const event of [candle('3001.00', false), candle('3001.00', false), candle('3002.00', false), candle('3002.00', true)]) {
        market.exchange.streams.send(stream, event);
      }
      await waitFor('a closed candle', () => watcher.values.some((value) => value.closed === true));
      expect(watcher.values.filter((value) => value.openTime === 3_600_000)).toEqual([
        { openTime: 3_600_000, open: '3000.00', high: '3010.00', low: '2990.00', close: '3001.00', volume: '12.5', closed: false },
        { openTime: 3_600_000, open: '3000.00', high: '3010.00', low: '2990.00', close: '3002.00', volume: '12.5', closed: false },
        { openTime: 3_600_000, open: '3000.00', high: '3010.00', low: '2990.00', close: '3002.00', volume: '12.5', closed: true },
      ]);
    });

    it('stopping the service with a live subscriber closes its upstream stream and finishes within 2 s', async () => {
      const { UPSTREAM_FAPI_URL: _accountStandIn, ...identityEnv } = world.env;
      const other = await startMarketTestService(identityEnv, undefined, { streamEventEveryMs: 200 });
      const client = createClient({
        url: `${other.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${(await signIn(other.url, world, 'stopping@example.com')).token}` },
        retryAttempts: 0,
      });
      const received: unknown[] = [];
      client.subscribe(
        { query: print(WatchMarkPriceDocument), variables: { symbol: 'BTCUSDT' } },
        { next: (value) => received.push(value), error: () => undefined, complete: () => undefined },
      );
      await waitFor('the other service connects upstream and relays', () => other.exchange.streams.connections(MARK_STREAM) === 1 && received.length > 1);
      const started = Date.now();
      await other.service.stop();
      expect(Date.now() - started).toBeLessThan(2_000);
      await waitFor("the other service's upstream stream closes", () => other.exchange.streams.connections(MARK_STREAM) === 0);
      await Promise.resolve(client.dispose());
      await other.exchange.close();
    });

    it.each([
      ['markPrice of an unlisted symbol', WatchMarkPriceDocument, { symbol: 'NOPEUSDT' }, 'NOT_FOUND'],
      ['kline with an interval the exchange does not have', WatchKlineDocument, { symbol: 'BTCUSDT', interval: '7m' }, 'VALIDATION_FAILED'],
    ])('%s is an error and opens no stream', async (_case, document, variables, code) => {
      const watcher = subscribe(document, variables, 'x');
      await waitFor('the subscription fails', () => watcher.errors !== undefined);
      expect((watcher.errors as { extensions: { code: string } }[])[0]!.extensions.code).toBe(code);
      expect(market.service.service.services.liveMarket.openStreams()).toEqual([]);
    });
  });
});
