import { useMemo } from 'preact/hooks';
import type { Credentials } from '../api/credentials';
import { loadCandles, wireTimeframe } from '../api/klines';
import { CandleChart, chartTime, LineChart, type LinePoint } from '../components/charts';
import { formatDecimal, formatPercent, formatPrice, formatTime } from '../components/format';
import { formatMetricOf, metricLabel } from '../components/metrics';
import { ErrorMessage } from '../components/messages';
import { PagedTable } from '../components/paged-table';
import { CsvDownloads } from '../components/report/csv-downloads';
import { drawdownBands, DrawdownTable } from '../components/report/drawdown-periods';
import { EXIT_STYLES } from '../components/report/exit-reasons';
import { ExcursionScatter } from '../components/report/excursion-scatter';
import { ExitReasonTable } from '../components/report/exit-reason-table';
import { MarkerLegend } from '../components/report/marker-legend';
import { MonthlyReturns } from '../components/report/monthly-returns';
import '../components/report/report.css';
import type { Job } from '../components/report/report-types';
import { SummaryCards } from '../components/report/summary-cards';
import { SymbolTable } from '../components/report/symbol-table';
import { tradeMarkers } from '../components/report/trade-markers';
import { useAsync } from '../components/use-async';

/** Drawdown at each point: percent below the highest equity so far (0 at a new high). */
export function drawdownCurve(equity: LinePoint[]): LinePoint[] {
  let peak = -Infinity;
  return equity.map(({ time, value }) => {
    peak = Math.max(peak, value);
    return { time, value: peak > 0 ? (value / peak - 1) * 100 : 0 };
  });
}

/**
 * A done job: its metrics, the report (contract §18: summary with the
 * benchmark, drawdown periods shaded and listed, monthly returns, exits by
 * reason, excursions, per symbol), the candles of the first symbol with the
 * trades marked by exit reason, the trades in pages and the CSV downloads.
 */
export function BacktestResult({ job, credentials }: { job: Job; credentials: Credentials }) {
  const result = job.result;
  const report = result?.report;
  const equityCurve = result?.equityCurve ?? [];
  const lastTime = equityCurve[equityCurve.length - 1]?.time ?? job.config.end;
  const equity = useMemo(() => equityCurve.map((point) => ({ time: chartTime(point.time), value: Number(point.equity) })), [result]);
  const drawdown = useMemo(() => drawdownCurve(equity), [equity]);
  const bands = useMemo(() => drawdownBands(report?.drawdowns ?? [], lastTime), [result]);
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
    <section class="result report" aria-labelledby="result-title">
      <h3 id="result-title">
        Result of {job.id} ({job.config.templateId} on {job.config.symbols.join(', ')}, {timeframe})
      </h3>
      <CsvDownloads jobId={job.id} credentials={credentials} />
      <dl class="metrics" data-testid="metrics">
        {Object.entries(result.metrics).map(([name]) => (
          <div key={name}>
            <dt>{metricLabel(name)}</dt>
            <dd>{formatMetricOf(result.metrics, name)}</dd>
          </div>
        ))}
      </dl>
      {report && <SummaryCards summary={report.summary} drawdowns={report.drawdowns} lastTime={lastTime} />}
      <div class="grid charts">
        <LineChart testId="equity-chart" label="Equity (daily; the deepest drawdowns shaded)" points={equity} color="#38bdf8" bands={bands} />
        <LineChart testId="drawdown-chart" label="Drawdown of the daily equity (%); max drawdown above is per bar" points={drawdown} color="#ef4444" area />
      </div>
      {report && (
        <>
          <DrawdownTable drawdowns={report.drawdowns} lastTime={lastTime} />
          <MonthlyReturns months={report.monthlyReturns} />
        </>
      )}
      <ErrorMessage>{candles.error}</ErrorMessage>
      {candles.data && (
        <>
          <CandleChart testId="trade-candles" label={`${symbol} candles with the trades, exits marked by reason`} candles={candles.data} markers={markers} />
          <MarkerLegend trades={trades} symbol={symbol} />
        </>
      )}
      <div class="grid">
        <ExitReasonTable trades={trades} />
        <ExcursionScatter trades={trades} />
      </div>
      {report && <SymbolTable rows={report.perSymbol} />}
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
          { label: 'Exit reason', value: (trade) => trade.exitReason, render: (trade) => EXIT_STYLES[trade.exitReason].label },
          { label: 'MAE', value: (trade) => trade.mae, numeric: true, render: (trade) => formatPercent(trade.mae) },
          { label: 'MFE', value: (trade) => trade.mfe, numeric: true, render: (trade) => formatPercent(trade.mfe) },
        ]}
      />
    </section>
  );
}
