import { formatPercent } from '../format';
import type { Report } from './report-types';

type MonthlyReturn = Report['monthlyReturns'][number];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Green for a gain, red for a loss, stronger as the month's return nears the largest of the run (either sign). */
function background(value: number, largest: number): string {
  const strength = largest > 0 ? 0.15 + 0.6 * Math.min(1, Math.abs(value) / largest) : 0.15;
  return value >= 0 ? `rgba(34, 197, 94, ${strength.toFixed(3)})` : `rgba(239, 68, 68, ${strength.toFixed(3)})`;
}

/** Report §18's monthly returns as a table of years (rows) by months (columns), each cell coloured by its sign and size. */
export function MonthlyReturns({ months }: { months: MonthlyReturn[] }) {
  const byMonth = new Map(months.map((month) => [month.month, month.return]));
  const years = [...new Set(months.map((month) => month.month.slice(0, 4)))].sort();
  const largest = Math.max(0, ...months.map((month) => Math.abs(Number(month.return))));
  return (
    <div class="table-block">
      <div class="table-scroll" role="region" aria-label="Monthly returns" tabIndex={0}>
        <table class="heatmap monthly-returns" data-testid="monthly-returns" data-cells={months.length}>
          <caption>Monthly returns (UTC months, of the daily equity)</caption>
          <thead>
            <tr>
              <th scope="col">Year</th>
              {MONTHS.map((name) => (
                <th scope="col" class="numeric" key={name}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {years.map((year) => (
              <tr key={year}>
                <th scope="row">{year}</th>
                {MONTHS.map((name, index) => {
                  const month = `${year}-${String(index + 1).padStart(2, '0')}`;
                  const value = byMonth.get(month);
                  if (value === undefined) return <td key={month} class="cell empty" />;
                  return (
                    <td
                      key={month}
                      class="cell"
                      data-month={month}
                      data-value={value}
                      title={`${name} ${year}: ${formatPercent(value)}`}
                      style={{ background: background(Number(value), largest) }}
                    >
                      {formatPercent(value)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
