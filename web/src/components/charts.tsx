import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { TimeBandsPrimitive, type TimeBand } from './time-bands';

/** Chart time: Unix seconds (lightweight-charts' UTCTimestamp). */
export type ChartTime = UTCTimestamp;

export function chartTime(value: string | number): ChartTime {
  return Math.floor(new Date(value).getTime() / 1000) as ChartTime;
}

export interface LinePoint {
  time: ChartTime;
  value: number;
}

export interface Candle {
  time: ChartTime;
  open: number;
  high: number;
  low: number;
  close: number;
}

export type TradeMarker = SeriesMarker<Time>;

/**
 * One lightweight-charts chart in a labelled figure: `draw` adds the series
 * to a fresh chart whenever `deps` change. `data-points` on the figure tells
 * tests (and curious readers of the DOM) how much was drawn.
 */
function useChart(draw: (chart: IChartApi) => void, deps: unknown[]) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return undefined;
    const chart = createChart(container.current, {
      autoSize: true,
      // The logo would sit over the line on a narrow screen; the licence's notice and link are in the page's footer (ChartAttribution).
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#cbd5e1', fontFamily: 'inherit', attributionLogo: false },
      grid: { vertLines: { color: '#1e293b' }, horzLines: { color: '#1e293b' } },
      timeScale: { timeVisible: true, borderColor: '#334155' },
      rightPriceScale: { borderColor: '#334155' },
    });
    draw(chart);
    // The whole range, at every width: fitted again when the chart's box changes (a phone's first layout, a rotation),
    // two frames later, once the chart has taken its new size (its own autoSize observer runs in between).
    let frame = 0;
    const fit = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => chart.timeScale().fitContent())));
    });
    fit.observe(container.current);
    // How many bars show, beside `data-points` on the figure: a reader (or a test) sees whether the whole range fits.
    const element = container.current;
    chart.timeScale().subscribeVisibleLogicalRangeChange((range) => {
      if (range) element.dataset.visibleBars = String(Math.round(range.to - range.from) + 1);
    });
    return () => {
      fit.disconnect();
      cancelAnimationFrame(frame);
      chart.remove();
    };
  }, deps);
  return container;
}

interface ChartFrameProps {
  label: string;
  points: number;
  summary: string;
  chartRef: RefObject<HTMLDivElement>;
  testId: string;
  bands?: number;
}

function ChartFrame({ label, points, summary, chartRef, testId, bands }: ChartFrameProps) {
  return (
    <figure class="chart" data-testid={testId} data-points={points} data-bands={bands}>
      <figcaption>{label}</figcaption>
      <div class="chart-canvas" ref={chartRef} role="img" aria-label={`${label}: ${summary}`} />
    </figure>
  );
}

export function LineChart({
  label,
  points,
  color,
  area,
  bands = [],
  bandColor = 'rgba(239, 68, 68, 0.18)',
  testId,
}: {
  label: string;
  points: LinePoint[];
  color: string;
  area?: boolean;
  /** Stretches shaded behind the line, in `bandColor`. */
  bands?: TimeBand[];
  bandColor?: string;
  testId: string;
}) {
  const chartRef = useChart(
    (chart) => {
      const series = area
        ? chart.addSeries(AreaSeries, { lineColor: color, topColor: `${color}00`, bottomColor: `${color}66`, lineWidth: 2, invertFilledArea: true })
        : chart.addSeries(LineSeries, { color, lineWidth: 2 });
      series.setData(points);
      if (bands.length > 0) series.attachPrimitive(new TimeBandsPrimitive(bands, bandColor));
    },
    [points, color, area, bands, bandColor],
  );
  const last = points[points.length - 1];
  const summary = last ? `${points.length} points, last ${last.value.toFixed(2)}${bands.length ? `, ${bands.length} shaded periods` : ''}` : 'no data';
  return <ChartFrame label={label} points={points.length} summary={summary} chartRef={chartRef} testId={testId} bands={bands.length || undefined} />;
}

export function CandleChart({
  label,
  candles,
  markers = [],
  live,
  testId,
}: {
  label: string;
  candles: Candle[];
  markers?: TradeMarker[];
  /** The forming candle from a live subscription: drawn over the last bar, or as a new one. */
  live?: Candle;
  testId: string;
}) {
  const series = useRef<ISeriesApi<'Candlestick'>>();
  const chartRef = useChart(
    (chart) => {
      series.current = chart.addSeries(CandlestickSeries, {
        upColor: '#22c55e',
        downColor: '#ef4444',
        borderVisible: false,
        wickUpColor: '#22c55e',
        wickDownColor: '#ef4444',
      });
      series.current.setData(candles);
      if (markers.length > 0) createSeriesMarkers(series.current, markers);
    },
    [candles, markers],
  );
  const lastLoaded = candles[candles.length - 1];
  useEffect(() => {
    // The chart refuses a bar older than its last one (a late update from before a reload).
    if (live && (!lastLoaded || live.time >= lastLoaded.time)) series.current?.update(live);
  }, [live, candles]);
  const last = live ?? lastLoaded;
  const summary = last ? `${candles.length} candles, last close ${last.close}${markers.length ? `, ${markers.length} trade markers` : ''}` : 'no data';
  return <ChartFrame label={label} points={candles.length} summary={summary} chartRef={chartRef} testId={testId} />;
}
