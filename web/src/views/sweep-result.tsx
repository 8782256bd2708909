import { useMemo, useState } from 'preact/hooks';
import { wireTimeframe } from '../api/klines';
import { formatMetric, metricField, metricLabel } from '../components/metrics';
import { PagedTable, type Column } from '../components/paged-table';
import { SweepSelection } from '../components/report/sweep-selection';
import type { SweepFieldsFragment } from '../graphql/generated';

type Row = NonNullable<NonNullable<SweepFieldsFragment['result']>['rows']>[number];
type Metrics = Row['metrics'];
type MetricName = Exclude<keyof Metrics, '__typename'>;

const METRIC_NAMES: MetricName[] = [
  'sharpe',
  'sortino',
  'calmar',
  'maxDrawdown',
  'winRate',
  'profitFactor',
  'cagr',
  'expectedValue',
  'totalTrades',
  'avgTradeDurationSeconds',
];
const LEADERBOARD_METRICS: MetricName[] = ['sharpe', 'cagr', 'maxDrawdown', 'winRate', 'profitFactor', 'totalTrades'];

/** A sequential scale (viridis stops) from the lowest value to the highest; it says "low" or "high", not "good" or "bad". */
const SCALE = ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'];

function colourAt(fraction: number): string {
  const position = Math.min(1, Math.max(0, fraction)) * (SCALE.length - 1);
  const index = Math.min(SCALE.length - 2, Math.floor(position));
  const mix = position - index;
  const channels = (hex: string) => [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  const low = channels(SCALE[index]);
  const high = channels(SCALE[index + 1]);
  return `rgb(${low.map((channel, at) => Math.round(channel + (high[at] - channel) * mix)).join(', ')})`;
}

const paramText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The distinct values of each param among the rows, in ascending order for numbers. */
function paramValues(rows: Row[]): Map<string, unknown[]> {
  const values = new Map<string, Map<string, unknown>>();
  for (const row of rows)
    for (const [name, value] of Object.entries(row.params)) {
      if (!values.has(name)) values.set(name, new Map());
      values.get(name)!.set(paramText(value), value);
    }
  return new Map(
    [...values].map(([name, distinct]) => {
      const list = [...distinct.values()];
      return [name, list.every((value) => typeof value === 'number') ? list.sort((a, b) => a - b) : list];
    }),
  );
}

/** The params the rows vary, in the order the rows list them. */
function sweptParams(values: Map<string, unknown[]>): string[] {
  return [...values].filter(([, list]) => list.length > 1).map(([name]) => name);
}

interface Cell {
  row?: Row;
  rank?: number;
  x: unknown;
  y: unknown;
}

/**
 * Two swept params as the axes of a table whose cells show the chosen
 * metric as text and as colour; each cell is focusable and named for screen
 * readers, and the one under the pointer or focus is read out below.
 */
function Heatmap({ sweep, rows, values: axes, params }: { sweep: SweepFieldsFragment; rows: Row[]; values: Map<string, unknown[]>; params: string[] }) {
  const [xName, setXName] = useState(params[0]);
  const [yName, setYName] = useState(params[1]);
  const [metric, setMetric] = useState<MetricName>(() => {
    const objective = metricField(sweep.config.objective);
    return METRIC_NAMES.find((name) => name === objective) ?? 'sharpe';
  });
  const [pointed, setPointed] = useState<string>();
  const xs = axes.get(xName) ?? [];
  const ys = axes.get(yName) ?? [];
  // Rows are sorted by the objective, so the first match of a cell is the best over the params not on the axes.
  const grid: Cell[][] = ys.map((y) =>
    xs.map((x) => {
      const rank = rows.findIndex((row) => paramText(row.params[xName]) === paramText(x) && paramText(row.params[yName]) === paramText(y));
      return { x, y, row: rows[rank], rank: rank >= 0 ? rank + 1 : undefined };
    }),
  );
  const values = grid.flat().flatMap((cell) => (cell.row ? [Number(cell.row.metrics[metric])] : []));
  const low = Math.min(...values);
  const high = Math.max(...values);
  const describe = (cell: Cell) =>
    `${xName} ${paramText(cell.x)}, ${yName} ${paramText(cell.y)}: ` +
    (cell.row ? `${metricLabel(metric)} ${formatMetric(metric, cell.row.metrics[metric])}, rank ${cell.rank}` : 'not in the leaderboard');
  const select = (id: string, label: string, value: string, options: string[], onChange: (value: string) => void) => (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {METRIC_NAMES.includes(option as MetricName) ? metricLabel(option) : option}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section class="heatmap-block" aria-labelledby="heatmap-title">
      <h4 id="heatmap-title">Heatmap</h4>
      <div class="form-grid">
        {select('heatmap-x', 'Columns (parameter)', xName, params, setXName)}
        {select('heatmap-y', 'Rows (parameter)', yName, params, setYName)}
        {select('heatmap-metric', 'Colour (metric)', metric, METRIC_NAMES, (value) => setMetric(value as MetricName))}
      </div>
      <div class="table-scroll" role="region" aria-label="Heatmap" tabIndex={0}>
        <table class="heatmap" data-testid="sweep-heatmap" data-cells={values.length}>
          <caption>
            {metricLabel(metric)} by {yName} (rows) and {xName} (columns)
            {params.length > 2 ? ', the best over the other params' : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">
                {yName} \ {xName}
              </th>
              {xs.map((x) => (
                <th scope="col" class="numeric" key={paramText(x)}>
                  {paramText(x)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.map((cells, rowIndex) => (
              <tr key={paramText(ys[rowIndex])}>
                <th scope="row" class="numeric">
                  {paramText(ys[rowIndex])}
                </th>
                {cells.map((cell) => {
                  const value = cell.row ? Number(cell.row.metrics[metric]) : undefined;
                  const fraction = value === undefined || high === low ? 0.5 : (value - low) / (high - low);
                  const text = describe(cell);
                  return (
                    <td
                      key={paramText(cell.x)}
                      class={cell.row ? 'cell' : 'cell empty'}
                      tabIndex={0}
                      title={text}
                      aria-label={text}
                      style={cell.row ? { background: colourAt(fraction), color: fraction > 0.6 ? '#0f172a' : '#f8fafc' } : undefined}
                      onMouseEnter={() => setPointed(text)}
                      onFocus={() => setPointed(text)}
                    >
                      {cell.row ? formatMetric(metric, cell.row.metrics[metric]) : '–'}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p class="heatmap-legend">
        <span>low {values.length ? formatMetric(metric, low) : ''}</span>
        <span class="scale" aria-hidden="true" style={{ background: `linear-gradient(to right, ${SCALE.join(', ')})` }} />
        <span>high {values.length ? formatMetric(metric, high) : ''}</span>
      </p>
      <p role="status" data-testid="heatmap-pointed">
        {pointed ?? 'Point at or focus a cell to read it.'}
      </p>
    </section>
  );
}

/** The leaderboard so far (best first by the objective) with, once done, its deflated Sharpe ratio, and, when two or more params vary, the heatmap. */
export function SweepResult({ sweep }: { sweep: SweepFieldsFragment }) {
  const rows = sweep.result?.rows ?? [];
  const values = useMemo(() => paramValues(rows), [rows]);
  const params = sweptParams(values);
  const objective = metricField(sweep.config.objective);
  const metrics = [objective, ...LEADERBOARD_METRICS.filter((name) => name !== objective)] as MetricName[];
  const columns: Column<Row>[] = [
    { label: 'Rank', value: (row) => rows.indexOf(row) + 1, numeric: true },
    ...params.map((name): Column<Row> => ({ label: name, value: (row) => paramText(row.params[name]), numeric: true })),
    ...metrics.map((name): Column<Row> => ({
      label: metricLabel(name),
      value: (row) => row.metrics[name],
      render: (row) => formatMetric(name, row.metrics[name]),
      numeric: true,
    })),
  ];
  return (
    <section class="result" aria-labelledby="sweep-result-title">
      <h3 id="sweep-result-title">
        Sweep {sweep.id}: {sweep.config.templateId} on {sweep.config.symbols.join(', ')}, {wireTimeframe(sweep.config.timeframe)} ({sweep.combinations}{' '}
        combinations, {sweep.skipped} skipped)
      </h3>
      {sweep.result?.selection && <SweepSelection selection={sweep.result.selection} />}
      <PagedTable
        caption={`Leaderboard by ${metricLabel(objective)} (best ${rows.length})`}
        rows={rows}
        rowKey={(row) => JSON.stringify(row.params)}
        pageSize={10}
        csvName={`${sweep.id}-leaderboard.csv`}
        empty="No combination finished yet."
        columns={columns}
      />
      {params.length >= 2 && rows.length > 0 && <Heatmap key={sweep.id} sweep={sweep} rows={rows} values={values} params={params} />}
    </section>
  );
}
