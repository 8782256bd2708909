import { useMemo } from 'preact/hooks';
import type { Credentials } from '../api/credentials';
import { TIMEFRAME_MS, loadCandles, wireTimeframe } from '../api/klines';
import { CandleChart, chartTime, LineChart, type LinePoint, type TradeMarker } from '../components/charts';
import { formatDecimal, formatPrice, formatTime } from '../components/format';
import { formatMetricOf, metricLabel } from '../components/metrics';
import { ErrorMessage } from '../components/messages';
import { PagedTable } from '../components/paged-table';
import { useAsync } from '../components/use-async';
import type { BacktestJobResultQuery } from '../graphql/generated';

type Job = BacktestJobResultQuery['backtestJob'];
type Result = NonNullable<Job['result']>;
type Trade = NonNullable<Result['trades']>[number];

/** Drawdown at each point: percent below the highest equity so far (0 at a new high). */
export function drawdownCurve(equity: LinePoint[]): LinePoint[] {
  let peak = -Infinity;
  return equity.map(({ time, value }) => {
    peak = Math.max(peak, value);
    return { time, value: peak > 0 ? (value / peak - 1) * 100 : 0 };
  });
}

/** An entry arrow and an exit circle per trade, on the bar that holds the trade's time. */
function tradeMarkers(trades: Trade[], symbol: string, timeframe: string): TradeMarker[] {
  const step = TIMEFRAME_MS[timeframe] ?? 3_600_000;
  const bar = (time: string) => chartTime(Math.floor(new Date(time).getTime() / step) * step);
  return trades
    .filter((trade) => trade.symbol === symbol)
    .flatMap((trade): TradeMarker[] => {
      const long = trade.side.toLowerCase() === 'long';
      return [
        {
          time: bar(trade.entryTime),
          position: long ? 'belowBar' : 'aboveBar',
          shape: long ? 'arrowUp' : 'arrowDown',
          color: '#38bdf8',
          text: long ? 'Long' : 'Short',
        },
        {
          time: bar(trade.exitTime),
          position: long ? 'aboveBar' : 'belowBar',
          shape: 'circle',
          color: Number(trade.pnl) >= 0 ? '#22c55e' : '#ef4444',
          text: 'Exit',
        },
      ];
    })
    .sort((a, b) => Number(a.time) - Number(b.time));
}

/** Metrics, equity and drawdown, the candles of the first symbol with the trades marked, and the trades in pages. */
export function BacktestResult({ job, credentials }: { job: Job; credentials: Credentials }) {
  const result = job.result;
  const equity = useMemo(() => (result?.equityCurve ?? []).map((point) => ({ time: chartTime(point.time), value: Number(point.equity) })), [result]);
  const drawdown = useMemo(() => drawdownCurve(equity), [equity]);
  const symbol = job.config.symbols[0] ?? '';
  const trades = result?.trades ?? [];
  const timeframe = wireTimeframe(job.config.timeframe);
  const markers = useMemo(() => tradeMarkers(trades, symbol, timeframe), [trades, symbol, timeframe]);
  const candles = useAsync(
    () => loadCandles(credentials, symbol, timeframe, { start: new Date(job.config.start).getTime(), end: new Date(job.config.end).getTime() }),
    [job.id],
  );
  if (!result) return null;

  return (
    <section class="result" aria-labelledby="result-title">
      <h3 id="result-title">
        Result of {job.id} ({job.config.templateId} on {job.config.symbols.join(', ')}, {timeframe})
      </h3>
      <dl class="metrics" data-testid="metrics">
        {Object.entries(result.metrics).map(([name]) => (
          <div key={name}>
            <dt>{metricLabel(name)}</dt>
            <dd>{formatMetricOf(result.metrics, name)}</dd>
          </div>
        ))}
      </dl>
      <div class="grid charts">
        <LineChart testId="equity-chart" label="Equity" points={equity} color="#38bdf8" />
        <LineChart testId="drawdown-chart" label="Drawdown of the daily equity (%); max drawdown above is per bar" points={drawdown} color="#ef4444" area />
      </div>
      <ErrorMessage>{candles.error}</ErrorMessage>
      {candles.data && <CandleChart testId="trade-candles" label={`${symbol} candles with the trades`} candles={candles.data} markers={markers} />}
      <PagedTable
        caption={`Trades (${trades.length})`}
        rows={trades}
        rowKey={(trade) => trade.id}
        pageSize={20}
        csvName={`${job.id}-trades.csv`}
        empty="No trades in this range."
        columns={[
          { label: 'Id', value: (trade) => trade.id, numeric: true },
          { label: 'Symbol', value: (trade) => trade.symbol },
          { label: 'Side', value: (trade) => trade.side },
          { label: 'Entry time', value: (trade) => trade.entryTime, render: (trade) => formatTime(trade.entryTime) },
          { label: 'Entry price', value: (trade) => trade.entryPrice, numeric: true, render: (trade) => formatPrice(trade.entryPrice) },
          { label: 'Exit time', value: (trade) => trade.exitTime, render: (trade) => formatTime(trade.exitTime) },
          { label: 'Exit price', value: (trade) => trade.exitPrice, numeric: true, render: (trade) => formatPrice(trade.exitPrice) },
          { label: 'Qty', value: (trade) => trade.qty, numeric: true },
          { label: 'PnL', value: (trade) => trade.pnl, numeric: true, render: (trade) => formatDecimal(trade.pnl) },
          { label: 'Fee', value: (trade) => trade.fee, numeric: true, render: (trade) => formatDecimal(trade.fee, 4) },
        ]}
      />
    </section>
  );
}
