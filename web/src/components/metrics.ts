import { formatDecimal, formatPercent, humanize } from './format';

/** How each contract §7 metric reads; a metric the API adds later shows under its field name, as a plain number. */
const METRICS: Record<string, { label: string; format(value: string | number): string }> = {
  sharpe: { label: 'Sharpe', format: (value) => formatDecimal(value, 4) },
  sortino: { label: 'Sortino', format: (value) => formatDecimal(value, 4) },
  calmar: { label: 'Calmar', format: (value) => formatDecimal(value, 4) },
  maxDrawdown: { label: 'Max drawdown (per bar)', format: (value) => formatPercent(value) },
  winRate: { label: 'Win rate', format: (value) => formatPercent(value) },
  profitFactor: { label: 'Profit factor', format: (value) => formatDecimal(value, 4) },
  cagr: { label: 'CAGR', format: (value) => formatPercent(value) },
  expectedValue: { label: 'Expected value per trade', format: (value) => formatDecimal(value, 4) },
  totalTrades: { label: 'Trades', format: (value) => String(value) },
  avgTradeDurationSeconds: { label: 'Average trade duration', format: (value) => `${formatDecimal(Number(value) / 3600, 1)} h` },
};

/** The GraphQL field of a metric the REST edge and sweep objectives name in snake_case (`max_drawdown` → `maxDrawdown`). */
export function metricField(name: string): string {
  return name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

export function metricLabel(field: string): string {
  return METRICS[field]?.label ?? humanize(field);
}

export function formatMetric(field: string, value: string | number): string {
  return METRICS[field]?.format(value) ?? formatDecimal(value, 4);
}

/** Metrics that describe trades: with no trade there is nothing to measure, whatever number the API sends (a win rate of 0 %). */
const MEASURED_ON_TRADES = new Set(['winRate', 'profitFactor', 'expectedValue', 'avgTradeDurationSeconds']);

/** A metric shown from a full set of metrics: "–" for a trade metric when there was no trade. */
export function formatMetricOf(metrics: Readonly<Record<string, string | number>>, field: string): string {
  const value = metrics[field];
  if (value === undefined || (MEASURED_ON_TRADES.has(field) && Number(metrics.totalTrades) === 0)) return '–';
  return formatMetric(field, value);
}

/** A trade statistic, "–" when there was no trade. */
export function formatTradeStat(totalTrades: number, format: () => string): string {
  return totalTrades === 0 ? '–' : format();
}
