import type { z } from 'zod';
import type { delistReply } from '../../src/services/market-data/upstream-replies';
import type { WhaleBoard } from '../../src/services/market-data/whale-board.service';
import {
  AccountRatioDocument,
  ActiveTickersDocument,
  DelistingsDocument,
  FundingRateDocument,
  FundingRateHistoryDocument,
  FundingRatesDocument,
  PositionRatioDocument,
  PremiumIndexDocument,
  SmartMoneyOverviewDocument,
  SmartMoneySignalsDocument,
  WhaleBoardDocument,
} from '../graphql/generated';
import { graphql, request } from '../support/http';
import { anyString } from '../support/matchers';
import { startMarketTestService, type MarketTestService } from '../stand-ins/exchange/market-test-service';

const EXCHANGE_NOW = Date.UTC(2026, 10, 20, 12, 34, 56, 789);

/** REST passes the web API's smart-money figures through as it gives them: counts and ratios as JSON numbers. */
interface SmartMoneyOverviewAnswer {
  totalTraders: number;
  longTraders: number;
  shortTraders: number;
  longWhales: number;
  shortWhales: number;
  longShortRatio: number;
  longTradersAvgEntryPrice: number;
  totalPositions: number;
}
interface SmartMoneySignalAnswer {
  symbol: string;
  netNotional: number;
}
type DelistAnswer = z.infer<typeof delistReply>;

describe('market data over GraphQL: the same services as REST', () => {
  let market: MarketTestService;
  const rest = <T = unknown>(path: string) => request<T>(market.url, 'GET', path).then((answer) => answer.body);
  const withoutNulls = (rows: object[]) => rows.map((row) => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null)));

  beforeAll(async () => {
    market = await startMarketTestService({}, () => EXCHANGE_NOW);
  });
  afterAll(() => market.stop());
  beforeEach(() => market.exchange.clearFaults());

  it('fundingRates, fundingRate and fundingRateHistory equal their REST forms, decimals as strings', async () => {
    const all = await graphql(market.url, FundingRatesDocument);
    expect(all.errors).toBeUndefined();
    expect(all.data!.fundingRates).toEqual(await rest('/funding/rates'));
    const one = await graphql(market.url, FundingRateDocument, { symbol: 'ETHUSDT' });
    expect(one.data!.fundingRate).toEqual(await rest('/funding/rates/ETHUSDT'));
    expect(typeof one.data!.fundingRate!.fundingRate).toBe('string');
    const history = await graphql(market.url, FundingRateHistoryDocument, { symbol: 'BTCUSDT', limit: 3, startTime: EXCHANGE_NOW - 5 * 86_400_000 });
    expect(history.data!.fundingRateHistory).toEqual(await rest(`/funding/rates/BTCUSDT/history?limit=3&start_time=${EXCHANGE_NOW - 5 * 86_400_000}`));
  });

  it('fundingRate of an unknown symbol is NOT_FOUND', async () => {
    const answer = await graphql(market.url, FundingRateDocument, { symbol: 'NOPEUSDT' });
    expect(answer.data!.fundingRate).toBeNull();
    expect(answer.errors![0]).toMatchObject({ message: 'symbol not found', extensions: { code: 'NOT_FOUND' } });
  });

  it('positionRatio carries longPosition/shortPosition and accountRatio longAccount/shortAccount, as on REST', async () => {
    const position = await graphql(market.url, PositionRatioDocument, { symbol: 'BTCUSDT', period: '1h', limit: 4 });
    expect(withoutNulls(position.data!.positionRatio)).toEqual(await rest('/long-short/position-ratio/BTCUSDT?period=1h&limit=4'));
    expect(position.data!.positionRatio[0]?.longAccount).toBeNull();
    const account = await graphql(market.url, AccountRatioDocument, { symbol: 'BTCUSDT' });
    expect(withoutNulls(account.data!.accountRatio)).toEqual(await rest('/long-short/account-ratio/BTCUSDT'));
  });

  it('a ratio limit over 500 is VALIDATION_FAILED with the FastAPI-style issue', async () => {
    const answer = await graphql(market.url, PositionRatioDocument, { symbol: 'BTCUSDT', limit: 501 });
    expect(answer.errors![0]?.extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ type: 'less_than_equal', loc: ['limit'], msg: anyString() }],
    });
  });

  it('activeTickers and whaleBoard equal their REST forms', async () => {
    const tickers = await graphql(market.url, ActiveTickersDocument, { minQuoteVolume: 50_000_000 });
    expect(tickers.data!.activeTickers).toEqual(await rest('/ticker/24hr/active?min_quote_volume=50000000'));
    const board = await graphql(market.url, WhaleBoardDocument, {});
    const restBoard = await rest<WhaleBoard>('/whale-board');
    expect(board.data!.whaleBoard.rows).toEqual(restBoard.rows);
    expect(typeof board.data!.whaleBoard.rows[0]?.score).toBe('number');
  });

  it('smartMoneyOverview and smartMoneySignals give the upstream figures, decimals as strings', async () => {
    const overview = await graphql(market.url, SmartMoneyOverviewDocument, { symbol: 'BTCUSDT' });
    const restOverview = await rest<SmartMoneyOverviewAnswer>('/smart-money/signal/overview?symbol=BTCUSDT');
    expect(overview.data!.smartMoneyOverview).toEqual({
      symbol: 'BTCUSDT',
      totalTraders: restOverview.totalTraders,
      longTraders: restOverview.longTraders,
      shortTraders: restOverview.shortTraders,
      longWhales: restOverview.longWhales,
      shortWhales: restOverview.shortWhales,
      longShortRatio: String(restOverview.longShortRatio),
      longTradersAvgEntryPrice: String(restOverview.longTradersAvgEntryPrice),
      totalPositions: String(restOverview.totalPositions),
    });
    const signals = await graphql(market.url, SmartMoneySignalsDocument, { timeRange: '1h' });
    const restSignals = await rest<SmartMoneySignalAnswer[]>('/smart-money/signal/list?timeRange=1h');
    expect(signals.data!.smartMoneySignals.map((row) => row.symbol)).toEqual(restSignals.map((row) => row.symbol));
    expect(signals.data!.smartMoneySignals[0]).toMatchObject({ timeRange: '1h', netNotional: String(restSignals[0]!.netNotional) });
  });

  it('smartMoneySignals with a timeRange outside the set is BAD_REQUEST', async () => {
    const answer = await graphql(market.url, SmartMoneySignalsDocument, { timeRange: '2h' });
    expect(answer.errors![0]).toMatchObject({ message: 'timeRange must be one of 30m, 1h, 24h, 7d', extensions: { code: 'BAD_REQUEST' } });
  });

  it('premiumIndex answers one symbol as a one-element list, or all symbols', async () => {
    const one = await graphql(market.url, PremiumIndexDocument, { symbol: 'BTCUSDT' });
    expect(one.data!.premiumIndex).toEqual([await rest('/fapi/v1/premiumIndex?symbol=BTCUSDT')]);
    const all = await graphql(market.url, PremiumIndexDocument, {});
    expect(all.data!.premiumIndex).toEqual(await rest('/fapi/v1/premiumIndex'));
    const unknown = await graphql(market.url, PremiumIndexDocument, { symbol: 'NOPEUSDT' });
    expect(unknown.errors![0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('delistings gives the delisting catalog articles', async () => {
    const answer = await graphql(market.url, DelistingsDocument);
    const restAnswer = await rest<DelistAnswer>('/delist');
    expect(answer.data!.delistings).toEqual({
      code: restAnswer.code,
      message: restAnswer.message,
      catalogs: restAnswer.data.catalogs.map((catalog) => ({
        catalogId: catalog.catalogId,
        articles: catalog.articles.map(({ id, code, title, releaseDate }) => ({ id, code, title, releaseDate })),
      })),
    });
  });

  it('an upstream failure is UPSTREAM_FAILED', async () => {
    market.exchange.fault('*', { status: 503 });
    market.service.service.services.upstream.clearCache();
    const answer = await graphql(market.url, FundingRatesDocument);
    expect(answer.errors![0]).toMatchObject({ message: 'upstream request failed', extensions: { code: 'UPSTREAM_FAILED' } });
  });
});
