import { chartTime } from '../charts';
import { formatDecimal, formatPercent, formatTime } from '../format';
import { PagedTable } from '../paged-table';
import type { TimeBand } from '../time-bands';
import type { Drawdown } from './report-types';

const DAY_MS = 86_400_000;

/** The end of a drawdown: its recovery, or the curve's last point while it has not recovered. */
function endOf(drawdown: Drawdown, lastTime: string): string {
  return drawdown.recoveryTime ?? lastTime;
}

const days = (from: string, to: string) => (new Date(to).getTime() - new Date(from).getTime()) / DAY_MS;

export function formatDays(count: number): string {
  return `${formatDecimal(count, 1)} d`;
}

/** How long each drawdown lasted, peak to recovery (or to the curve's end), in days. */
export function drawdownDays(drawdown: Drawdown, lastTime: string): number {
  return days(drawdown.peakTime, endOf(drawdown, lastTime));
}

/** The periods to shade on the equity chart. */
export function drawdownBands(drawdowns: Drawdown[], lastTime: string): TimeBand[] {
  return drawdowns.map((drawdown) => ({ from: chartTime(drawdown.peakTime), to: chartTime(endOf(drawdown, lastTime)) }));
}

/** Report §18's deepest drawdowns of the daily curve, deepest first, with their dates and durations. */
export function DrawdownTable({ drawdowns, lastTime }: { drawdowns: Drawdown[]; lastTime: string }) {
  return (
    <PagedTable
      caption={`Deepest drawdowns of the daily equity (${drawdowns.length})`}
      rows={drawdowns}
      rowKey={(drawdown) => drawdown.peakTime}
      empty="The daily equity never fell below an earlier high."
      columns={[
        { label: 'Peak', value: (drawdown) => drawdown.peakTime, render: (drawdown) => formatTime(drawdown.peakTime) },
        { label: 'Trough', value: (drawdown) => drawdown.troughTime, render: (drawdown) => formatTime(drawdown.troughTime) },
        {
          label: 'Recovery',
          value: (drawdown) => drawdown.recoveryTime ?? '',
          render: (drawdown) => (drawdown.recoveryTime ? formatTime(drawdown.recoveryTime) : 'not recovered'),
        },
        { label: 'Depth', value: (drawdown) => drawdown.depth, numeric: true, render: (drawdown) => formatPercent(drawdown.depth) },
        {
          label: 'Peak to trough',
          value: (drawdown) => days(drawdown.peakTime, drawdown.troughTime),
          numeric: true,
          render: (drawdown) => formatDays(days(drawdown.peakTime, drawdown.troughTime)),
        },
        {
          label: 'Duration',
          value: (drawdown) => drawdownDays(drawdown, lastTime),
          numeric: true,
          render: (drawdown) => `${formatDays(drawdownDays(drawdown, lastTime))}${drawdown.recoveryTime ? '' : ' so far'}`,
        },
      ]}
    />
  );
}
