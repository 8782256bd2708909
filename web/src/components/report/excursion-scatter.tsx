import { formatDecimal, formatPercent } from '../format';
import { EXIT_STYLES } from './exit-reasons';
import type { Trade } from './report-types';

const WIDTH = 480;
const HEIGHT = 300;
const PAD = { left: 56, right: 16, top: 14, bottom: 40 };

/**
 * Each trade's maximum adverse (x, ≤ 0) against its maximum favourable
 * excursion (y, ≥ 0), as fractions of its entry price: stops too tight show
 * as losers bunched at one x, exits too early as winners far below their y.
 * Coloured by exit reason; a winner is filled, a loser hollow.
 */
export function ExcursionScatter({ trades }: { trades: Trade[] }) {
  const low = Math.min(-0.001, ...trades.map((trade) => Number(trade.mae)));
  const high = Math.max(0.001, ...trades.map((trade) => Number(trade.mfe)));
  const x = (mae: number) => PAD.left + ((mae - low) / -low) * (WIDTH - PAD.left - PAD.right);
  const y = (mfe: number) => HEIGHT - PAD.bottom - (mfe / high) * (HEIGHT - PAD.top - PAD.bottom);
  const label = `Maximum adverse against maximum favourable excursion of ${trades.length} trades`;
  return (
    <figure class="chart scatter" data-testid="excursion-scatter" data-points={trades.length}>
      <figcaption>MAE / MFE of each trade (% of the entry price; filled: pnl &gt; 0)</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        <g class="axes">
          <line x1={PAD.left} y1={y(0)} x2={x(0)} y2={y(0)} />
          <line x1={x(0)} y1={y(0)} x2={x(0)} y2={PAD.top} />
          <text x={PAD.left} y={HEIGHT - PAD.bottom + 16} text-anchor="start">
            {formatPercent(low)}
          </text>
          <text x={x(0)} y={HEIGHT - PAD.bottom + 16} text-anchor="end">
            0%
          </text>
          <text x={(PAD.left + x(0)) / 2} y={HEIGHT - 6} text-anchor="middle">
            MAE (adverse)
          </text>
          <text x={x(0) - 6} y={PAD.top + 10} text-anchor="end">
            {formatPercent(high)}
          </text>
          <text x={PAD.left - 6} y={(PAD.top + y(0)) / 2} text-anchor="end">
            MFE
          </text>
        </g>
        {trades.map((trade) => {
          const color = EXIT_STYLES[trade.exitReason].color;
          const won = Number(trade.pnl) > 0;
          return (
            <circle
              key={trade.id}
              class="trade-point"
              data-reason={trade.exitReason}
              cx={x(Number(trade.mae)).toFixed(1)}
              cy={y(Number(trade.mfe)).toFixed(1)}
              r="4"
              fill={won ? color : 'none'}
              stroke={color}
              stroke-width="1.5"
            >
              <title>
                {`Trade ${trade.id} (${EXIT_STYLES[trade.exitReason].label}): MAE ${formatPercent(trade.mae)}, MFE ${formatPercent(trade.mfe)}, pnl ${formatDecimal(trade.pnl)}`}
              </title>
            </circle>
          );
        })}
      </svg>
    </figure>
  );
}
