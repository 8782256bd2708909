import { useEffect, useState } from 'preact/hooks';
import { execute } from '../api/graphql-client';
import { candleOf, loadCandles } from '../api/klines';
import { subscribe, subscriptionClient } from '../api/subscriptions';
import type { Session } from '../session';
import { CandleChart, type Candle } from '../components/charts';
import { formatDecimal, formatPercent, formatTime } from '../components/format';
import { ErrorMessage, Loading } from '../components/messages';
import { PagedTable } from '../components/paged-table';
import { useAsync } from '../components/use-async';
import { LiveKlineDocument, LiveMarkPriceDocument, MarketOverviewDocument, type LiveMarkPriceSubscription } from '../graphql/generated';

const INTERVALS = ['15m', '1h', '4h', '1d'];

interface LiveMarket {
  candle?: Candle;
  markPrice?: LiveMarkPriceSubscription['markPrice'];
  error?: string;
}

/** The forming candle (`kline`) and the mark price (`markPrice`) of one symbol, live over one graphql-ws connection. */
function useLiveMarket(session: Session, symbol: string, interval: string): LiveMarket {
  const [live, setLive] = useState<LiveMarket>({});
  useEffect(() => {
    setLive({});
    const client = subscriptionClient(session.credentials);
    const setError = (error: string) => setLive((previous) => ({ ...previous, error }));
    const stops = [
      subscribe(
        client,
        LiveKlineDocument,
        { symbol, interval },
        { next: ({ kline }) => setLive((previous) => ({ ...previous, candle: candleOf(kline) })), error: setError },
      ),
      subscribe(client, LiveMarkPriceDocument, { symbol }, { next: ({ markPrice }) => setLive((previous) => ({ ...previous, markPrice })), error: setError }),
    ];
    return () => {
      stops.forEach((stop) => stop());
      void client.dispose();
    };
  }, [session, symbol, interval]);
  return live;
}

/** Active tickers, the whale board and funding rates, with a candle chart of the chosen symbol. */
export function Market({ session }: { session: Session }) {
  const overview = useAsync(() => execute(session.credentials, MarketOverviewDocument), [session]);
  const [symbol, setSymbol] = useState('BTCUSDT');
  const [interval, setChartInterval] = useState('1h');
  const candles = useAsync(() => loadCandles(session.credentials, symbol, interval), [symbol, interval]);
  const live = useLiveMarket(session, symbol, interval);
  const symbols = overview.data?.activeTickers.map((ticker) => ticker.symbol) ?? [];
  const funding = [...(overview.data?.fundingRates ?? [])].sort((a, b) => Math.abs(Number(b.fundingRate)) - Math.abs(Number(a.fundingRate)));

  return (
    <section aria-labelledby="market-title">
      <h2 id="market-title">Market</h2>
      <div class="panel">
        <form class="inline-form" onSubmit={(event) => event.preventDefault()}>
          <div class="field">
            <label for="chart-symbol">Symbol</label>
            <select id="chart-symbol" value={symbol} onChange={(event) => setSymbol(event.currentTarget.value)}>
              {(symbols.includes(symbol) ? symbols : [symbol, ...symbols]).map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="chart-interval">Interval</label>
            <select id="chart-interval" value={interval} onChange={(event) => setChartInterval(event.currentTarget.value)}>
              {INTERVALS.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </div>
        </form>
        <ErrorMessage>{candles.error}</ErrorMessage>
        <p class="live-price" data-testid="mark-price">
          {live.markPrice
            ? `Mark price ${formatDecimal(live.markPrice.markPrice, 6)}, funding ${formatPercent(live.markPrice.fundingRate, 4)} (live)`
            : 'Waiting for the live mark price…'}
        </p>
        <ErrorMessage>{live.error}</ErrorMessage>
        {candles.data && <CandleChart testId="market-candles" label={`${symbol} ${interval} candles`} candles={candles.data} live={live.candle} />}
      </div>
      {overview.loading && !overview.data && <Loading what="market data" />}
      <ErrorMessage>{overview.error}</ErrorMessage>
      {overview.data && (
        <div class="grid">
          <PagedTable
            caption="Active tickers (24 h quote volume)"
            rows={overview.data.activeTickers}
            rowKey={(row) => row.symbol}
            columns={[
              { label: 'Symbol', value: (row) => row.symbol },
              { label: 'Last price', value: (row) => formatDecimal(row.lastPrice, 6), numeric: true },
              { label: 'Change', value: (row) => `${formatDecimal(row.priceChangePercent)}%`, numeric: true },
              { label: 'Quote volume', value: (row) => formatDecimal(row.quoteVolume, 0), numeric: true },
            ]}
          />
          <PagedTable
            caption={`Whale board (${formatTime(overview.data.whaleBoard.generatedAt)} UTC)`}
            rows={overview.data.whaleBoard.rows}
            rowKey={(row) => row.symbol}
            columns={[
              { label: 'Symbol', value: (row) => row.symbol },
              { label: 'Whale long/short', value: (row) => formatDecimal(row.whaleLongShort, 4), numeric: true },
              { label: 'Score', value: (row) => formatDecimal(row.score, 4), numeric: true },
              { label: 'Quote volume', value: (row) => formatDecimal(row.quoteVolume, 0), numeric: true },
            ]}
          />
          <PagedTable
            caption="Funding rates (largest first)"
            rows={funding}
            rowKey={(row) => row.symbol}
            columns={[
              { label: 'Symbol', value: (row) => row.symbol },
              { label: 'Funding rate', value: (row) => formatPercent(row.fundingRate, 4), numeric: true },
              { label: 'Mark price', value: (row) => formatDecimal(row.markPrice, 6), numeric: true },
              { label: 'Next funding', value: (row) => formatTime(row.nextFundingTime) },
            ]}
          />
        </div>
      )}
    </section>
  );
}
